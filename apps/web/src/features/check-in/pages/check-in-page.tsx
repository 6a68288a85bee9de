import { groupShortCode } from '@excursio/contract/tickets';
import { Alert, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconScan } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { errorMessages } from '../../../lib/api/errors.ts';
import { useCheckInCodeMutation, useLazyLookUpTicketQuery, useTicketKeysQuery } from '../../../lib/api/tickets.api.ts';
import { useAppSelector } from '../../../lib/store/hooks.ts';
import { CameraScan, cameraScanSupported } from '../components/camera-scan.tsx';
import { ConnectionStatus } from '../components/connection-status.tsx';
import { OfflineTicket } from '../components/offline-ticket.tsx';
import { SyncReport } from '../components/sync-report.tsx';
import { TicketResult } from '../components/ticket-result.tsx';
import { checkInStore } from '../offline/check-in-store.ts';
import { checkLocally, type LocalVerdict, localCheckIn } from '../offline/local-check.ts';
import { keepPageForOffline } from '../offline/offline-page.ts';
import { useOfflineCheckIn } from '../offline/use-offline-check-in.ts';

type Ticket = Extract<LocalVerdict, { kind: 'ticket' }>;

/** The first error code of an API error (`not_a_ticket`), if it has one. */
const errorCodeOf = (error: unknown) =>
  (error as { data?: { errors?: { code?: string }[] } } | null)?.data?.errors?.[0]?.code ?? null;

/**
 * `/bookings/check-in`: a guide scans a ticket (the camera where the browser reads QR codes, the
 * phone's camera app elsewhere — a ticket's address opens this page with its code) or types its
 * code, sees the party and checks it in with one tap. Offline by default: the day's list and the
 * organization's keys are kept on the phone, tickets are checked here, check-ins are queued on the
 * phone and synced whenever the network is there. A code that is not on today's list (another day's
 * ticket, or one booked since the list was downloaded) is asked of the server when online.
 */
export const CheckInPage = () => {
  const c = useOfflineCheckIn();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [tapped, setTapped] = useState<string | null>(null);
  const [serverCode, setServerCode] = useState<string | null>(null);
  const [signature, setSignature] = useState<'valid' | 'none'>('none');
  const keys = useTicketKeysQuery();
  const [scanning, setScanning] = useState(false);
  const [canScan] = useState(cameraScanSupported);
  const [lookup, found] = useLazyLookUpTicketQuery();
  const [checkInOnline, checking] = useCheckInCodeMutation();
  const input = useRef<HTMLInputElement>(null);

  const user = useAppSelector((state) => state.user.user);
  const appInfo = useAppSelector((state) => state.appInfo.appInfo);

  // Next time, this page opens even with no network (a reload, a tab the phone discarded).
  useEffect(() => {
    if (user && appInfo) void keepPageForOffline(user, appInfo);
  }, [user, appInfo]);

  const open = async (scanned: string) => {
    setScanning(false);
    setTicket(null);
    setTapped(null);
    setServerCode(null);
    setProblem(null);
    checking.reset();
    // Keys verify tickets whatever day the list on the phone is for (and before any list, online, the served keys).
    const kept = checkInStore.get().manifest?.keys ?? [];
    const served = kept.length ? [] : (keys.data?.keys ?? (navigator.onLine ? ((await keys.refetch()).data?.keys ?? []) : []));
    const verdict = await checkLocally(scanned, { keys: [...kept, ...served], bookings: c.manifest?.bookings ?? [] });
    const online = navigator.onLine;
    if (verdict.kind === 'ticket' && (verdict.booking || !online)) setTicket(verdict);
    else if (verdict.kind === 'ticket' || verdict.kind === 'unknown') {
      // Not on today's list: another day's ticket, or booked since the list was downloaded. Asked of the server.
      if (online) {
        setSignature(verdict.kind === 'ticket' ? 'valid' : 'none');
        setServerCode(verdict.code);
        lookup(verdict.code);
      } else {
        setProblem(
          'This code is not on today’s list on this phone, and the phone is offline. Scan its QR code (checked by its signature), or try again when online.',
        );
      }
    } else setProblem(verdict.message);
  };
  const latest = useRef(open);
  latest.current = open;
  const openScanned = useCallback((scanned: string) => latest.current(scanned), []);

  // Opened from a ticket's address (`?code=…`, the token in the fragment): checked once.
  const fromAddress = params.get('code');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!fromAddress || handled.current === fromAddress) return;
    handled.current = fromAddress;
    const hash = window.location.hash.slice(1);
    setText(groupShortCode(fromAddress));
    openScanned(`/api/o/${fromAddress}/${hash ? `#${hash}` : ''}`);
    setParams({}, { replace: true });
  }, [fromAddress, openScanned, setParams]);

  const next = () => {
    setTicket(null);
    setServerCode(null);
    setText('');
    setProblem(null);
    checking.reset();
    input.current?.focus();
  };

  // The ticket's booking as the latest list says (others check in too), and this phone's check-ins of it.
  const bookingId = ticket?.booking?.booking_id ?? ticket?.claims?.booking_id ?? null;
  const live = ticket
    ? { ...ticket, booking: c.manifest?.bookings.find((b) => b.booking_id === bookingId) ?? ticket.booking }
    : null;
  const ofTicket = (q: { code: string; booking_id: string | null }) =>
    q.code === ticket?.code || (bookingId !== null && q.booking_id === bookingId);
  const justNow =
    (tapped && (c.queue.find((q) => q.client_event_id === tapped) ?? c.synced.find((s) => s.client_event_id === tapped))) || null;
  const before = [...c.queue, ...c.synced.filter((s) => s.result.result === 'checked_in')].filter(ofTicket);
  const decision = live ? localCheckIn(live, before, new Date()) : null;

  const lookupFailed = serverCode && found.error && found.originalArgs === serverCode ? found.error : null;
  const notATicket = errorCodeOf(lookupFailed) === 'not_a_ticket';
  const lookupError = lookupFailed && !notATicket ? errorMessages(lookupFailed).join(' ') : null;
  const result = serverCode && found.currentData && found.originalArgs === serverCode ? found.currentData : null;
  const refusal = checking.error ? errorMessages(checking.error).join(' ') : null;

  return (
    <Stack gap="md" maw={640}>
      <ConnectionStatus c={c} />
      <Card withBorder radius="md" padding="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            open(text);
          }}
        >
          <Stack gap="sm">
            <TextInput
              ref={input}
              size="md"
              label="Ticket code"
              description="Type the code under the ticket’s QR code, or paste the ticket’s link."
              placeholder="ABCD-EFGH-JKMN"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              data-autofocus
            />
            <Group gap="sm" wrap="wrap">
              <Button type="submit" size="md" leftSection={<IconScan size={18} />} loading={found.isFetching}>
                Look up
              </Button>
              {canScan ? (
                <Button variant="secondary" size="md" leftSection={<IconCamera size={18} />} onClick={() => setScanning(true)}>
                  Scan with camera
                </Button>
              ) : (
                <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 220 }}>
                  No scanner in this browser: scan with the phone’s camera app, which opens the ticket here.
                </Text>
              )}
            </Group>
          </Stack>
        </form>
      </Card>
      {problem || lookupError ? (
        <Alert color="red" variant="light" role="alert" title="Not a valid ticket">
          {problem ?? lookupError}
        </Alert>
      ) : null}
      {live && decision ? (
        <OfflineTicket
          ticket={live}
          decision={justNow ? { ok: true } : decision}
          mine={justNow}
          onCheckIn={() => setTapped(c.checkIn(live))}
          onNext={next}
        />
      ) : null}
      {notATicket ? (
        <Alert color="orange" variant="light" role="alert" title="Not a ticket">
          This code is a link to a store or an offer, not a ticket.
        </Alert>
      ) : null}
      {result && serverCode ? (
        <TicketResult
          ticket={checking.data ?? result}
          signature={signature}
          checkedIn={Boolean(checking.data)}
          refusal={refusal}
          busy={checking.isLoading}
          onCheckIn={async () => {
            if ('error' in (await checkInOnline(serverCode))) lookup(serverCode);
          }}
          onNext={next}
        />
      ) : null}
      <SyncReport synced={c.synced} onDismiss={c.dismiss} />
      <CameraScan opened={scanning} onCode={openScanned} onClose={() => setScanning(false)} />
    </Stack>
  );
};

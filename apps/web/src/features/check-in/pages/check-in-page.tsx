import { groupShortCode, parseScannedCode, verifyTicketToken } from '@excursio/contract/tickets';
import { Alert, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconScan } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { errorMessages } from '../../../lib/api/errors.ts';
import { useCheckInCodeMutation, useLazyLookupCodeQuery, useTicketKeysQuery } from '../../../lib/api/tickets.api.ts';
import { CameraScan, cameraScanSupported } from '../components/camera-scan.tsx';
import { type SignatureCheck, TicketResult } from '../components/ticket-result.tsx';

/**
 * `/bookings/check-in`: a guide scans a ticket (the camera where the browser reads QR codes, the
 * phone's camera app elsewhere — a ticket's address opens this page with its code) or types its
 * code, sees the party and checks it in with one tap. A ticket's signature is checked here with the
 * organization's public key; the server decides the rest (another organization's ticket, a canceled
 * booking, a second check-in). Online only: the offline scanner is a later step.
 */
export const CheckInPage = () => {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [signature, setSignature] = useState<SignatureCheck>('none');
  const [scanning, setScanning] = useState(false);
  const [canScan, setCanScan] = useState(false);
  const [lookup, found] = useLazyLookupCodeQuery();
  const [checkIn, checking] = useCheckInCodeMutation();
  const keys = useTicketKeysQuery();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    cameraScanSupported().then(setCanScan);
  }, []);

  const open = async (scanned: string) => {
    const parsed = parseScannedCode(scanned);
    checking.reset();
    setScanning(false);
    if (!parsed) {
      setCode(null);
      setProblem('That is not a ticket code. A code looks like ABCD-EFGH-JKMN.');
      return;
    }
    setProblem(null);
    setCode(parsed.code);
    setSignature(parsed.token ? 'checking' : 'none');
    lookup(parsed.code);
    if (parsed.token) {
      const known = keys.data?.keys ?? (await keys.refetch()).data?.keys ?? [];
      const verdict = await verifyTicketToken(parsed.token, known);
      setSignature(verdict.valid ? 'valid' : 'invalid');
    }
  };
  // The camera and the address hand codes over through a stable function (the latest `open`).
  const latest = useRef(open);
  latest.current = open;
  const openScanned = useCallback((scanned: string) => latest.current(scanned), []);

  // Opened from a ticket's address (`?code=…`, the token in the fragment): look it up once.
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
    setCode(null);
    setText('');
    setProblem(null);
    checking.reset();
    input.current?.focus();
  };

  const lookupError = code && found.error && found.originalArgs === code ? errorMessages(found.error).join(' ') : null;
  const result = code && found.currentData && found.originalArgs === code ? found.currentData : null;
  const refusal = checking.error ? errorMessages(checking.error).join(' ') : null;

  return (
    <Stack gap="md" maw={640}>
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
        <Alert color="red" variant="light" role="alert" title="No ticket found">
          {problem ?? lookupError}
        </Alert>
      ) : null}
      {result?.kind === 'link' ? (
        <Alert color="orange" variant="light" role="alert" title="Not a ticket">
          This code is a link to a store or an offer, not a ticket.
        </Alert>
      ) : null}
      {result?.kind === 'ticket' && code ? (
        <TicketResult
          ticket={checking.data ?? result.summary}
          signature={signature}
          checkedIn={Boolean(checking.data)}
          refusal={refusal}
          busy={checking.isLoading}
          onCheckIn={async () => {
            // Refused (used meanwhile on another phone, canceled…): show the ticket as it is now.
            if ('error' in (await checkIn(code))) lookup(code);
          }}
          onNext={next}
        />
      ) : null}
      <CameraScan opened={scanning} onCode={openScanned} onClose={() => setScanning(false)} />
    </Stack>
  );
};

import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDisplayDate, zonedDate } from '../../../lib/format/format.ts';
import type { SyncedCheckIn } from '../offline/check-in-store.ts';
import { clock, type LocalDecision, type LocalVerdict, type QueuedCheckIn } from '../offline/local-check.ts';
import { AlreadyCheckedIn } from './already-checked-in.tsx';

const STRONG = { title: { fontSize: 'var(--mantine-font-size-lg)' }, message: { fontSize: 'var(--mantine-font-size-md)' } };

/** The day of a start in the organization's date format (the offer's zone when known). */
const dayOf = (iso: string, timeZone?: string) => (iso ? formatDisplayDate(zonedDate(iso, timeZone)) : '—');

/**
 * A ticket checked on the phone (the day's list and the signature): the party in large type, its
 * categories, the booker's name and answers, and one button that checks it in — on the phone at
 * once, on the server when the network allows. After the tap it says which of the two it is.
 */
export const OfflineTicket = ({
  ticket,
  decision,
  mine,
  onCheckIn,
  onNext,
}: {
  ticket: Extract<LocalVerdict, { kind: 'ticket' }>;
  decision: LocalDecision;
  /** This phone's check-in of the ticket, waiting or synced. */
  mine: QueuedCheckIn | SyncedCheckIn | null;
  onCheckIn: () => void;
  onNext: () => void;
}) => {
  // On a phone the outcome may be below the fold: bring it (and the button after it) into view.
  const outcome = useRef<HTMLDivElement>(null);
  const answered = mine ? `${mine.client_event_id}:${'result' in mine ? mine.result.result : 'queued'}` : null;
  useEffect(() => {
    if (answered) outcome.current?.scrollIntoView({ block: 'end' });
  }, [answered]);
  const b = ticket.booking;
  const participants = b?.participants ?? ticket.claims?.participants ?? 0;
  const people = `${participants} ${participants === 1 ? 'participant' : 'participants'}`;
  const synced = mine && 'result' in mine ? mine.result : null;
  const state = mine
    ? synced && synced.result !== 'checked_in'
      ? { label: synced.result === 'refused' ? 'Refused' : 'Conflict', color: 'red' }
      : { label: 'Checked in', color: 'blue' }
    : decision.ok
      ? { label: 'Valid', color: 'green' }
      : decision.state === 'checked_in'
        ? { label: 'Checked in', color: 'blue' }
        : decision.state === 'canceled'
          ? { label: 'Canceled', color: 'red' }
          : decision.state === 'other_day'
            ? { label: 'Other day', color: 'orange' }
            : { label: 'Not confirmed', color: 'gray' };
  const startsAt = b?.starts_at ?? ticket.claims?.starts_at ?? '';
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-label="Ticket">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} fz={20} fw={600}>
              {b?.experience_title ?? 'Ticket booked after this list was downloaded'}
            </Title>
            <Text>
              {dayOf(startsAt, b?.time_zone)} · {b ? b.time : clock(startsAt)}
              {b ? (
                <Text span size="sm" c="dimmed">
                  {' '}
                  ({b.time_zone})
                </Text>
              ) : null}
            </Text>
          </Stack>
          <StatusBadge color={state.color} testId="ticket-state">
            {state.label}
          </StatusBadge>
        </Group>
        <Group gap="xl" wrap="wrap" align="flex-start">
          <Stack gap={0}>
            <Text fz={34} fw={700} lh={1.1} data-testid="ticket-participants">
              {participants}
            </Text>
            <Text size="sm" c="dimmed">
              {participants === 1 ? 'participant' : 'participants'}
            </Text>
          </Stack>
          {b ? (
            <Stack gap={2}>
              {b.party.map((p) => (
                <Text key={p.category}>
                  {p.quantity} × {p.category}
                </Text>
              ))}
            </Stack>
          ) : null}
          {b ? (
            <Stack gap={2}>
              <Text fw={500}>{b.name || '—'}</Text>
              <Text size="sm" c="dimmed">
                Booking {b.order_reference}
              </Text>
            </Stack>
          ) : null}
        </Group>
        {b?.answers.length ? (
          <Stack gap={2} data-testid="ticket-answers">
            {b.answers.map((a) => (
              <Text key={a.question} size="sm">
                <Text span c="dimmed" size="sm">
                  {a.question}:
                </Text>{' '}
                {a.answer}
              </Text>
            ))}
          </Stack>
        ) : null}
        {ticket.signature === 'valid' ? (
          <Group gap={6} wrap="nowrap">
            <IconShieldCheck size={18} color="var(--mantine-color-green-9)" style={{ flex: 'none' }} />
            <Text size="sm">Signature checked on this phone.</Text>
          </Group>
        ) : null}
        <Stack gap="sm" ref={outcome}>
          <Outcome decision={decision} mine={mine} people={people} />
          {mine || !decision.ok ? (
            <Button size="lg" variant="secondary" fullWidth onClick={onNext}>
              Next ticket
            </Button>
          ) : (
            <Button size="lg" fullWidth onClick={onCheckIn}>
              Check in {people}
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
};

const Outcome = ({
  decision,
  mine,
  people,
}: {
  decision: LocalDecision;
  mine: QueuedCheckIn | SyncedCheckIn | null;
  people: string;
}) => {
  if (mine && 'result' in mine) {
    const ok = mine.result.result === 'checked_in';
    return (
      <Alert
        color={ok ? 'green' : 'red'}
        variant="light"
        role={ok ? 'status' : 'alert'}
        icon={ok ? <IconCircleCheck size={20} /> : <IconAlertTriangle size={20} />}
        title={ok ? 'Checked in · synced' : 'Not counted'}
        styles={STRONG}
      >
        {ok ? `${people} marked Arrived at ${clock(mine.checked_in_at)}.` : mine.result.detail}
        {ok && mine.result.replaced ? ` ${mine.result.detail}` : null}
      </Alert>
    );
  }
  if (mine) {
    return (
      <Alert color="green" variant="light" role="status" icon={<IconClockHour4 size={20} />} title="Checked in" styles={STRONG}>
        {people} marked Arrived at {clock(mine.checked_in_at)} on this phone · waiting to sync.
      </Alert>
    );
  }
  if (!decision.ok && decision.state === 'checked_in') return <AlreadyCheckedIn standing={decision.standing} />;
  if (!decision.ok) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title="Not checked in"
        icon={<IconAlertTriangle size={20} />}
        styles={STRONG}
      >
        {decision.message}
      </Alert>
    );
  }
  return null;
};

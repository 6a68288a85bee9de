import type { StaffTicket } from '@excursio/contract/qr-codes';
import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { AlreadyCheckedIn } from './already-checked-in.tsx';

/** The outcome of a check-in, large enough to read at arm's length. */
const STRONG = { title: { fontSize: 'var(--mantine-font-size-lg)' }, message: { fontSize: 'var(--mantine-font-size-md)' } };

/** What the ticket's own signature said, checked here with the organization's public key. */
export type SignatureCheck = 'none' | 'checking' | 'valid' | 'invalid';

const when = (t: StaffTicket) => formatDisplayDate(t.local_date);
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const stateOf = (t: StaffTicket) =>
  t.status === 'canceled'
    ? { label: 'Canceled', color: 'red' }
    : t.status !== 'confirmed'
      ? { label: 'Not confirmed', color: 'gray' }
      : t.attendance_status === 'arrived'
        ? { label: 'Checked in', color: 'blue' }
        : { label: 'Valid', color: 'green' };

/**
 * A looked-up ticket as a guide needs it at the start: valid or not, the party's size in large type,
 * when, who, and one large button that checks the party in.
 */
export const TicketResult = ({
  ticket,
  signature,
  checkedIn,
  refusal,
  busy,
  onCheckIn,
  onNext,
}: {
  ticket: StaffTicket;
  signature: SignatureCheck;
  checkedIn: boolean;
  refusal: string | null;
  busy: boolean;
  onCheckIn: () => void;
  onNext: () => void;
}) => {
  const state = stateOf(ticket);
  // Checked in before (by another guide, on another phone, or earlier here): said large, with when and by whom.
  const usedBefore = !checkedIn && ticket.attendance_status === 'arrived';
  // On a phone the outcome may be below the fold: bring it (and the button after it) into view.
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal || checkedIn || usedBefore) outcome.current?.scrollIntoView({ block: 'end' });
  }, [refusal, checkedIn, usedBefore]);
  const notToday = ticket.local_date !== todayIn(ticket.time_zone);
  const canCheckIn =
    !checkedIn && ticket.status === 'confirmed' && ticket.attendance_status !== 'arrived' && signature !== 'invalid';
  const people = `${ticket.participants} ${ticket.participants === 1 ? 'participant' : 'participants'}`;
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-label="Ticket">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} fz={20} fw={600}>
              {ticket.experience_title}
            </Title>
            <Text>
              {when(ticket)} · {ticket.time}{' '}
              <Text span size="sm" c="dimmed">
                ({ticket.time_zone})
              </Text>
            </Text>
          </Stack>
          <StatusBadge color={checkedIn ? 'blue' : state.color} testId="ticket-state">
            {checkedIn ? 'Checked in' : state.label}
          </StatusBadge>
        </Group>
        {notToday && ticket.status === 'confirmed' ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" role="note">
            This ticket is for {when(ticket)}, not today.
          </Alert>
        ) : null}
        <Group gap="xl" wrap="wrap">
          <Stack gap={0}>
            <Text fz={34} fw={700} lh={1.1} data-testid="ticket-participants">
              {ticket.participants}
            </Text>
            <Text size="sm" c="dimmed">
              {ticket.participants === 1 ? 'participant' : 'participants'}
            </Text>
          </Stack>
          <Stack gap={2}>
            {ticket.party.map((p) => (
              <Text key={p.category}>
                {p.quantity} × {p.category}
              </Text>
            ))}
          </Stack>
          <Stack gap={2}>
            <Text fw={500}>{ticket.name || ticket.first_name || '—'}</Text>
            <Text size="sm" c="dimmed">
              Booking {ticket.reference}
            </Text>
          </Stack>
        </Group>
        {signature === 'valid' ? (
          <Group gap={6} wrap="nowrap">
            <IconShieldCheck size={18} color="var(--mantine-color-green-9)" style={{ flex: 'none' }} />
            <Text size="sm">Signature checked: issued by {ticket.organization}.</Text>
          </Group>
        ) : signature === 'invalid' ? (
          <Alert color="red" variant="light" icon={<IconShieldX size={18} />} p="xs">
            The ticket’s signature does not match: it was altered or forged. Do not let it in; call the office.
          </Alert>
        ) : null}
        <Stack gap="sm" ref={outcome}>
          {usedBefore ? (
            <AlreadyCheckedIn
              standing={{ at: ticket.checked_in_at, by: ticket.checked_in_by, timeZone: ticket.time_zone, onThisPhone: false }}
            />
          ) : null}
          {refusal && !usedBefore ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title="Not checked in"
              icon={<IconAlertTriangle size={20} />}
              styles={STRONG}
            >
              {refusal}
            </Alert>
          ) : null}
          {checkedIn ? (
            <Alert
              color="green"
              variant="light"
              icon={<IconCircleCheck size={20} />}
              role="status"
              title="Checked in"
              styles={STRONG}
            >
              {people} marked Arrived.
            </Alert>
          ) : null}
          {checkedIn || refusal || !canCheckIn ? (
            <Button size="lg" variant="secondary" fullWidth onClick={onNext}>
              Next ticket
            </Button>
          ) : (
            <Button size="lg" fullWidth loading={busy} onClick={onCheckIn}>
              Check in {people}
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
};

import { BOOKING_PHASE_LABELS } from '@excursio/contract/bookings';
import { ATTENDANCE_STATUS_LABELS, ATTENDANCE_STATUSES, type AttendanceStatus, type OrderLine } from '@excursio/contract/orders';
import { Anchor, Card, Group, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconChevronLeft, IconMail, IconPhone } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useListPricingCategoriesQuery } from '../../../lib/api/catalog.api.ts';
import { useGetOrderQuery, useSetAttendanceMutation } from '../../../lib/api/orders.api.ts';
import { formatMoney, formatZonedDateTime } from '../../../lib/format/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { ORDERS_LIST_PATH, orderPath } from '../../../lib/order-paths.ts';
import { isRecordId, NOT_FOUND_MESSAGES } from '../../../lib/record-id.ts';
import { LineActions } from '../components/line-actions.tsx';
import { TicketCard } from '../components/ticket-card.tsx';

type Booking = NonNullable<OrderLine['booking']>;

const localStart = (booking: Booking) => formatZonedDateTime(booking.starts_at, booking.time_zone);

/** Open / Arrived / No show in one tap, large enough for a thumb. */
const AttendanceControl = ({ booking }: { booking: Booking }) => {
  const [setAttendance, { isLoading }] = useSetAttendanceMutation();
  const [pending, setPending] = useState<AttendanceStatus | null>(null);
  if (booking.status === 'canceled') {
    return <Text>Canceled bookings have no attendance ({ATTENDANCE_STATUS_LABELS[booking.attendance_status]}).</Text>;
  }
  return (
    <SegmentedControl
      fullWidth
      size="md"
      aria-label="Attendance"
      value={pending ?? booking.attendance_status}
      disabled={isLoading}
      onChange={async (value) => {
        setPending(value as AttendanceStatus);
        await setAttendance({ id: booking.id, attendance_status: value as AttendanceStatus });
        setPending(null);
      }}
      data={ATTENDANCE_STATUSES.map((s) => ({ value: s, label: ATTENDANCE_STATUS_LABELS[s] }))}
    />
  );
};

/**
 * `/orders/editor/{orderId}/booking/{bookingId}`: one booking as a guide needs it on a phone — when,
 * who (tap to call or write), the party, extras and answers, and attendance in one tap.
 */
export const BookingDetailsPage = () => {
  const { orderId, bookingId } = useParams();
  const navigate = useNavigate();
  const badId = !isRecordId(orderId) || !isRecordId(bookingId);
  const { data: order, error } = useGetOrderQuery(orderId && !badId ? orderId : skipToken);
  const categories = useListPricingCategoriesQuery({ page: 1, page_size: 100 });
  const names = useMemo(() => new Map((categories.data?.results ?? []).map((c) => [c.id, c.name])), [categories.data]);
  const line = order?.lines.find((l) => l.booking?.id === bookingId);
  const missing = Boolean(order && !line);
  useEffect(() => {
    if (error) navigate(ORDERS_LIST_PATH, { replace: true });
  }, [error, navigate]);
  // An id that is no id ("bogus") is a missing order: not asked for, back to the list.
  useEffect(() => {
    if (!badId) return;
    notifyError(NOT_FOUND_MESSAGES.order);
    navigate(ORDERS_LIST_PATH, { replace: true });
  }, [badId, navigate]);
  if (!orderId || badId) return null;
  if (!order) return <Skeleton h={320} radius="md" />;
  if (missing || !line?.booking) {
    return (
      <Stack gap="sm">
        <Text>This booking is not part of order {order.reference}.</Text>
        <Anchor component={Link} to={orderPath(order.id)}>
          Open order {order.reference}
        </Anchor>
      </Stack>
    );
  }
  const { booking } = line;
  const phase = booking.status === 'canceled' ? 'canceled' : booking.status === 'created' ? 'created' : 'confirmed';
  const name = `${order.contact.first_name} ${order.contact.last_name}`.trim() || '—';
  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to={orderPath(order.id)} size="sm" c="dimmed" w="fit-content">
        <Group gap={2}>
          <IconChevronLeft size={14} />
          Order {order.reference}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Title order={2} fz={22} fw={600}>
            {line.description}
          </Title>
          <Text>{localStart(booking)}</Text>
          <Text size="xs" c="dimmed">
            {booking.time_zone}
          </Text>
        </Stack>
        <StatusBadge color={phase === 'canceled' ? 'red' : phase === 'created' ? 'gray' : 'green'}>
          {BOOKING_PHASE_LABELS[phase]}
        </StatusBadge>
      </Group>
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="xs">
          Attendance
        </Text>
        <AttendanceControl booking={booking} />
      </Card>
      {booking.status === 'confirmed' ? <TicketCard bookingId={booking.id} /> : null}
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="xs">
          {name}
        </Text>
        <Group gap="lg" wrap="wrap">
          {order.contact.phone ? (
            <Anchor href={`tel:${order.contact.phone}`}>
              <Group gap={6}>
                <IconPhone size={16} />
                {order.contact.phone}
              </Group>
            </Anchor>
          ) : null}
          {order.contact.email ? (
            <Anchor href={`mailto:${order.contact.email}`}>
              <Group gap={6}>
                <IconMail size={16} />
                {order.contact.email}
              </Group>
            </Anchor>
          ) : null}
          {!order.contact.phone && !order.contact.email ? <Text c="dimmed">No phone or email given.</Text> : null}
        </Group>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="xs">
          {booking.participants} {booking.participants === 1 ? 'participant' : 'participants'}
        </Text>
        <Table aria-label="Party">
          <Table.Tbody>
            {booking.party.map((p) => (
              <Table.Tr key={p.pricing_category_id}>
                <Table.Td>{names.get(p.pricing_category_id) ?? 'Participant'}</Table.Td>
                <Table.Td ta="right">{p.quantity}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(p.amount, order.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
            {line.extras.map((e) => (
              <Table.Tr key={e.item_id}>
                <Table.Td>{e.name}</Table.Td>
                <Table.Td ta="right">{e.quantity}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(e.amount, order.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <LineActions order={order} line={line} heading="Change this booking" />
      {line.answers.length ? (
        <Card withBorder radius="md" padding="md">
          <Text fw={600} mb="xs">
            Answers
          </Text>
          <Stack gap="xs">
            {line.answers.map((a) => (
              <Stack key={a.question_id} gap={0}>
                <Text size="sm" c="dimmed">
                  {a.question}
                </Text>
                <Text>{a.answer}</Text>
              </Stack>
            ))}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
};

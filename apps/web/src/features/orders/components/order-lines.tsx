import { ATTENDANCE_STATUS_LABELS, type OrderDetail } from '@excursio/contract/orders';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDisplayDate, formatMoney, formatZonedDateTime } from '../../../lib/format/format.ts';
import { bookingPath } from '../../../lib/order-paths.ts';
import { LineActions } from './line-actions.tsx';

const localStart = (startsAt: string, timeZone: string) => formatZonedDateTime(startsAt, timeZone);

/** The order's lines: what was booked, when (in the offer's zone), for whom, and where each stands. */
export const OrderLines = ({ order }: { order: OrderDetail }) => (
  <Stack gap="sm">
    {order.lines.map((line) => (
      <Card key={line.id} withBorder radius="md" padding="md" aria-label={`Line: ${line.description}`}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{line.description}</Text>
            {line.booking ? (
              <>
                <Text size="sm">{localStart(line.booking.starts_at, line.booking.time_zone)}</Text>
                <Text size="sm" c="dimmed">
                  {line.booking.participants} {line.booking.participants === 1 ? 'participant' : 'participants'} · attendance{' '}
                  {ATTENDANCE_STATUS_LABELS[line.booking.attendance_status]}
                </Text>
                {line.extras.map((e) => (
                  <Text key={e.item_id} size="sm" c="dimmed">
                    + {e.quantity} × {e.name}
                  </Text>
                ))}
                <Anchor component={Link} to={bookingPath(order.id, line.booking.id)} size="sm" w="fit-content">
                  Booking details
                </Anchor>
              </>
            ) : null}
          </Stack>
          <Stack gap={4} align="flex-end">
            <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(line.total, order.currency)}
            </Text>
            {line.status === 'canceled' ? (
              <Badge color="red" variant="light" radius="sm">
                Canceled {line.canceled_at ? formatDisplayDate(line.canceled_at) : ''}
              </Badge>
            ) : null}
          </Stack>
        </Group>
        <LineActions order={order} line={line} />
      </Card>
    ))}
  </Stack>
);

import { ORDER_STATUS_LABELS } from '@excursio/contract/orders';
import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useListOrdersQuery } from '../../../lib/api/orders.api.ts';
import { formatDisplayDate, formatMoney } from '../../../lib/format/format.ts';
import { languageName } from '../../../lib/format/language.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';

/**
 * The customer's latest orders in the customers drawer (reference, date, total, status, each a link
 * to the order), when the member may see orders; else nothing is asked (no request that answers 403).
 */
export const CustomerOrders = ({ customerId, count }: { customerId: string; count: number }) => {
  const { can, hasFeature } = useAccess();
  const allowed = can(['Manage orders']) && hasFeature(['orders']);
  const { data, isLoading } = useListOrdersQuery(
    { customer: customerId, page_size: 10, ordering: '-created_at' },
    { skip: !allowed || count === 0 },
  );
  if (!allowed || count === 0) return null;
  if (isLoading) return <Skeleton h={60} />;
  const orders = data?.results ?? [];
  return (
    <Stack gap={4} aria-label="Orders of this customer">
      {orders.map((o) => (
        <Group key={o.id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/orders/editor/${o.id}/details`} size="sm" fw={600}>
              {o.reference}
            </Anchor>
            <Text size="xs" c="dimmed">
              {`${formatDisplayDate(o.created_at)} · ${ORDER_STATUS_LABELS[o.status]} · ${languageName(o.language)}`}
            </Text>
          </Stack>
          <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(o.total, o.currency)}
          </Text>
        </Group>
      ))}
      {data && data.count > orders.length ? (
        <Text size="xs" c="dimmed">{`The latest ${orders.length} of ${data.count}.`}</Text>
      ) : null}
    </Stack>
  );
};

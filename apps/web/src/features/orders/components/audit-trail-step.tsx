import type { OrderDetail } from '@excursio/contract/orders';
import { Card, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AuditEntryView } from '../../../components/audit/audit-entry.tsx';
import { useListOrderAuditEntriesQuery } from '../../../lib/api/audit.api.ts';

/** The order's Audit trail tab: every change of the order, its bookings, payments and refunds, newest first. */
export const AuditTrailStep = ({ order }: { order: OrderDetail }) => {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useListOrderAuditEntriesQuery(
    { orderId: order.id, page },
    { refetchOnMountOrArgChange: true },
  );
  if (isLoading) return <Skeleton h={200} radius="md" />;
  if (isError || !data) {
    return (
      <Text size="sm" c="red">
        The audit trail could not be loaded. Try again in a moment.
      </Text>
    );
  }
  if (!data.results.length) {
    return (
      <Text size="sm" c="dimmed">
        Nothing has been recorded for this order yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Who changed this order, its bookings, payments and refunds, and when. Entries cannot be edited or deleted.
      </Text>
      <Card withBorder radius="md" padding={0}>
        <ul aria-label="Audit trail" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.results.map((entry, index) => (
            <li
              key={entry.id}
              style={{
                padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)',
                borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined,
              }}
            >
              <AuditEntryView entry={entry} />
            </li>
          ))}
        </ul>
      </Card>
      {data.total_pages > 1 ? (
        <Group justify="flex-end">
          <Pagination size="sm" total={data.total_pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
};

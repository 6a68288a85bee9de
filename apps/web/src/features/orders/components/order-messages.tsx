import type { CustomerMessage, MessageKind } from '@excursio/contract/product-configuration';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useGetOrderMessagesQuery } from '../../../lib/api/product-configuration.api.ts';
import { formatDisplayDateTime } from '../../../lib/format/format.ts';

const KIND_LABELS: Record<MessageKind, string> = {
  reminder: 'Reminder',
  follow_up: 'Follow-up',
  abandoned_cart: 'Abandoned cart',
};

const Message = ({ message }: { message: CustomerMessage }) => (
  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" component="li">
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Group gap="xs">
        <Badge variant="light" size="sm">
          {KIND_LABELS[message.kind]}
        </Badge>
        <Text size="sm" fw={500}>
          {message.subject}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        To {message.to}
      </Text>
    </Stack>
    <Text size="xs" c="dimmed">
      Sent {formatDisplayDateTime(message.sent_at)}
    </Text>
  </Group>
);

/** The messages the job queue sent to the order's customer (Settings → Product configuration says which). */
export const OrderMessages = ({ orderId }: { orderId: string }) => {
  const { data, isError } = useGetOrderMessagesQuery(orderId);
  return (
    <Card withBorder radius="md" padding="md" aria-label="Messages">
      <Text fw={600} mb={4}>
        Messages
      </Text>
      {isError ? (
        <Text size="sm" c="dimmed">
          The messages could not be loaded.
        </Text>
      ) : !data ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reminder or follow-up has been sent for this order yet.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.map((m) => (
            <Message key={m.id} message={m} />
          ))}
        </Stack>
      )}
    </Card>
  );
};

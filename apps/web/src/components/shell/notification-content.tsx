import type { SystemNotification } from '@excursio/contract/accounts';
import { Anchor, Group, Text } from '@mantine/core';
import { useMarkNotificationReadMutation } from '../../lib/api/notifications.api.ts';
import { formatDisplayDate } from '../../lib/format/format.ts';

/** One notification as the bell and the dashboard show it: title (bold while unread), date, message, "Mark as read". */
export const NotificationContent = ({ notification }: { notification: SystemNotification }) => {
  const [markRead, { isLoading }] = useMarkNotificationReadMutation();
  const unread = notification.read_at === null;
  return (
    <>
      <Group gap={8} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" fw={unread ? 700 : 500}>
          {notification.title}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(notification.published_at)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {notification.message}
      </Text>
      {unread ? (
        <Anchor component="button" type="button" size="xs" disabled={isLoading} onClick={() => markRead(notification.id)}>
          Mark as read
        </Anchor>
      ) : null}
    </>
  );
};

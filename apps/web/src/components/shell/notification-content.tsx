import type { SystemNotification } from '@excursio/contract/accounts';
import { Anchor } from '@mantine/core';
import { useMarkNotificationReadMutation } from '../../lib/api/notifications.api.ts';
import { formatDisplayDate } from '../../lib/format/format.ts';
import { NoticeText } from './notice-text.tsx';

/** One notification as the bell and the dashboard show it: title (bold while unread), date, message, "Mark as read". */
export const NotificationContent = ({ notification }: { notification: SystemNotification }) => {
  const [markRead, { isLoading }] = useMarkNotificationReadMutation();
  const unread = notification.read_at === null;
  return (
    <>
      <NoticeText
        title={notification.title}
        when={formatDisplayDate(notification.published_at)}
        message={notification.message}
        unread={unread}
      />
      {unread ? (
        <Anchor component="button" type="button" size="xs" disabled={isLoading} onClick={() => markRead(notification.id)}>
          Mark as read
        </Anchor>
      ) : null}
    </>
  );
};

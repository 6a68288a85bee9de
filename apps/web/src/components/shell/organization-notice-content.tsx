import type { OrganizationNotification } from '@excursio/contract/notifications';
import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useMarkOrganizationNotificationReadMutation } from '../../lib/api/notifications.api.ts';
import { formatDisplayDateTime } from '../../lib/format/format.ts';
import { NoticeText } from './notice-text.tsx';

/** One notice of the organization in the bell: title (bold while unread), when, what, a link to the order, "Mark as read". */
export const OrganizationNoticeContent = ({ notice, onOpen }: { notice: OrganizationNotification; onOpen: () => void }) => {
  const [markRead, { isLoading }] = useMarkOrganizationNotificationReadMutation();
  const unread = notice.read_at === null;
  const linkWords = notice.order_id
    ? 'Open order'
    : notice.link?.startsWith('/resales')
      ? 'Open resales'
      : 'Open payment providers';
  return (
    <>
      <NoticeText title={notice.title} when={formatDisplayDateTime(notice.created_at)} message={notice.message} unread={unread} />
      <Group gap="md">
        {notice.link ? (
          <Anchor
            component={Link}
            to={notice.link}
            size="xs"
            onClick={() => {
              if (unread) markRead(notice.id);
              onOpen();
            }}
          >
            {linkWords}
          </Anchor>
        ) : null}
        {unread ? (
          <Anchor component="button" type="button" size="xs" disabled={isLoading} onClick={() => markRead(notice.id)}>
            Mark as read
          </Anchor>
        ) : null}
      </Group>
    </>
  );
};

import type { SystemNotification } from '@excursio/contract/accounts';
import { Anchor, Group, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useListSystemNotificationsQuery, useMarkAllNotificationsReadMutation } from '../../lib/api/notifications.api.ts';
import { NotificationBellButton } from './notification-bell-button.tsx';
import { NotificationContent } from './notification-content.tsx';
import classes from './shell.module.css';

const Item = ({ notification }: { notification: SystemNotification }) => (
  <div className={classes.bellItem} data-unread={notification.read_at === null || undefined}>
    <NotificationContent notification={notification} />
  </div>
);

/** The bell's list: the latest notifications, each with "Mark as read", and "Mark all as read". */
export const NotificationPopover = ({ unread, defaultOpened }: { unread: number; defaultOpened: boolean }) => {
  const { data, isLoading } = useListSystemNotificationsQuery({ page_size: 10 });
  const [markAll, { isLoading: marking }] = useMarkAllNotificationsReadMutation();
  const items = data?.results ?? [];
  return (
    <Popover position="bottom-end" width={340} shadow="md" defaultOpened={defaultOpened} trapFocus>
      <Popover.Target>
        <NotificationBellButton unread={unread} />
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm" className={classes.bellHeader}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <UnstyledButton className={classes.bellMarkAll} disabled={!unread || marking} onClick={() => markAll()}>
            Mark all as read
          </UnstyledButton>
        </Group>
        <ScrollArea.Autosize mah={380}>
          {isLoading ? (
            <Text size="sm" c="dimmed" p="md">
              Loading…
            </Text>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed" p="md">
              There are no notifications.
            </Text>
          ) : (
            <Stack gap={0}>
              {items.map((n) => (
                <Item key={n.id} notification={n} />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Anchor component={Link} to="/dashboard" size="xs" display="block" px="md" py="xs" className={classes.bellFooter}>
          All notifications on the dashboard
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
};

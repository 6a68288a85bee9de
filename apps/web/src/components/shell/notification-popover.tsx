import type { SystemNotification } from '@excursio/contract/accounts';
import type { OrganizationNotification } from '@excursio/contract/notifications';
import { Anchor, Group, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  useListOrganizationNotificationsQuery,
  useListSystemNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkAllOrganizationNotificationsReadMutation,
} from '../../lib/api/notifications.api.ts';
import { NotificationBellButton } from './notification-bell-button.tsx';
import { NotificationContent } from './notification-content.tsx';
import { OrganizationNoticeContent } from './organization-notice-content.tsx';
import classes from './shell.module.css';

type Entry =
  | { source: 'organization'; at: string; notice: OrganizationNotification }
  | { source: 'system'; at: string; notice: SystemNotification };

/** The organization's notices and the system's in one list, newest first. */
const entriesOf = (own: OrganizationNotification[], system: SystemNotification[]): Entry[] =>
  [
    ...own.map((notice) => ({ source: 'organization' as const, at: notice.created_at, notice })),
    ...system.map((notice) => ({ source: 'system' as const, at: notice.published_at, notice })),
  ].sort((a, b) => b.at.localeCompare(a.at));

/**
 * The bell's list: the organization's latest notices (for members who may manage orders: bookings,
 * cancellations, resales, failed payments, each linking to its order) and the system notifications,
 * each with "Mark as read", and "Mark all as read" for both.
 */
export const NotificationPopover = ({
  unread,
  seesOrders,
  defaultOpened,
}: {
  unread: number;
  seesOrders: boolean;
  defaultOpened: boolean;
}) => {
  const [opened, setOpened] = useState(defaultOpened);
  const system = useListSystemNotificationsQuery({ page_size: 10 });
  const own = useListOrganizationNotificationsQuery({ page_size: 10 }, { skip: !seesOrders });
  const [markAllSystem, { isLoading: markingSystem }] = useMarkAllNotificationsReadMutation();
  const [markAllOwn, { isLoading: markingOwn }] = useMarkAllOrganizationNotificationsReadMutation();
  const items = entriesOf(seesOrders ? (own.data?.results ?? []) : [], system.data?.results ?? []);
  const loading = system.isLoading || (seesOrders && own.isLoading);
  const markAll = () => {
    markAllSystem();
    if (seesOrders) markAllOwn();
  };
  return (
    <Popover position="bottom-end" width={360} shadow="md" opened={opened} onChange={setOpened} trapFocus>
      <Popover.Target>
        <NotificationBellButton unread={unread} onClick={() => setOpened((o) => !o)} />
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm" className={classes.bellHeader}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <UnstyledButton className={classes.bellMarkAll} disabled={!unread || markingSystem || markingOwn} onClick={markAll}>
            Mark all as read
          </UnstyledButton>
        </Group>
        <ScrollArea.Autosize mah={420}>
          {loading ? (
            <Text size="sm" c="dimmed" p="md">
              Loading…
            </Text>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed" p="md">
              There are no notifications.
            </Text>
          ) : (
            <Stack gap={0}>
              {items.map((entry) => (
                <div
                  key={entry.notice.id}
                  className={classes.bellItem}
                  data-unread={entry.notice.read_at === null || undefined}
                  data-kind={entry.source === 'organization' ? entry.notice.kind : 'system'}
                >
                  {entry.source === 'organization' ? (
                    <OrganizationNoticeContent notice={entry.notice} onOpen={() => setOpened(false)} />
                  ) : (
                    <NotificationContent notification={entry.notice} />
                  )}
                </div>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Group justify="space-between" px="md" py="xs" className={classes.bellFooter}>
          <Anchor component={Link} to="/dashboard" size="xs" onClick={() => setOpened(false)}>
            System notifications on the dashboard
          </Anchor>
          <Anchor component={Link} to="/settings/account" size="xs" onClick={() => setOpened(false)}>
            Mail settings
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
};

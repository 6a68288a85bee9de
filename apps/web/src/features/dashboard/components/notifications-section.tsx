import type { SystemNotification } from '@excursio/contract/accounts';
import { Anchor, Group, Stack, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { NotificationContent } from '../../../components/shell/notification-content.tsx';
import { useListSystemNotificationsQuery, useMarkAllNotificationsReadMutation } from '../../../lib/api/notifications.api.ts';
import { Section, SectionEmpty, SectionLoading } from './section.tsx';

const LEVEL_COLOR: Record<SystemNotification['level'], string> = { info: 'blue', warning: 'orange', critical: 'red' };

const Item = ({ n }: { n: SystemNotification }) => (
  <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
    <ThemeIcon size={26} radius="xl" variant="light" color={LEVEL_COLOR[n.level]}>
      {n.level === 'info' ? <IconInfoCircle size={15} /> : <IconAlertTriangle size={15} />}
    </ThemeIcon>
    <div style={{ flex: 1, minWidth: 0 }}>
      <NotificationContent notification={n} />
    </div>
  </Group>
);

/** The system notifications with the person's read state (the header bell reads the same). */
export const NotificationsSection = () => {
  const { data, isLoading } = useListSystemNotificationsQuery({ page_size: 10 });
  const [markAll, { isLoading: marking }] = useMarkAllNotificationsReadMutation();
  const items = data?.results ?? [];
  const unread = items.some((n) => n.read_at === null);
  return (
    <Section title="System notifications">
      {isLoading ? (
        <SectionLoading />
      ) : items.length === 0 ? (
        <SectionEmpty>There are no notifications.</SectionEmpty>
      ) : (
        <>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="System notifications">
            {items.map((n) => (
              <Item key={n.id} n={n} />
            ))}
          </Stack>
          {unread ? (
            <Anchor component="button" type="button" size="sm" mt="sm" disabled={marking} onClick={() => markAll()}>
              Mark all as read
            </Anchor>
          ) : null}
        </>
      )}
    </Section>
  );
};

import type { SystemNotification } from '@excursio/contract/accounts';
import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import {
  useListSystemNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../../../lib/api/notifications.api.ts';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { Section, SectionEmpty, SectionLoading } from './section.tsx';

const LEVEL_COLOR: Record<SystemNotification['level'], string> = { info: 'blue', warning: 'orange', critical: 'red' };

const Item = ({ n }: { n: SystemNotification }) => {
  const [markRead, { isLoading }] = useMarkNotificationReadMutation();
  const unread = n.read_at === null;
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={26} radius="xl" variant="light" color={LEVEL_COLOR[n.level]}>
        {n.level === 'info' ? <IconInfoCircle size={15} /> : <IconAlertTriangle size={15} />}
      </ThemeIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group gap={8}>
          <Text size="sm" fw={unread ? 700 : 500}>
            {n.title}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDisplayDate(n.published_at)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {n.message}
        </Text>
        {unread ? (
          <Anchor component="button" type="button" size="xs" disabled={isLoading} onClick={() => markRead(n.id)}>
            Mark as read
          </Anchor>
        ) : null}
      </div>
    </Group>
  );
};

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

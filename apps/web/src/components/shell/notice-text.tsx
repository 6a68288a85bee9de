import { Group, Text } from '@mantine/core';

/** A notice's text as the bell shows it: its title (bold while unread), when, and what happened. */
export const NoticeText = ({
  title,
  when,
  message,
  unread,
}: {
  title: string;
  when: string;
  message: string;
  unread: boolean;
}) => (
  <>
    <Group gap={8} wrap="nowrap" justify="space-between" align="flex-start">
      <Text size="sm" fw={unread ? 700 : 500}>
        {title}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {when}
      </Text>
    </Group>
    <Text size="sm" c="dimmed">
      {message}
    </Text>
  </>
);

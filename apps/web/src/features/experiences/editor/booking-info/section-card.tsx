import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of the booking-info step: a title, a sentence, the part's own action, its content. */
export const SectionCard = ({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
}) => (
  <Paper component="section" aria-label={title} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 220px' }}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {action}
      </Group>
      {children}
    </Stack>
  </Paper>
);

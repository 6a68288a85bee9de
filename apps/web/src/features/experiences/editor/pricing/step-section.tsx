import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled block of a self-saving editor step (pricing, media). */
export const StepSection = ({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) => (
  <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-label={title}>
    <Group justify="space-between" align="flex-start" gap="sm" mb="md">
      <Stack gap={2} style={{ flex: '1 1 16rem' }}>
        <Title order={3} size="h4">
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {action}
    </Group>
    {children}
  </Paper>
);

/** The line shown while a section's list loads or is empty. */
export const SectionNote = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed" py="xs">
    {children}
  </Text>
);

import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled block of an editor step's form; as wide as every other step (the editor's column). */
export const FormSection = ({ title, description, children }: { title: string; description?: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
    <Stack gap="md">
      <div>
        <Text fw={600}>{title}</Text>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  </Paper>
);

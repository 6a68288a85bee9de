import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FORM_WIDTH } from '../../../app/theme.ts';

/** One titled block of an editor step's form (ui.md: forms 850 px wide). */
export const FormSection = ({ title, description, children }: { title: string; description?: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={FORM_WIDTH}>
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

import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One group of settings: a titled card. */
export const FormCard = ({ title, description, children }: { title: string; description?: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="lg">
    <Stack gap="md">
      <div>
        <Title order={3} fz="md" fw={600}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  </Card>
);

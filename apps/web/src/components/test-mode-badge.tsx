import { Badge } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';

export const TEST_MODE_LABEL = 'Test mode — no real money moves';

/** Wherever a person sees the built-in test mode, it says so (issue 14). */
export const TestModeBadge = ({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) => (
  <Badge
    color="yellow"
    variant="filled"
    size={size}
    radius="sm"
    leftSection={<IconFlask size={14} />}
    styles={{ root: { color: 'var(--mantine-color-dark-9)', overflow: 'visible' }, label: { overflow: 'visible' } }}
    data-testid="test-mode"
  >
    {TEST_MODE_LABEL}
  </Badge>
);

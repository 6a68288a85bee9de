import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

const STYLES = { root: { flex: 'none', overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** A state as a light badge in its colour (ui.md), never cut to an ellipsis. */
export const StatusBadge = ({ color, children, testId }: { color: string; children: ReactNode; testId?: string }) => (
  <Badge variant="light" color={color} radius="sm" styles={STYLES} data-testid={testId}>
    {children}
  </Badge>
);

import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One card of the home: a title, an optional link to the full page, and its content. */
export const Section = ({
  title,
  link,
  children,
  label,
}: {
  title: string;
  link?: { to: string; text: string };
  children: ReactNode;
  /** The region's accessible name (defaults to the title). */
  label?: string;
}) => (
  <Paper withBorder radius="md" p="md" component="section" aria-label={label ?? title}>
    <Group justify="space-between" mb="sm" wrap="nowrap" gap="xs">
      <Text fw={600}>{title}</Text>
      {link ? (
        <Anchor component={Link} to={link.to} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {link.text}
        </Anchor>
      ) : null}
    </Group>
    {children}
  </Paper>
);

export const SectionLoading = () => (
  <Stack gap="xs">
    <Skeleton height={14} />
    <Skeleton height={14} width="70%" />
  </Stack>
);

export const SectionEmpty = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed">
    {children}
  </Text>
);

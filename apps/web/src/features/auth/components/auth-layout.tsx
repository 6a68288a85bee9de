import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ThemeToggle } from '../../../components/shell/theme-toggle.tsx';

export const AuthLayout = () => (
  <Box mih="100vh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
    <Group justify="space-between" px="lg" py="md">
      <Group gap={8}>
        <ThemeIcon size={28} radius="md" variant="gradient" gradient={{ from: 'brand.7', to: 'violet.6', deg: 120 }}>
          <IconCompass size={18} />
        </ThemeIcon>
        <Text fw={700}>Excursio</Text>
      </Group>
      <ThemeToggle />
    </Group>
    <Center px="md" pb={64} pt={{ base: 16, sm: 48 }}>
      <Outlet />
    </Center>
  </Box>
);

/** The card every auth screen sits in. */
export const AuthCard = ({
  title,
  description,
  children,
  footer,
  width = 420,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}) => (
  <Stack w="100%" maw={width} gap="md" style={{ animation: 'none' }}>
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 32 }} shadow="xs">
      <Stack gap={4} mb="lg">
        <Title order={1} fz={22}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Paper>
    {footer ? (
      <Text ta="center" size="sm" c="dimmed">
        {footer}
      </Text>
    ) : null}
  </Stack>
);

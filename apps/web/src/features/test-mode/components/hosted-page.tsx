import { Anchor, Box, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconFlask, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TestModeBadge } from '../../../components/test-mode-badge.tsx';

/**
 * The look of a payment provider's hosted page (onboarding, checkout, billing portal): a plain
 * page outside the dashboard, with the test mode said first and loudly.
 */
export const HostedPage = ({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) => (
  <Box mih="100vh" bg="light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))">
    <Box
      role="note"
      aria-label="Test mode"
      bg="yellow.4"
      c="dark.9"
      px="md"
      py={10}
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-6)' }}
    >
      <Group gap={8} justify="center" wrap="nowrap">
        <IconFlask size={18} style={{ flex: 'none' }} />
        <Text size="sm" fw={600} ta="center">
          Test mode — this page stands in for the payment provider’s. No real money moves.
        </Text>
      </Group>
    </Box>
    <Center px="md" py={{ base: 24, sm: 56 }}>
      <Stack w="100%" maw={460} gap="md">
        <Group gap={8} justify="space-between">
          <Group gap={8}>
            <ThemeIcon size={26} radius="sm" color="dark" variant="filled">
              <IconShieldLock size={15} />
            </ThemeIcon>
            <Text fw={700} size="sm">
              Excursio Payments
            </Text>
          </Group>
          <Box visibleFrom="xs">
            <TestModeBadge size="sm" />
          </Box>
        </Group>
        <Paper withBorder radius="md" p={{ base: 'lg', sm: 32 }} shadow="sm">
          <Stack gap={4} mb="lg">
            <Title order={1} fz={22}>
              {title}
            </Title>
            {subtitle ? (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          Excursio’s built-in test mode: no provider account and no real card are needed.
        </Text>
      </Stack>
    </Center>
  </Box>
);

export const HostedLoading = () => (
  <HostedPage title="Loading…">
    <Center py="lg" role="status" aria-label="Loading">
      <Loader />
    </Center>
  </HostedPage>
);

/** An unknown, expired or already used link: say so and lead back. */
export const HostedLinkProblem = ({ back, backLabel, failed }: { back: string; backLabel: string; failed?: boolean }) => (
  <HostedPage title={failed ? 'This page could not be loaded' : 'This link is no longer valid'}>
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="orange" variant="light" radius="xl" size={32} style={{ flex: 'none' }}>
          <IconAlertTriangle size={18} />
        </ThemeIcon>
        <Text size="sm">
          {failed
            ? 'The server could not be reached. Check your connection and reload the page.'
            : 'It was used already, it expired, or it was never issued. Start again from Excursio to get a new one.'}
        </Text>
      </Group>
      <Anchor href={back} fw={600}>
        {backLabel}
      </Anchor>
    </Stack>
  </HostedPage>
);

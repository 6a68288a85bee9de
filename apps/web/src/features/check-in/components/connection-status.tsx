import { Card, Group, Stack, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { clock } from '../offline/local-check.ts';
import type { useOfflineCheckIn } from '../offline/use-offline-check-in.ts';

/**
 * The phone's state at a glance: online or not, what waits to be sent, and the day's list it works
 * from (so a guide knows before the first guest arrives whether the phone is ready to go offline).
 */
export const ConnectionStatus = ({ c }: { c: ReturnType<typeof useOfflineCheckIn> }) => {
  const waiting = c.queue.length;
  const parties = c.manifest?.bookings.filter((b) => b.status === 'confirmed') ?? [];
  const arrived = parties.filter(
    (b) => b.attendance_status === 'arrived' || c.queue.some((q) => q.booking_id === b.booking_id),
  ).length;
  return (
    <Card withBorder radius="md" padding="sm" aria-label="Check-in status" component="section">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={8} wrap="nowrap">
            {c.online ? (
              <IconCloudCheck size={20} color="var(--mantine-color-green-8)" aria-hidden />
            ) : (
              <IconCloudOff size={20} color="var(--mantine-color-orange-8)" aria-hidden />
            )}
            <StatusBadge color={c.online ? 'green' : 'orange'} testId="connection">
              {c.online ? 'Online' : 'Offline'}
            </StatusBadge>
          </Group>
          <Group gap={6} wrap="nowrap">
            {c.syncing ? <IconRefresh size={16} aria-hidden /> : null}
            <Text size="sm" fw={waiting ? 600 : 400} c={waiting ? 'orange.9' : 'dimmed'} data-testid="sync-queue">
              {waiting ? `${waiting} ${waiting === 1 ? 'check-in' : 'check-ins'} waiting to sync` : 'All check-ins synced'}
            </Text>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" data-testid="manifest-state">
          {c.manifest
            ? `Today’s list on this phone: ${parties.length} ${parties.length === 1 ? 'booking' : 'bookings'}, ${arrived} checked in · updated ${clock(c.fetchedAt ?? c.manifest.server_time)}`
            : c.online
              ? 'Downloading today’s bookings…'
              : 'No list of today’s bookings on this phone yet: connect once to download it. Scanned QR codes are still checked by their signature.'}
        </Text>
        {c.syncProblem ? (
          <Text size="sm" c="red.8" role="alert">
            Sync failed: {c.syncProblem}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
};

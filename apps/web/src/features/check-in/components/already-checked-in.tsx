import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDisplayDate, formatZonedTime, zonedDate } from '../../../lib/format/format.ts';
import type { StandingCheckIn } from '../offline/local-check.ts';

/**
 * "Already checked in at 10:02 by Dana": when and by whom (in the organization's time format, the
 * date only when it was not today) — said large and in colour, so a guide sees at arm's length that
 * the ticket was used before.
 */
export const alreadyCheckedInTitle = (standing: StandingCheckIn, now = new Date()) => {
  if (!standing.at) return 'Already checked in';
  const { at, timeZone } = standing;
  const day = zonedDate(at, timeZone);
  const date = day === zonedDate(now.toISOString(), timeZone) ? '' : ` on ${formatDisplayDate(day)}`;
  const by = standing.onThisPhone ? ' on this phone' : standing.by ? ` by ${standing.by}` : '';
  return `Already checked in${date} at ${formatZonedTime(at, timeZone)}${by}`;
};

export const AlreadyCheckedIn = ({ standing }: { standing: StandingCheckIn }) => (
  <Paper
    role="alert"
    radius="md"
    p="md"
    bg="var(--mantine-color-orange-light)"
    style={{ borderLeft: '6px solid var(--mantine-color-orange-filled)' }}
    data-testid="already-checked-in"
  >
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <IconAlertTriangle size={30} color="var(--mantine-color-orange-light-color)" style={{ flex: 'none' }} aria-hidden />
      <Stack gap={4}>
        <Text fz={22} fw={700} lh={1.25} c="var(--mantine-color-orange-light-color)">
          {alreadyCheckedInTitle(standing)}
        </Text>
        <Text size="md">
          {standing.at ? 'This ticket was used before.' : 'The party was marked Arrived on the bookings list.'}
        </Text>
      </Stack>
    </Group>
  </Paper>
);

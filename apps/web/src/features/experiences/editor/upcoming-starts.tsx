import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useGetUpcomingSlotsQuery } from '../../../lib/api/availability.api.ts';
import { formatDisplayDate, formatTime } from '../../../lib/format/format.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';

const SHOWN = 6;

const placesLeft = (available: number | null) =>
  available === null ? 'No limit' : `${available} ${available === 1 ? 'place' : 'places'} left`;

/**
 * The offer's next bookable starts as the availability engine computes them (schedule, rates,
 * cut-off, capacity): what a visitor could pick now, or — for a Draft or Inactive offer — once it
 * is published. Shown to whoever may read availability on a plan with bookings.
 */
export const UpcomingStarts = ({ experienceId }: { experienceId: string }) => {
  const { canAny, hasFeature } = useAccess();
  const allowed = canAny(['View experiences', 'Manage orders']) && hasFeature(['bookings']);
  const { data, isLoading, isError } = useGetUpcomingSlotsQuery(
    { experience_id: experienceId, limit: SHOWN },
    { skip: !allowed },
  );
  const titleId = useId();
  if (!allowed || isError) return null;
  // A start the operator closed (or one already full) is not one a visitor could pick.
  const starts = data?.results.filter((slot) => slot.bookable) ?? [];
  return (
    <Stack gap={6} component="section" aria-labelledby={titleId} data-testid="upcoming-starts">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} id={titleId}>
          Next available starts
        </Text>
        {data && !data.sellable ? (
          <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
            Once published
          </Badge>
        ) : null}
      </Group>
      {isLoading || !data ? (
        <Stack gap={6} aria-hidden>
          <Skeleton h={12} />
          <Skeleton h={12} w="80%" />
        </Stack>
      ) : starts.length === 0 ? (
        <Text size="xs" c="dimmed">
          No bookable starts yet — add a schedule and a priced rate
        </Text>
      ) : (
        <>
          {!data.sellable ? (
            <Text size="xs" c="dimmed">
              Once published, visitors can book these starts.
            </Text>
          ) : null}
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {starts.map((slot) => (
              <Group key={slot.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatDisplayDate(slot.date)}{' '}
                  <Text component="span" fw={600} inherit>
                    {slot.start_time_id === null ? 'all day' : formatTime(slot.time)}
                  </Text>
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {placesLeft(slot.available)}
                </Text>
              </Group>
            ))}
          </Stack>
          <Text size="xs" c="dimmed">
            Times in {data.time_zone}
          </Text>
        </>
      )}
    </Stack>
  );
};

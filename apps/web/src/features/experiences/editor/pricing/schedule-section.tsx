import type { StartTime } from '@excursio/contract/schedule';
import { Alert, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconClock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Button, IconButton } from '../../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../../components/confirm-dialog.tsx';
import { useDeleteStartTimeMutation } from '../../../../lib/api/catalog.api.ts';
import { formatTime } from '../../../../lib/format/format.ts';
import { formatDateSpan, formatScheduleLine, formatWeekdays } from './schedule-format.ts';
import { StartTimeModal } from './start-time-modal.tsx';
import { SectionNote, StepSection } from './step-section.tsx';

/** Today's date in the offer's zone (YYYY-MM-DD), the default first day of a new line. */
export const todayIn = (timeZone: string, now = new Date()) => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
};

const byTime = (a: StartTime, b: StartTime) => a.time.localeCompare(b.time) || a.date_from.localeCompare(b.date_from);

/** The offer's start times: local wall times on weekdays between two dates, each with a capacity. */
export const ScheduleSection = ({
  experienceId,
  timeZone,
  openDated,
  lines,
  loading,
}: {
  experienceId: string;
  timeZone: string;
  openDated: boolean;
  lines: StartTime[];
  loading: boolean;
}) => {
  const [editing, setEditing] = useState<StartTime | null | undefined>(undefined);
  const [deleteStartTime] = useDeleteStartTimeMutation();
  const deletion = useConfirmDelete<StartTime>(deleteStartTime);
  const deleting = deletion.target;
  const sorted = [...lines].sort(byTime);

  return (
    <StepSection
      title="Schedule"
      description={
        <>
          When the offer starts. All times are local to the offer’s time zone,{' '}
          <Text span fw={600} inherit>
            {timeZone}
          </Text>
          .
        </>
      }
      action={
        <Button variant="secondary" leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          Add start times
        </Button>
      }
    >
      {openDated ? (
        <Alert variant="light" color="blue" mb="md" p="sm">
          This ticket is open-dated: it is valid any day, so start times are optional.
        </Alert>
      ) : null}
      {loading ? (
        <Stack gap="xs">
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      ) : sorted.length === 0 ? (
        <SectionNote>No start times yet.{openDated ? '' : ' Add at least one so the offer can be booked.'}</SectionNote>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {sorted.map((line) => (
            <Paper key={line.id} component="li" withBorder radius="sm" px="sm" py={8} aria-label={formatScheduleLine(line)}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconClock size={18} style={{ flex: 'none', opacity: 0.6 }} aria-hidden />
                  <Text size="sm" style={{ minWidth: 0 }}>
                    <Text span fw={600} inherit style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatTime(line.time)}
                    </Text>
                    {' · '}
                    {formatWeekdays(line.weekdays)}
                    {' · '}
                    {formatDateSpan(line.date_from, line.date_to)}
                    {' · '}capacity {line.capacity}
                  </Text>
                </Group>
                <Group gap={2} wrap="nowrap">
                  <IconButton label={`Edit start time ${formatTime(line.time)}`} onClick={() => setEditing(line)}>
                    <IconPencil size={16} />
                  </IconButton>
                  <IconButton label={`Delete start time ${formatTime(line.time)}`} onClick={() => deletion.ask(line)}>
                    <IconTrash size={16} />
                  </IconButton>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <StartTimeModal
        line={editing}
        experienceId={experienceId}
        timeZone={timeZone}
        today={todayIn(timeZone)}
        existing={lines}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete start time"
        message={deleting ? `Delete ${formatScheduleLine(deleting)}? This cannot be undone.` : ''}
        confirmLabel="Delete"
      />
    </StepSection>
  );
};

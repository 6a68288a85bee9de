import { MESSAGES } from '@excursio/contract/messages';
import { Alert, Anchor, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarOff, IconCalendarRepeat, IconNote, IconSearch, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { forwardRef, useState } from 'react';
import { Button, IconButton } from '../../../components/button.tsx';
import { DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import type { ListParams } from '../../../lib/list/use-list-params.ts';
import { useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  type CapacityDay,
  type CapacitySlot,
  useCloseDayMutation,
  useListCapacityByDateQuery,
  useUpdateSlotMutation,
} from '../api/capacity.api.ts';
import { slotTarget } from '../slot-actions.ts';
import { CloseDayModal, type DayTarget } from './close-day-modal.tsx';
import { type SlotActions, slotColumns } from './slot-columns.tsx';
import { CapacityModal, NoteModal } from './slot-modals.tsx';

type Props = {
  date: string;
  list: ListParams;
  day: CapacityDay | undefined;
  /** The offer chosen in the filter: the day-wide action applies to it. */
  offer: { id: string; title: string } | null;
  canManage: boolean;
  onClose: () => void;
  onResetFilters: () => void;
};

const summary = (day: CapacityDay | undefined) => {
  if (!day || day.slots === 0) return 'No slots on this day.';
  const parts = [`${day.slots} ${day.slots === 1 ? 'slot' : 'slots'}`];
  parts.push(
    day.capacity === null ? `${day.booked + day.held} places taken` : `${day.booked + day.held} of ${day.capacity} places taken`,
  );
  if (day.closed_slots > 0) parts.push(`${day.closed_slots} closed`);
  return parts.join(' · ');
};

/**
 * One day's slots with the list machinery (search by offer, sortable columns, paging, all in the
 * URL), and — for who may change offers — closing, reopening, capacity and notes per slot, and the
 * whole day of one offer.
 */
export const DaySlots = forwardRef<HTMLDivElement, Props>(
  ({ date, list, day, offer, canManage, onClose, onResetFilters }, ref) => {
    const { data, isFetching, error } = useListCapacityByDateQuery({ ...list.apiQuery, date }, { skip: !list.ready });
    useResetPageOnNotFound(list, error);
    const [updateSlot] = useUpdateSlotMutation();
    const [closeDay] = useCloseDayMutation();
    const [capacityOf, setCapacityOf] = useState<CapacitySlot | null>(null);
    const [noteOf, setNoteOf] = useState<CapacitySlot | null>(null);
    const [closing, setClosing] = useState<DayTarget | null>(null);

    const reopenDay = async (target: DayTarget) => {
      const result = await closeDay({ experience_id: target.experience_id, date: target.date, closed: false });
      if (!result.error) notifySuccess(MESSAGES.updated);
    };
    const rows = data?.results ?? [];
    const actions: SlotActions = {
      dayState: (experienceId) => {
        const own = rows.filter((r) => r.experience_id === experienceId);
        return { open: own.some((r) => !r.closed), closed: own.some((r) => r.closed) };
      },
      toggleClosed: async (slot) => {
        const result = await updateSlot({ ...slotTarget(slot), closed: !slot.closed });
        if (!result.error) notifySuccess(MESSAGES.updated);
      },
      changeCapacity: setCapacityOf,
      editNote: setNoteOf,
      closeDay: setClosing,
      reopenDay,
    };
    const dayTarget = offer ? { experience_id: offer.id, experience_title: offer.title, date } : null;
    const allClosed = day !== undefined && day.slots > 0 && day.closed_slots >= day.slots;
    const filtered = list.hasActiveFilters;

    return (
      <Paper
        ref={ref}
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        component="section"
        aria-labelledby="capacity-day-title"
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={3} id="capacity-day-title" fz={{ base: 'md', sm: 'lg' }}>
                {dayjs(date).format('dddd, DD. MMMM YYYY')}
              </Title>
              <Text size="sm" c="dimmed" data-testid="day-summary">
                {summary(day)}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              {canManage && dayTarget && day && day.slots > 0 ? (
                allClosed ? (
                  <Button
                    variant="standard"
                    size="xs"
                    leftSection={<IconCalendarRepeat size={15} />}
                    onClick={() => reopenDay(dayTarget)}
                  >
                    Reopen day
                  </Button>
                ) : (
                  <Button
                    variant="standard"
                    size="xs"
                    leftSection={<IconCalendarOff size={15} />}
                    onClick={() => setClosing(dayTarget)}
                  >
                    Close whole day
                  </Button>
                )
              ) : null}
              <IconButton label="Close the day's list" onClick={onClose}>
                <IconX size={16} />
              </IconButton>
            </Group>
          </Group>
          {data?.day_notes.length ? (
            <Stack gap={6}>
              {data.day_notes.map((n) => (
                <Alert
                  key={n.experience_id}
                  color="orange"
                  variant="light"
                  p="xs"
                  icon={<IconNote size={16} />}
                  title={`Note for the day · ${n.experience_title}`}
                  data-testid="day-note"
                >
                  {n.note}
                </Alert>
              ))}
            </Stack>
          ) : null}
          {canManage && !offer ? (
            <Text size="xs" c="dimmed">
              To close or reopen a whole day, choose an offer above, or use a slot's menu.
            </Text>
          ) : null}
          <Group gap="sm" wrap="wrap">
            <TextInput
              aria-label="Search slots by offer"
              placeholder="Search by offer name"
              leftSection={<IconSearch size={15} />}
              value={list.searchInput}
              onChange={(event) => list.setSearchInput(event.currentTarget.value)}
              w={{ base: '100%', sm: 280 }}
              type="search"
            />
            {filtered ? (
              <Anchor component="button" type="button" size="sm" onClick={onResetFilters}>
                Reset filters
              </Anchor>
            ) : null}
          </Group>
          <DataTable
            label="Slots of the day"
            columns={slotColumns(canManage ? actions : null)}
            rowKey={(s) => `${s.experience_id}|${s.id}`}
            {...listTableProps(list, data, isFetching)}
            empty={{
              message: filtered ? 'No slots match these filters.' : 'No slots on this day.',
            }}
          />
        </Stack>
        <CapacityModal slot={capacityOf} onClose={() => setCapacityOf(null)} />
        <NoteModal slot={noteOf} onClose={() => setNoteOf(null)} />
        <CloseDayModal target={closing} onClose={() => setClosing(null)} />
      </Paper>
    );
  },
);
DaySlots.displayName = 'DaySlots';

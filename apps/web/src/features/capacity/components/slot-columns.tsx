import { Badge, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendarOff, IconCalendarRepeat, IconDots, IconLock, IconLockOpen, IconNote, IconUsers } from '@tabler/icons-react';
import { IconButton } from '../../../components/button.tsx';
import type { Column } from '../../../components/data-table/data-table.tsx';
import { formatTime } from '../../../lib/format/format.ts';
import type { CapacitySlot } from '../api/capacity.api.ts';
import { slotTitle } from '../slot-actions.ts';
import { placesText, slotStatus } from '../slot-status.ts';
import type { DayTarget } from './close-day-modal.tsx';

export type SlotActions = {
  /** Per offer on the listed page: whether some of its slots are open / closed (which day actions make sense). */
  dayState: (experienceId: string) => { open: boolean; closed: boolean };
  toggleClosed: (slot: CapacitySlot) => void;
  changeCapacity: (slot: CapacitySlot) => void;
  editNote: (slot: CapacitySlot) => void;
  closeDay: (target: DayTarget) => void;
  reopenDay: (target: DayTarget) => void;
};

const Figure = ({ value, strong }: { value: number | null; strong?: boolean }) => (
  <Text size="sm" fw={strong ? 600 : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
    {placesText(value)}
  </Text>
);

const ActionsMenu = ({ slot, actions }: { slot: CapacitySlot; actions: SlotActions }) => {
  const day: DayTarget = { experience_id: slot.experience_id, experience_title: slot.experience_title, date: slot.date };
  const state = actions.dayState(slot.experience_id);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <IconButton label={`Actions for ${slotTitle(slot)}`}>
          <IconDots size={16} />
        </IconButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={slot.closed ? <IconLockOpen size={15} /> : <IconLock size={15} />}
          onClick={() => actions.toggleClosed(slot)}
        >
          {slot.closed ? 'Reopen slot' : 'Close slot'}
        </Menu.Item>
        <Menu.Item leftSection={<IconUsers size={15} />} onClick={() => actions.changeCapacity(slot)}>
          Change capacity
        </Menu.Item>
        <Menu.Item leftSection={<IconNote size={15} />} onClick={() => actions.editNote(slot)}>
          {slot.note ? 'Edit note' : 'Add note'}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>Whole day of this offer</Menu.Label>
        {state.open ? (
          <Menu.Item color="red" leftSection={<IconCalendarOff size={15} />} onClick={() => actions.closeDay(day)}>
            Close whole day
          </Menu.Item>
        ) : null}
        {state.closed ? (
          <Menu.Item leftSection={<IconCalendarRepeat size={15} />} onClick={() => actions.reopenDay(day)}>
            Reopen day
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
};

/** The day list's columns; sortable where the API orders (starts_at, experience_title, booked, available). */
export const slotColumns = (actions: SlotActions | null): Column<CapacitySlot>[] => [
  {
    key: 'time',
    header: 'Time',
    sortField: 'starts_at',
    width: 120,
    render: (s) => (
      <Stack gap={0}>
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {s.start_time_id === null ? 'All day' : formatTime(s.time)}
        </Text>
        <Text size="xs" c="dimmed">
          {s.time_zone}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'offer',
    header: 'Offer',
    sortField: 'experience_title',
    render: (s) => (
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {s.experience_title}
      </Text>
    ),
  },
  {
    key: 'capacity',
    header: 'Capacity',
    align: 'right',
    width: 100,
    render: (s) =>
      s.capacity_override === null ? (
        <Figure value={s.capacity} />
      ) : (
        // Inline, so the cell's alignment applies: right in the table, left on a card.
        <Tooltip label="Changed for this slot (the schedule says otherwise)">
          <Text component="span" size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            <Badge size="xs" variant="light" color="brand" radius="sm" mr={4} style={{ verticalAlign: 'middle' }}>
              Set
            </Badge>
            {placesText(s.capacity)}
          </Text>
        </Tooltip>
      ),
  },
  { key: 'booked', header: 'Booked', sortField: 'booked', align: 'right', width: 96, render: (s) => <Figure value={s.booked} /> },
  { key: 'held', header: 'Held', align: 'right', width: 72, render: (s) => <Figure value={s.held} /> },
  {
    key: 'available',
    header: 'Available',
    sortField: 'available',
    align: 'right',
    width: 110,
    render: (s) => <Figure value={s.available} strong />,
  },
  {
    key: 'status',
    header: 'Status',
    width: 120,
    render: (s) => {
      const status = slotStatus(s);
      return (
        <Tooltip label={status.hint}>
          <Badge variant="light" color={status.color} radius="sm" tt="none" fw={600}>
            {status.label}
          </Badge>
        </Tooltip>
      );
    },
  },
  {
    key: 'note',
    header: 'Note',
    render: (s) => (
      <Text size="sm" c={s.note ? undefined : 'dimmed'} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {s.note || '—'}
      </Text>
    ),
  },
  ...(actions
    ? [
        {
          key: 'actions',
          header: '',
          width: 48,
          align: 'right' as const,
          render: (s: CapacitySlot) => <ActionsMenu slot={s} actions={actions} />,
        },
      ]
    : []),
];

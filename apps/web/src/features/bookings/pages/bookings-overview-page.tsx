import {
  BOOKING_PHASE_LABELS,
  BOOKING_STATUS_FILTER_LABELS,
  BOOKINGS_BY_DATE_ORDERING,
  type BookingListItem,
} from '@excursio/contract/bookings';
import { ATTENDANCE_STATUS_LABELS, ATTENDANCE_STATUSES, type AttendanceStatus } from '@excursio/contract/orders';
import { Anchor, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, IconButton } from '../../../components/button.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useListPricingCategoriesQuery } from '../../../lib/api/catalog.api.ts';
import { useListBookingsByDateQuery, useSetAttendanceMutation } from '../../../lib/api/orders.api.ts';
import { formatDisplayDate, formatTime, organizationToday } from '../../../lib/format/format.ts';
import { useDayParam } from '../../../lib/list/use-day-param.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { orderPath } from '../../../lib/order-paths.ts';

const LIST_SPEC = {
  filters: {
    status: Object.keys(BOOKING_STATUS_FILTER_LABELS),
    attendance_status: ATTENDANCE_STATUSES,
  },
  ordering: BOOKINGS_BY_DATE_ORDERING,
};
const DATE_PARAM = 'date';
const PHASE_COLORS: Record<BookingListItem['phase'], string> = {
  created: 'gray',
  confirmed: 'green',
  in_progress: 'blue',
  completed: 'gray',
  canceled: 'red',
};

/** Open / Arrived / No show in one tap; a canceled booking shows its attendance without the control. */
const Attendance = ({ booking }: { booking: BookingListItem }) => {
  const [setAttendance, { isLoading }] = useSetAttendanceMutation();
  const [pending, setPending] = useState<AttendanceStatus | null>(null);
  if (booking.status === 'canceled') return <Text size="sm">{ATTENDANCE_STATUS_LABELS[booking.attendance_status]}</Text>;
  return (
    <SegmentedControl
      size="xs"
      aria-label={`Attendance of ${booking.contact.first_name} ${booking.contact.last_name}`}
      value={pending ?? booking.attendance_status}
      disabled={isLoading}
      onChange={async (value) => {
        setPending(value as AttendanceStatus);
        await setAttendance({ id: booking.id, attendance_status: value as AttendanceStatus });
        setPending(null);
      }}
      data={ATTENDANCE_STATUSES.map((s) => ({ value: s, label: ATTENDANCE_STATUS_LABELS[s] }))}
    />
  );
};

/** `/bookings/overview`: one day's manifest — who comes when, for what, and who has arrived. */
export const BookingsOverviewPage = () => {
  const [, setParams] = useSearchParams();
  const date = useDayParam(DATE_PARAM);
  const list = useListParams(LIST_SPEC);
  const query = { ...list.apiQuery, date };
  const { data, isFetching, error } = useListBookingsByDateQuery(query, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const { data: categories } = useListPricingCategoriesQuery({ page: 1, page_size: 100 });
  const names = useMemo(() => new Map((categories?.results ?? []).map((c) => [c.id, c.name])), [categories]);

  const goTo = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set(DATE_PARAM, next);
      copy.delete('page');
      return copy;
    });

  const columns: Column<BookingListItem>[] = [
    { key: 'time', header: 'Time', sortField: 'starts_at', width: 80, render: (b) => <Text fw={600}>{formatTime(b.time)}</Text> },
    {
      key: 'customer',
      header: 'Customer',
      sortField: 'contact',
      render: (b) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {`${b.contact.first_name} ${b.contact.last_name}`.trim() || '—'}
          </Text>
          <Anchor component={Link} to={orderPath(b.order_id)} size="xs">
            Order {b.order_reference}
          </Anchor>
        </Stack>
      ),
    },
    { key: 'offer', header: 'Offer', sortField: 'experience_title', render: (b) => b.experience_title },
    {
      key: 'party',
      header: 'Participants',
      sortField: 'participants',
      render: (b) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {b.participants}
          </Text>
          <Text size="xs" c="dimmed">
            {b.party.map((p) => `${p.quantity} × ${names.get(p.pricing_category_id) ?? 'Participant'}`).join(', ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 150,
      render: (b) => <StatusBadge color={PHASE_COLORS[b.phase]}>{BOOKING_PHASE_LABELS[b.phase]}</StatusBadge>,
    },
    { key: 'attendance', header: 'Attendance', width: 250, render: (b) => <Attendance booking={b} /> },
  ];

  return (
    <Stack gap={0}>
      <PageAction>
        <ExportMenu path="/bookings/by-date/export/" params={query} label="Export manifest" />
      </PageAction>
      <Group gap="xs" mb="md" wrap="wrap">
        <IconButton label="Previous day" onClick={() => goTo(dayjs(date).subtract(1, 'day').format('YYYY-MM-DD'))}>
          <IconChevronLeft size={18} />
        </IconButton>
        <TextInput
          type="date"
          aria-label="Day"
          value={date}
          onChange={(e) => e.currentTarget.value && goTo(e.currentTarget.value)}
          w={170}
        />
        <IconButton label="Next day" onClick={() => goTo(dayjs(date).add(1, 'day').format('YYYY-MM-DD'))}>
          <IconChevronRight size={18} />
        </IconButton>
        <Button variant="standard" onClick={() => goTo(organizationToday())}>
          Today
        </Button>
        <Text fw={600} ml="sm">
          {`${dayjs(date).format('dddd')}, ${formatDisplayDate(date)}`}
        </Text>
      </Group>
      <ListToolbar
        list={list}
        searchLabel="Search bookings"
        searchPlaceholder="Search by name, #order or offer"
        filters={[
          {
            key: 'status',
            label: 'Status',
            kind: 'segmented',
            options: (Object.keys(BOOKING_STATUS_FILTER_LABELS) as (keyof typeof BOOKING_STATUS_FILTER_LABELS)[]).map(
              (value) => ({
                value,
                label: BOOKING_STATUS_FILTER_LABELS[value],
              }),
            ),
          },
          {
            key: 'attendance_status',
            label: 'Attendance',
            options: ATTENDANCE_STATUSES.map((value) => ({ value, label: ATTENDANCE_STATUS_LABELS[value] })),
          },
        ]}
      />
      <DataTable
        label="Bookings"
        columns={columns}
        rowKey={(b) => b.id}
        {...listTableProps(list, data, isFetching)}
        empty={{ message: list.hasActiveFilters ? 'No bookings match these filters.' : 'No bookings start on this day.' }}
      />
    </Stack>
  );
};

import { CAPACITY_BY_DATE_ORDERING } from '@excursio/contract/availability';
import { ACTIVATION_STATUS_LABELS } from '@excursio/contract/experiences';
import { Center, Stack, Text } from '@mantine/core';
import { IconHandClick } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useListExperiencesQuery } from '../../../lib/api/catalog.api.ts';
import { organizationToday } from '../../../lib/format/format.ts';
import { ALL } from '../../../lib/list/list-params.ts';
import { useListParams } from '../../../lib/list/use-list-params.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { useGetCapacityCalendarQuery, useListCapacityByDateQuery } from '../api/capacity.api.ts';
import { monthOf, type YearMonth } from '../calendar-grid.ts';
import { DATE_PARAM, OFFER_PARAM, readCalendarPlace, withDate, withMonth, withoutFilters } from '../capacity-params.ts';
import { CalendarLegend } from '../components/calendar-legend.tsx';
import { CalendarToolbar, type OfferOption } from '../components/calendar-toolbar.tsx';
import { CapacityCalendar } from '../components/capacity-calendar.tsx';
import { DaySlots } from '../components/day-slots.tsx';

const LIST_SPEC = { filters: { [OFFER_PARAM]: 'uuid' }, ordering: CAPACITY_BY_DATE_ORDERING } as const;

/** The offers to filter by: the account's offers when the user may list them, else those seen on the open day. */
const useOfferOptions = (canList: boolean, dayRows: { experience_id: string; experience_title: string }[] | undefined) => {
  const { data } = useListExperiencesQuery({ page_size: 100, ordering: 'title' }, { skip: !canList });
  return useMemo<OfferOption[]>(() => {
    if (canList) {
      return (data?.results ?? []).map((o) => ({
        value: o.id,
        label: o.status === 'active' ? o.title : `${o.title} (${ACTIVATION_STATUS_LABELS[o.status]})`,
      }));
    }
    const seen = new Map((dayRows ?? []).map((r) => [r.experience_id, r.experience_title]));
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [canList, data, dayRows]);
};

/**
 * Capacity overview (specification §2 `/capacity/overview`): a month of per-day utilisation, an
 * offer filter, and the opened day's slots below it. Month, day, offer, search, ordering and
 * paging are all in the URL.
 */
export const CapacityPage = () => {
  const list = useListParams(LIST_SPEC);
  const [params, setParams] = useSearchParams();
  // Today in the organization's zone (the calendar's and the slots' days are the offers' local days).
  const today = useMemo(() => organizationToday(), []);
  const place = readCalendarPlace(params, today);
  // A hand-edited day that is not a real one (`?date=2026-13-45`) opens today instead, URL fixed.
  const badDate = params.has(DATE_PARAM) && place.date === null;
  useEffect(() => {
    if (badDate) setParams((c) => withDate(c, today), { replace: true });
  }, [badDate, setParams, today]);
  const month: YearMonth = { year: place.year, month: place.month };
  const offerId = list.filters[OFFER_PARAM];
  const { can } = useAccess();
  const canManage = can(['Manage experiences']);

  const calendar = useGetCapacityCalendarQuery(
    { month: month.month, year: month.year, ...(offerId ? { experience_id: offerId } : {}) },
    { skip: !list.ready },
  );
  const days = useMemo(() => new Map((calendar.data?.days ?? []).map((d) => [d.date, d])), [calendar.data]);
  // The same request the day's list makes (shared from the cache): its rows name offers for the filter.
  const dayRows = useListCapacityByDateQuery(
    { ...list.apiQuery, date: place.date ?? '' },
    { skip: !list.ready || !place.date || can(['View experiences']) },
  ).data?.results;
  const offers = useOfferOptions(can(['View experiences']), dayRows);
  const offer = offerId ? { id: offerId, title: offers.find((o) => o.value === offerId)?.label ?? 'this offer' } : null;

  const go = (change: (current: URLSearchParams) => URLSearchParams) => setParams((c) => change(c), { replace: true });
  const panel = useRef<HTMLDivElement>(null);
  const reveal = useRef(false);
  const open = (date: string | null) => {
    reveal.current = date !== null;
    go((c) => withDate(c, date));
  };
  useEffect(() => {
    if (!reveal.current || !place.date) return;
    reveal.current = false;
    panel.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [place.date]);

  return (
    <Stack gap="md">
      <CalendarToolbar
        month={month}
        onMonthChange={(ym) => go((c) => withMonth(c, ym))}
        onToday={() => go((c) => withDate(withMonth(c, monthOf(today)), today))}
        offers={offers}
        offerId={offerId}
        onOfferChange={(value) => list.setFilter(OFFER_PARAM, value === ALL ? null : value)}
      />
      <CapacityCalendar
        month={month}
        days={days}
        loading={calendar.isFetching && !calendar.data}
        selected={place.date}
        today={today}
        onSelect={open}
        onMonthChange={(ym) => go((c) => withMonth(c, ym))}
      />
      <CalendarLegend />
      {place.date ? (
        <DaySlots
          ref={panel}
          date={place.date}
          list={list}
          day={days.get(place.date)}
          offer={offer}
          canManage={canManage}
          onClose={() => open(null)}
          onResetFilters={() => go(withoutFilters)}
        />
      ) : (
        <Center py="lg">
          <Text size="sm" c="dimmed" ta="center">
            <IconHandClick size={16} style={{ verticalAlign: 'text-bottom', marginRight: 6 }} aria-hidden />
            Choose a day to see its slots{canManage ? ', close or reopen them and change their capacity' : ''}.
          </Text>
        </Center>
      )}
    </Stack>
  );
};

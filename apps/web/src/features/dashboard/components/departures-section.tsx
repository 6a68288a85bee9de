import type { Departure, DeparturesResponse } from '@excursio/contract/home';
import { Anchor, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useGetDeparturesQuery } from '../api/dashboard.api.ts';
import { bookedLabel, checkInPercent, dayColor } from '../home-figures.ts';
import classes from './dashboard.module.css';
import { Section, SectionEmpty, SectionLoading } from './section.tsx';

const SHOWN = 6;

const DepartureRow = ({ departure }: { departure: Departure }) => {
  const percent = checkInPercent(departure);
  return (
    <li className={classes.row}>
      <Text fw={600} size="sm">
        {departure.time}
      </Text>
      <Text size="sm" truncate title={departure.experience_title}>
        {departure.experience_title}
        {departure.closed ? ' · closed' : ''}
      </Text>
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }} aria-label={`${bookedLabel(departure)} places booked`}>
        {bookedLabel(departure)}
      </Text>
      <span />
      <div
        className={classes.bar}
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={`${departure.arrived} of ${departure.participants} arrived`}
      >
        <div className={classes.barFill} style={{ width: `${percent}%` }} />
      </div>
      <span />
      <Text size="xs" c="dimmed" style={{ gridColumn: '2 / 4' }}>
        {departure.arrived} of {departure.participants} arrived · {departure.bookings}{' '}
        {departure.bookings === 1 ? 'booking' : 'bookings'}
      </Text>
    </li>
  );
};

const Today = ({ data }: { data: DeparturesResponse }) => {
  const more = data.today_departures_count - Math.min(SHOWN, data.today_departures.length);
  if (data.today_departures_count === 0) {
    return (
      <SectionEmpty>
        No departures with bookings today
        {data.today_empty_slots
          ? ` (${data.today_empty_slots} ${data.today_empty_slots === 1 ? 'start' : 'starts'} without bookings)`
          : ''}
        .
      </SectionEmpty>
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {data.today_departures_count} {data.today_departures_count === 1 ? 'departure' : 'departures'} · {data.today_arrived} of{' '}
        {data.today_participants} participants checked in
      </Text>
      <ul className={classes.rows} aria-label="Today's departures">
        {data.today_departures.slice(0, SHOWN).map((d) => (
          <DepartureRow key={`${d.experience_id}|${d.id}`} departure={d} />
        ))}
      </ul>
      {more > 0 ? (
        <Anchor component={Link} to={`/bookings/overview?date=${data.today}`} size="sm">
          {more} more today
        </Anchor>
      ) : null}
    </>
  );
};

const Week = ({ data }: { data: DeparturesResponse }) => (
  <ul className={classes.week} aria-label="Upcoming week">
    {data.days.map((day) => (
      <li key={day.date} className={classes.day} style={{ '--day-color': `var(--mantine-color-${dayColor(day)}-6)` } as never}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {day.date === data.today ? 'Today' : dayjs(day.date).format('ddd D')}
        </Text>
        <Text size="sm" fw={600}>
          {day.departures} {day.departures === 1 ? 'departure' : 'departures'}
        </Text>
        <Text size="xs" c="dimmed">
          {day.slots === 0 ? 'No starts' : `${bookedLabel(day)} places`}
        </Text>
      </li>
    ))}
  </ul>
);

const useDepartures = () => useGetDeparturesQuery(undefined, { refetchOnMountOrArgChange: true });

/** Today's departures: booked / capacity from the capacity engine, and check-in progress. */
export const TodaySection = ({ canOpenBookings }: { canOpenBookings: boolean }) => {
  const { data, isLoading, isError } = useDepartures();
  return (
    <Section
      title="Today's departures"
      link={canOpenBookings ? { to: '/bookings/overview', text: 'Bookings overview' } : undefined}
    >
      {isLoading ? (
        <SectionLoading />
      ) : data ? (
        <Today data={data} />
      ) : isError ? (
        <SectionEmpty>Could not load the departures.</SectionEmpty>
      ) : null}
    </Section>
  );
};

/** The seven days from today: departures and places booked of capacity per day (the same request). */
export const WeekSection = () => {
  const { data, isLoading } = useDepartures();
  return (
    <Section title="Upcoming week" link={{ to: '/capacity/overview', text: 'Capacity' }}>
      {isLoading ? <SectionLoading /> : data ? <Week data={data} /> : null}
      {data ? (
        <Text size="xs" c="dimmed" mt="xs">
          Places booked of capacity; the colour says how full the day is.
        </Text>
      ) : null}
    </Section>
  );
};

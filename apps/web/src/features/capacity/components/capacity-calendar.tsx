import { Paper, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { CapacityDay } from '../api/capacity.api.ts';
import {
  addDays,
  dayDescription,
  type GridDay,
  isInMonth,
  isoDate,
  isoWeekday,
  monthGrid,
  monthOf,
  monthTitle,
  utilisationTone,
  WEEKDAYS,
  type YearMonth,
} from '../calendar-grid.ts';
import classes from './capacity-calendar.module.css';

type Props = {
  month: YearMonth;
  days: ReadonlyMap<string, CapacityDay>;
  loading: boolean;
  selected: string | null;
  today: string;
  onSelect: (date: string) => void;
  onMonthChange: (month: YearMonth) => void;
};

const KEY_STEPS: Record<string, (date: string) => string> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  Home: (d) => addDays(d, 1 - isoWeekday(d)),
  End: (d) => addDays(d, 7 - isoWeekday(d)),
};

const DayCell = ({
  cell,
  day,
  loading,
  selected,
  today,
  focusable,
  onSelect,
  onKeyDown,
}: {
  cell: GridDay;
  day: CapacityDay | undefined;
  loading: boolean;
  selected: boolean;
  today: boolean;
  focusable: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) => {
  const tone = loading ? 'none' : utilisationTone(day);
  const shown = day && day.slots > 0 ? day : null;
  const limited = shown !== null && shown.capacity !== null;
  return (
    <UnstyledButton
      className={classes.day}
      data-date={cell.date}
      data-tone={tone}
      data-selected={selected || undefined}
      data-today={today || undefined}
      aria-pressed={selected}
      aria-current={today ? 'date' : undefined}
      tabIndex={focusable ? 0 : -1}
      onClick={onSelect}
      onKeyDown={onKeyDown}
    >
      <VisuallyHidden>{dayDescription(cell.date, day)}</VisuallyHidden>
      <span className={classes.top} aria-hidden>
        <span className={classes.number}>{cell.day}</span>
        {day && day.closed_slots > 0 ? <IconLock size={14} className={classes.closedIcon} /> : null}
      </span>
      {loading ? (
        <Skeleton height={10} width="60%" aria-hidden />
      ) : shown ? (
        <span aria-hidden>
          <span className={classes.figure}>{shown.utilisation === null ? 'No limit' : `${shown.utilisation} %`}</span>
          <span className={classes.detail}>
            {limited ? `${shown.booked + shown.held} / ${shown.capacity} places` : `${shown.booked + shown.held} taken`}
          </span>
          <span className={classes.detail}>
            {shown.slots} {shown.slots === 1 ? 'slot' : 'slots'}
            {shown.closed_slots > 0 ? ` · ${shown.closed_slots} closed` : ''}
          </span>
        </span>
      ) : null}
      {shown && limited && !loading ? (
        <span className={classes.bar} aria-hidden>
          <span className={classes.fill} style={{ width: `${Math.min(shown.utilisation ?? 0, 100)}%` }} />
        </span>
      ) : null}
    </UnstyledButton>
  );
};

/**
 * The month as a Monday-first grid of days, each coloured by how full it is, with its utilisation,
 * places taken and starts, and a lock when some of its starts are closed. Arrow keys move between
 * days (across months too), Enter or Space opens one.
 */
export const CapacityCalendar = ({ month, days, loading, selected, today, onSelect, onMonthChange }: Props) => {
  const weeks = monthGrid(month);
  const first = isoDate(month.year, month.month, 1);
  const [focused, setFocused] = useState<string | null>(null);
  const fallback = [selected, today, first].find((d): d is string => d !== null && isInMonth(d, month)) ?? first;
  const active = focused && isInMonth(focused, month) ? focused : fallback;
  const gridRef = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${active}"]`)?.focus();
  }, [active]);

  const onKeyDown = (date: string) => (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(date);
    moved.current = true;
    setFocused(next);
    if (!isInMonth(next, month)) onMonthChange(monthOf(next));
  };

  return (
    <Paper withBorder radius="md" p={{ base: 6, sm: 'md' }}>
      <table ref={gridRef} className={classes.grid} aria-label={`Capacity calendar, ${monthTitle(month)}`} aria-busy={loading}>
        <thead>
          <tr>
            {WEEKDAYS.map((name) => (
              <th key={name} scope="col" abbr={name} className={classes.weekday}>
                <Text component="span" inherit visibleFrom="sm">
                  {name.slice(0, 3)}
                </Text>
                <Text component="span" inherit hiddenFrom="sm">
                  {name.slice(0, 2)}
                </Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map((cell) => (
                <td key={cell.date} className={classes.cell}>
                  {cell.inMonth ? (
                    <DayCell
                      cell={cell}
                      day={days.get(cell.date)}
                      loading={loading}
                      selected={cell.date === selected}
                      today={cell.date === today}
                      focusable={cell.date === active}
                      onSelect={() => {
                        setFocused(cell.date);
                        onSelect(cell.date);
                      }}
                      onKeyDown={onKeyDown(cell.date)}
                    />
                  ) : (
                    <span className={classes.outside} aria-hidden>
                      {cell.day}
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Paper>
  );
};

import { MONTH_NAMES } from '@excursio/contract/format';
/**
 * The capacity calendar's pure rules: the Monday-first month grid, moving by months and days, and
 * the colour a day gets from how full it is. Dates are `YYYY-MM-DD` strings throughout, computed in
 * UTC so no browser zone or DST shifts a day.
 */

export type YearMonth = { year: number; month: number };
export type GridDay = { date: string; day: number; inMonth: boolean };

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

export const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

const toUtc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};
const fromUtc = (ms: number) => {
  const d = new Date(ms);
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
};

/** The date `days` later (or earlier, when negative). */
export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * DAY_MS);

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string) => ((new Date(toUtc(date)).getUTCDay() + 6) % 7) + 1;

export const daysInMonth = ({ year, month }: YearMonth) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const shiftMonth = ({ year, month }: YearMonth, delta: number): YearMonth => {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

export const monthOf = (date: string): YearMonth => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) });

export const isInMonth = (date: string, ym: YearMonth) => date.startsWith(`${ym.year}-${pad(ym.month)}-`);

/**
 * The weeks of a month, Monday first: whole weeks, so the first week starts with the last days of
 * the month before and the last week ends with the first days of the next one.
 */
export const monthGrid = (ym: YearMonth): GridDay[][] => {
  const first = isoDate(ym.year, ym.month, 1);
  const start = addDays(first, 1 - isoWeekday(first));
  const last = isoDate(ym.year, ym.month, daysInMonth(ym));
  const end = addDays(last, 7 - isoWeekday(last));
  const weeks: GridDay[][] = [];
  for (let date = start; date <= end; date = addDays(date, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const d = addDays(date, i);
        return { date: d, day: Number(d.slice(8, 10)), inMonth: isInMonth(d, ym) };
      }),
    );
  }
  return weeks;
};

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const monthTitle = ({ year, month }: YearMonth) => `${MONTH_NAMES[month - 1]} ${year}`;

/** The browser's local date (the calendar opens on the operator's "today"). */
export const localToday = (now = new Date()) => isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());

export type DayFigures = {
  slots: number;
  closed_slots: number;
  capacity: number | null;
  booked: number;
  held: number;
  utilisation: number | null;
};

/**
 * How full a day is, for its colour: `none` without starts, `closed` when every slot is closed,
 * `unlimited` when no start has a limit, else by utilisation — `low` below 50 %, `medium` below
 * 85 %, `high` from 85 % (overbooked days too).
 */
export type Tone = 'none' | 'closed' | 'unlimited' | 'low' | 'medium' | 'high';

export const LOW_BELOW = 50;
export const HIGH_FROM = 85;

export const utilisationTone = (day: DayFigures | undefined): Tone => {
  if (!day || day.slots === 0) return 'none';
  if (day.closed_slots >= day.slots) return 'closed';
  if (day.utilisation === null) return 'unlimited';
  if (day.utilisation < LOW_BELOW) return 'low';
  if (day.utilisation < HIGH_FROM) return 'medium';
  return 'high';
};

/** Mantine colours per tone (the legend uses the same). */
export const TONE_COLOR: Record<Tone, string> = {
  none: 'gray',
  closed: 'gray',
  unlimited: 'blue',
  low: 'green',
  medium: 'orange',
  high: 'red',
};

export const TONE_LABEL: Record<Tone, string> = {
  none: 'No slots',
  closed: 'All closed',
  unlimited: 'No limit',
  low: `Below ${LOW_BELOW} %`,
  medium: `${LOW_BELOW}–${HIGH_FROM - 1} %`,
  high: `${HIGH_FROM} % or more`,
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a screen reader hears for a day: the date, then its figures. */
export const dayDescription = (date: string, day: DayFigures | undefined) => {
  const [y, m, d] = date.split('-').map(Number);
  const name = `${WEEKDAYS[isoWeekday(date) - 1]}, ${d}. ${MONTH_NAMES[m - 1]} ${y}`;
  if (!day || day.slots === 0) return `${name}: no slots`;
  const parts = [plural(day.slots, 'slot')];
  if (day.capacity !== null) {
    parts.push(`${day.booked + day.held} of ${day.capacity} places taken (${day.utilisation ?? 0} %)`);
  } else {
    parts.push(`${day.booked + day.held} places taken, no limit`);
  }
  if (day.closed_slots > 0) parts.push(`${day.closed_slots} closed`);
  return `${name}: ${parts.join(', ')}`;
};

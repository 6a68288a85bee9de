import { Temporal } from 'temporal-polyfill';
import { civilFromDay, DAY_MS } from './local-date.ts';

/**
 * Zones with awkward rules, for the property tests: the three of the issue, half-hour DST (Lord
 * Howe), transitions at midnight (Santiago, Havana, Beirut), odd offsets (Chatham, Kathmandu,
 * St John's), a whole skipped day (Apia, 2011-12-30), Ramadan suspensions (Casablanca) and
 * "negative DST" (Dublin).
 */
export const AWKWARD_ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
  'Asia/Beirut',
  'Pacific/Chatham',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Pacific/Apia',
  'Africa/Casablanca',
  'Europe/Dublin',
  'UTC',
] as const;

/** 1990-01-01 … 2039-12-31 as epoch days. */
export const DAY_RANGE = { min: Date.UTC(1990, 0, 1) / DAY_MS, max: Date.UTC(2039, 11, 31) / DAY_MS };

const plain = (epochDay: number, minuteOfDay: number) => {
  const { year, month, day } = civilFromDay(epochDay);
  return new Temporal.PlainDateTime(year, month, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
};

/** Temporal's own answer, one call per time: the reference the fast path must equal. */
export const referenceInstant = (timeZone: string, epochDay: number, minuteOfDay: number): number | null => {
  const wall = plain(epochDay, minuteOfDay);
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  // In a gap 'earlier' moves the wall time; a wall time that comes back changed did not exist.
  return zoned.toPlainDateTime().equals(wall) ? zoned.epochMilliseconds : null;
};

export const referenceStartOfDay = (timeZone: string, epochDay: number): number => {
  const { year, month, day } = civilFromDay(epochDay);
  return Temporal.PlainDate.from({ year, month, day }).toZonedDateTime({ timeZone }).epochMilliseconds;
};

/** The local date and `HH:mm` of an instant, read by Temporal. */
export const referenceWall = (timeZone: string, epochMs: number): { date: string; time: string } => {
  const z = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone);
  return { date: z.toPlainDate().toString(), time: z.toPlainTime().toString({ smallestUnit: 'minute' }) };
};

import { Temporal } from 'temporal-polyfill';

/**
 * The home's calendar arithmetic in the organization's zone (pure, unit-tested): today, the days
 * ahead, and the instants that bound this month, last month and last month up to now.
 */

/** `YYYY-MM-DD` of an instant in a zone. */
export const localDateIn = (at: Date, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();

/** `count` consecutive dates from `from` on. */
export const datesFrom = (from: string, count: number) => {
  const start = Temporal.PlainDate.from(from);
  return Array.from({ length: count }, (_, i) => start.add({ days: i }).toString());
};

const startOfDay = (date: Temporal.PlainDate, timeZone: string) => new Date(date.toZonedDateTime({ timeZone }).epochMilliseconds);

/**
 * This month [thisFrom, thisTo), last month [lastFrom, thisFrom), and last month up to the same
 * day of month and time of day as now (`lastToDate`; clipped to last month's end, so on 31 March it
 * is the whole of February).
 */
export const monthWindow = (now: Date, timeZone: string) => {
  const zoned = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone);
  const first = zoned.toPlainDate().with({ day: 1 });
  const lastFirst = first.subtract({ months: 1 });
  const elapsed = zoned.epochMilliseconds - first.toZonedDateTime({ timeZone }).epochMilliseconds;
  const thisFrom = startOfDay(first, timeZone);
  const lastFrom = startOfDay(lastFirst, timeZone);
  const lastToDate = new Date(Math.min(lastFrom.getTime() + elapsed, thisFrom.getTime()));
  return {
    month: first.toPlainYearMonth().toString(),
    lastMonth: lastFirst.toPlainYearMonth().toString(),
    thisFrom,
    thisTo: startOfDay(first.add({ months: 1 }), timeZone),
    lastFrom,
    lastToDate,
  };
};

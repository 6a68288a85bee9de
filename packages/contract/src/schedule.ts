import { z } from 'zod';
import { count, isoDate, wallTime } from './catalog-common.ts';
import { id, timestamp } from './common.ts';

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const startTimeFields = {
  time: wallTime,
  weekdays: z
    .array(z.number().int().min(1).max(7))
    .min(1, { error: 'Pick at least one weekday.' })
    .max(7)
    .transform((days) => [...new Set(days)].sort()),
  date_from: isoDate,
  date_to: isoDate.nullable(),
  capacity: count(1),
};

/** One line of an offer's schedule: a local wall time on some weekdays between two dates. */
export const startTimeInput = z.strictObject({ experience_id: id, ...startTimeFields });
export const startTimePatchInput = z.strictObject(startTimeFields).partial();
/** PUT `/api/start-times/{id}/`: every field of the line (the offer stays the same). */
export const startTimePutInput = z.strictObject(startTimeFields);
export type StartTimeInput = z.infer<typeof startTimeInput>;

export const startTime = z.object({
  id,
  experience_id: id,
  time: z.string(),
  weekdays: z.array(z.number().int()),
  date_from: z.string(),
  date_to: z.string().nullable(),
  capacity: z.number().int(),
  /** The offer's IANA zone: the wall time is read in it. */
  time_zone: z.string(),
  created_at: timestamp,
});
export type StartTime = z.infer<typeof startTime>;
export const START_TIME_ORDERING = ['time', 'date_from', 'capacity', 'created_at'] as const;
/** `/api/start-times/?experience={id}`: the lines of one offer. */
export const startTimeListFilters = { experience: id.optional() };

/**
 * `PUT /api/experiences/{id}/start-times/`: the offer's whole schedule at once. Lines with an `id`
 * keep it (updated in place), lines without one are added, the offer's other lines are removed.
 */
export const scheduleInput = z.strictObject({
  start_times: z.array(z.strictObject({ id: id.optional(), ...startTimeFields })).max(200),
});
export type ScheduleInput = z.infer<typeof scheduleInput>;
export const schedule = z.object({ results: z.array(startTime) });

type Line = { time: string; weekdays: readonly number[]; date_from: string; date_to: string | null };

const weekdayOf = (isoDay: string) => {
  const d = new Date(`${isoDay}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/**
 * Problems of one schedule line on its own: the end before the start, or a range in which none of
 * its weekdays occurs (every start would fall outside the date range).
 */
export const startTimeProblems = (line: Line): { attr: string; detail: string }[] => {
  if (line.date_to === null) return [];
  if (line.date_to < line.date_from) {
    return [{ attr: 'date_to', detail: 'The end date must be on or after the start date.' }];
  }
  const days = Math.round((Date.parse(line.date_to) - Date.parse(line.date_from)) / 86_400_000) + 1;
  if (days >= 7) return [];
  const occurring = new Set<number>();
  for (let i = 0; i < days; i++)
    occurring.add(weekdayOf(new Date(Date.parse(line.date_from) + i * 86_400_000).toISOString().slice(0, 10)));
  if (!line.weekdays.some((d) => occurring.has(d))) {
    return [{ attr: 'weekdays', detail: 'None of the chosen weekdays falls inside the date range.' }];
  }
  return [];
};

/** Two lines of one offer collide when they share the time, a weekday and at least one date. */
export const startTimesOverlap = (a: Line, b: Line) => {
  if (a.time !== b.time) return false;
  if (!a.weekdays.some((d) => b.weekdays.includes(d))) return false;
  const aEnd = a.date_to ?? '9999-12-31';
  const bEnd = b.date_to ?? '9999-12-31';
  return a.date_from <= bEnd && b.date_from <= aEnd;
};

import { type StartTime, startTimeProblems, startTimesOverlap } from '@excursio/contract/schedule';
import type { Resolver } from 'react-hook-form';
import type { PathErrors } from './rate-form.ts';
import { toFieldErrors } from './rate-form.ts';
import { formatScheduleLine, normaliseWeekdays } from './schedule-format.ts';

export type ScheduleFormValues = {
  /** Several times at once when adding (one start-time line each); one when editing. */
  times: { value: string }[];
  /** Chip values: ISO weekdays as strings. */
  weekdays: string[];
  date_from: string | null;
  date_to: string | null;
  capacity: number | string;
};

export type ScheduleLine = { time: string; weekdays: number[]; date_from: string; date_to: string | null; capacity: number };

const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const scheduleFormDefaults = (line: StartTime | null, today: string): ScheduleFormValues => ({
  times: [{ value: line ? line.time.slice(0, 5) : '' }],
  weekdays: (line?.weekdays ?? [1, 2, 3, 4, 5, 6, 7]).map(String),
  date_from: line?.date_from ?? today,
  date_to: line?.date_to ?? null,
  capacity: line?.capacity ?? '',
});

/**
 * Reads the form into one line per time, with the contract's own checks (`startTimeProblems`) and
 * the overlap rule against the offer's other lines, so most refusals show before anything is sent.
 */
export const readScheduleForm = (
  values: ScheduleFormValues,
  existing: readonly StartTime[],
  editingId: string | null,
): { lines: ScheduleLine[] | null; errors: PathErrors } => {
  const errors: PathErrors = {};
  const weekdays = normaliseWeekdays(values.weekdays.map(Number));
  if (weekdays.length === 0) errors.weekdays = 'Pick at least one weekday.';
  if (!values.date_from) errors.date_from = 'Choose the first day.';
  const capacity = values.capacity === '' ? null : Number(values.capacity);
  if (capacity === null) errors.capacity = 'Enter how many places each start has.';
  else if (!Number.isInteger(capacity) || capacity < 1) errors.capacity = 'Ensure this value is greater than or equal to 1.';
  else if (capacity > 100_000) errors.capacity = 'Ensure this value is less than or equal to 100000.';

  const seen = new Set<string>();
  values.times.forEach(({ value }, index) => {
    if (!value) errors[`times.${index}.value`] = 'Enter a time.';
    else if (!WALL_TIME.test(value)) errors[`times.${index}.value`] = 'Use the time format HH:mm (24-hour).';
    else if (seen.has(value)) errors[`times.${index}.value`] = 'This time is listed twice.';
    seen.add(value);
  });

  const dateFrom = values.date_from ?? '';
  const dateTo = values.date_to || null;
  if (dateFrom && weekdays.length > 0) {
    for (const problem of startTimeProblems({ time: '00:00', weekdays, date_from: dateFrom, date_to: dateTo })) {
      errors[problem.attr] ??= problem.detail;
    }
  }
  const lines = values.times.map(({ value }) => ({
    time: value,
    weekdays,
    date_from: dateFrom,
    date_to: dateTo,
    capacity: capacity ?? 1,
  }));
  if (Object.keys(errors).length === 0) {
    lines.forEach((line, index) => {
      const clash = existing.find(
        (other) => other.id !== editingId && startTimesOverlap(line, { ...other, time: other.time.slice(0, 5) }),
      );
      if (clash) errors[`times.${index}.value`] = `Overlaps ${formatScheduleLine(clash)}.`;
    });
  }
  return { lines: Object.keys(errors).length === 0 ? lines : null, errors };
};

/** A server attribute of one POST / PATCH → the form path (`time` belongs to that line's time input). */
export const formPathOfStartTimeAttr = (attr: string, timeIndex: number) => (attr === 'time' ? `times.${timeIndex}.value` : attr);

export const scheduleFormResolver =
  (existing: readonly StartTime[], editingId: string | null): Resolver<ScheduleFormValues> =>
  async (values) => {
    const { lines, errors } = readScheduleForm(values, existing, editingId);
    return lines ? { values, errors: {} } : { values: {}, errors: toFieldErrors<ScheduleFormValues>(errors) };
  };

import { WEEKDAY_LABELS } from '@excursio/contract/schedule';
import { formatDisplayDate, formatTime } from '../../../../lib/format/format.ts';

/** Shortcuts of the weekday picker (ISO weekdays, 1 = Monday). */
export const WEEKDAY_PRESETS = {
  'Every day': [1, 2, 3, 4, 5, 6, 7],
  Weekdays: [1, 2, 3, 4, 5],
  Weekends: [6, 7],
} as const satisfies Record<string, readonly number[]>;

const sameDays = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((day, i) => day === b[i]);

/** The sorted, de-duplicated ISO weekdays of a line. */
export const normaliseWeekdays = (days: readonly number[]) =>
  [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);

/** [1,2,3] → "Mon Tue Wed"; all seven → "Every day"; Mon–Fri → "Weekdays"; Sat+Sun → "Weekends". */
export const formatWeekdays = (days: readonly number[]) => {
  const sorted = normaliseWeekdays(days);
  if (sorted.length === 0) return 'No days';
  for (const [label, preset] of Object.entries(WEEKDAY_PRESETS)) if (sameDays(sorted, preset)) return label;
  return sorted.map((day) => WEEKDAY_LABELS[day - 1]).join(' ');
};

/** "from 01. December 2026 until 31. March 2027", or "from 01. December 2026, ongoing". */
export const formatDateSpan = (from: string, to: string | null) =>
  to ? `from ${formatDisplayDate(from)} until ${formatDisplayDate(to)}` : `from ${formatDisplayDate(from)}, ongoing`;

/** "09:00 · Mon Tue Wed · from 01. December 2026 until 31. March 2027 · capacity 12" */
export const formatScheduleLine = (line: {
  time: string;
  weekdays: readonly number[];
  date_from: string;
  date_to: string | null;
  capacity: number;
}) =>
  [
    formatTime(line.time),
    formatWeekdays(line.weekdays),
    formatDateSpan(line.date_from, line.date_to),
    `capacity ${line.capacity}`,
  ].join(' · ');

/** A rate's validity: "Always valid", "01. December 2026 – 31. March 2027", "From …", "Until …". */
export const formatValidity = (from: string | null, to: string | null) => {
  if (from && to) return `${formatDisplayDate(from)} – ${formatDisplayDate(to)}`;
  if (from) return `From ${formatDisplayDate(from)}`;
  if (to) return `Until ${formatDisplayDate(to)}`;
  return 'Always valid';
};

/** "1–10 participants", "From 2 participants", "Exactly 4 participants". */
export const formatParticipants = (min: number, max: number | null) => {
  if (max === null) return min <= 1 ? 'Any number of participants' : `From ${min} participants`;
  if (max === min) return `Exactly ${min} participant${min === 1 ? '' : 's'}`;
  return `${min}–${max} participants`;
};

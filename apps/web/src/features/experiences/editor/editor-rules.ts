import { EDITOR_STEPS, type EditorStep, type Experience } from '@excursio/contract/experiences';

/** Tab labels: the specification's editor tabs, plus 'Booking info' (a specification step). */
export const STEP_LABELS: Record<EditorStep, string> = {
  'basic-info': 'Basic Info',
  description: 'Description',
  pricing: 'Pricing',
  media: 'Media',
  settings: 'Settings',
  'booking-info': 'Booking info',
  preview: 'Preview',
};

export const FIRST_STEP: EditorStep = 'basic-info';

export const isEditorStep = (value: string | undefined): value is EditorStep =>
  value !== undefined && (EDITOR_STEPS as readonly string[]).includes(value);

// Duration: hours + minutes inputs ↔ duration_minutes. An empty input is '' (Mantine NumberInput).
export type NumberField = number | '';

export const durationToParts = (total: number | null): { hours: NumberField; minutes: NumberField } =>
  total === null ? { hours: '', minutes: '' } : { hours: Math.floor(total / 60), minutes: total % 60 };

/** Both inputs empty → no duration (null); otherwise hours × 60 + minutes. */
export const partsToDuration = (hours: NumberField, minutes: NumberField): number | null =>
  hours === '' && minutes === '' ? null : (hours === '' ? 0 : hours) * 60 + (minutes === '' ? 0 : minutes);

// Booking cut-off: a number and a unit ↔ booking_cutoff_minutes.
export const CUTOFF_UNITS = ['minutes', 'hours', 'days'] as const;
export type CutoffUnit = (typeof CUTOFF_UNITS)[number];
export const CUTOFF_UNIT_MINUTES: Record<CutoffUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** The largest unit that expresses the cut-off exactly (0 shows as 0 hours). */
export const minutesToCutoff = (total: number): { value: number; unit: CutoffUnit } => {
  if (total === 0) return { value: 0, unit: 'hours' };
  if (total % CUTOFF_UNIT_MINUTES.days === 0) return { value: total / CUTOFF_UNIT_MINUTES.days, unit: 'days' };
  if (total % CUTOFF_UNIT_MINUTES.hours === 0) return { value: total / CUTOFF_UNIT_MINUTES.hours, unit: 'hours' };
  return { value: total, unit: 'minutes' };
};

export const cutoffToMinutes = (value: number, unit: CutoffUnit) => Math.round(value * CUTOFF_UNIT_MINUTES[unit]);

const same = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  return Object.is(a, b);
};

/**
 * The fields of a step's values that differ from the stored offer: what a PATCH sends. Empty when
 * nothing changed (then no request is made, specification §5).
 */
export const changedFields = <P extends object>(values: P, current: object): Partial<P> => {
  const stored = current as Record<string, unknown>;
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => !same(value, stored[key]))) as Partial<P>;
};

/** Which step fixes a publish problem (`publish_problems[].attr`). */
const PROBLEM_STEPS: Record<string, EditorStep> = {
  title: 'basic-info',
  description: 'description',
  images: 'media',
  rates: 'pricing',
  start_times: 'pricing',
};
export const problemStep = (attr: string): EditorStep => PROBLEM_STEPS[attr] ?? 'basic-info';

export type PublishProblem = Experience['publish_problems'][number];
const START_TIMES_PROBLEM: PublishProblem = { attr: 'start_times', detail: 'Add at least one start time.' };

/**
 * The server's publish problems, adjusted for an unsaved open-dated switch: an open-dated pass
 * needs no start times (the same rule as the contract's `publishProblems`).
 */
export const effectivePublishProblems = (
  experience: Pick<Experience, 'type' | 'start_times_count' | 'publish_problems'>,
  isOpenDated: boolean,
): PublishProblem[] => {
  const others = experience.publish_problems.filter((problem) => problem.attr !== 'start_times');
  const needsStartTimes = !(experience.type === 'ticket' && isOpenDated) && experience.start_times_count === 0;
  if (!needsStartTimes) return others;
  const serverSays = experience.publish_problems.find((problem) => problem.attr === 'start_times');
  return [...others, serverSays ?? START_TIMES_PROBLEM];
};

export const OVERVIEW_PATH = '/products/experiences/overview';

/** The read-only offer, for people who may view offers but not change them. */
export const viewPath = (experienceId: string) => `/products/experiences/view/${experienceId}`;

import { count } from '@excursio/contract/catalog-common';
import { type Experience, experiencePutInput } from '@excursio/contract/experiences';
import { z } from 'zod';
import {
  CUTOFF_UNITS,
  cutoffToMinutes,
  durationToParts,
  minutesToCutoff,
  type NumberField,
  partsToDuration,
} from './editor-rules.ts';

/**
 * The form schemas of the basic-info, description and settings steps. Each parses the form's
 * values into the PATCH fields of its step, with the contract's field shapes.
 */
const F = experiencePutInput.shape;

/** Mantine's NumberInput gives '' when empty. */
const numberInput = z.union([z.number(), z.literal('')]);
const requiredNumber = numberInput.refine((value) => value !== '', { error: 'Enter a number.' });
const asNumber = (value: NumberField) => (value === '' ? 0 : value);

// ── basic info ──────────────────────────────────────────────────────────────────────────────
export const basicInfoSchema = z
  .object({
    title: F.title,
    type: F.type,
    category: F.category,
    subcategory: F.subcategory,
    address: F.address,
    city: F.city,
    country_code: F.country_code,
    latitude: F.latitude,
    longitude: F.longitude,
    duration_hours: numberInput.refine((v) => v === '' || (Number.isInteger(v) && v >= 0 && v <= 999), {
      error: 'Enter whole hours between 0 and 999.',
    }),
    duration_mins: numberInput.refine((v) => v === '' || (Number.isInteger(v) && v >= 0 && v <= 59), {
      error: 'Enter minutes between 0 and 59.',
    }),
    languages: F.languages,
    min_group_size: requiredNumber.transform(asNumber).pipe(count(1)),
    max_group_size: numberInput.transform((v) => (v === '' ? null : v)).pipe(count(1).nullable()),
    time_zone: F.time_zone,
    currency: F.currency,
  })
  .refine((v) => v.max_group_size === null || v.max_group_size >= v.min_group_size, {
    path: ['max_group_size'],
    error: 'The maximum group size cannot be below the minimum.',
  })
  .refine((v) => partsToDuration(v.duration_hours, v.duration_mins) !== 0, {
    path: ['duration_mins'],
    error: 'A duration is at least one minute (or leave both empty).',
  })
  .transform(({ duration_hours, duration_mins, ...rest }) => ({
    ...rest,
    duration_minutes: partsToDuration(duration_hours, duration_mins),
  }));
export type BasicInfoValues = z.input<typeof basicInfoSchema>;

export const basicInfoValues = (e: Experience): BasicInfoValues => {
  const duration = durationToParts(e.duration_minutes);
  return {
    title: e.title,
    type: e.type,
    category: e.category,
    subcategory: e.subcategory,
    address: e.address,
    city: e.city,
    country_code: e.country_code,
    latitude: e.latitude,
    longitude: e.longitude,
    duration_hours: duration.hours,
    duration_mins: duration.minutes,
    languages: e.languages,
    min_group_size: e.min_group_size,
    max_group_size: e.max_group_size ?? '',
    time_zone: e.time_zone,
    currency: e.currency,
  };
};

// ── description ─────────────────────────────────────────────────────────────────────────────
/** An editable list: blank rows are dropped before the contract's checks. */
const editableList = z
  .array(z.string())
  .transform((items) => items.map((item) => item.trim()).filter((item) => item !== ''))
  .pipe(F.highlights);

export const descriptionSchema = z.object({
  short_description: F.short_description,
  description: F.description,
  highlights: editableList,
  included: editableList,
  not_included: editableList,
  what_to_bring: editableList,
  important_information: F.important_information,
});
export type DescriptionValues = z.input<typeof descriptionSchema>;
export const LIST_FIELDS = ['highlights', 'included', 'not_included', 'what_to_bring'] as const;

export const descriptionValues = (e: Experience): DescriptionValues => ({
  short_description: e.short_description,
  description: e.description,
  highlights: e.highlights,
  included: e.included,
  not_included: e.not_included,
  what_to_bring: e.what_to_bring,
  important_information: e.important_information,
});

// ── settings ────────────────────────────────────────────────────────────────────────────────
const MAX_CUTOFF_MINUTES = 100_000;

export const settingsSchema = z
  .object({
    cutoff_value: requiredNumber.refine((v) => Number.isInteger(v) && v >= 0, {
      error: 'Enter a whole number, 0 or more.',
    }),
    cutoff_unit: z.enum(CUTOFF_UNITS),
    confirmation_mode: F.confirmation_mode,
    visibility: F.visibility,
    is_open_dated: F.is_open_dated,
    /** Open-dated passes: places per day; empty = no daily limit. */
    daily_capacity: numberInput.transform((v) => (v === '' ? null : v)).pipe(count(1).nullable()),
    group_takes_one_place: F.group_takes_one_place,
    status: F.status.unwrap(),
  })
  .refine((v) => cutoffToMinutes(asNumber(v.cutoff_value), v.cutoff_unit) <= MAX_CUTOFF_MINUTES, {
    path: ['cutoff_value'],
    error: 'The cut-off can be at most 69 days.',
  })
  .transform(({ cutoff_value, cutoff_unit, ...rest }) => ({
    ...rest,
    booking_cutoff_minutes: cutoffToMinutes(asNumber(cutoff_value), cutoff_unit),
  }));
export type SettingsValues = z.input<typeof settingsSchema>;

export const settingsValues = (e: Experience): SettingsValues => {
  const cutoff = minutesToCutoff(e.booking_cutoff_minutes);
  return {
    cutoff_value: cutoff.value,
    cutoff_unit: cutoff.unit,
    confirmation_mode: e.confirmation_mode,
    visibility: e.visibility,
    is_open_dated: e.is_open_dated,
    daily_capacity: e.daily_capacity ?? '',
    group_takes_one_place: e.group_takes_one_place,
    status: e.status,
  };
};

import type { Experience } from '@excursio/contract/experiences';
import { describe, expect, it } from 'vitest';
import { changedFields } from './editor-rules.ts';
import {
  basicInfoSchema,
  basicInfoValues,
  descriptionSchema,
  descriptionValues,
  settingsSchema,
  settingsValues,
} from './step-schemas.ts';

const offer = (overrides: Partial<Experience> = {}): Experience => ({
  id: '0198f1d2-7c3a-7b8e-9f00-1a2b3c4d5e6f',
  type: 'ticket',
  status: 'draft',
  title: 'Castle ticket',
  category: 'attractions',
  subcategory: 'landmarks',
  address: 'Grajska planota 1, Ljubljana',
  city: 'Ljubljana',
  country_code: 'SI',
  latitude: 46.049,
  longitude: 14.508,
  duration_minutes: 90,
  languages: ['en', 'sl'],
  min_group_size: 1,
  max_group_size: 20,
  time_zone: 'Europe/Ljubljana',
  currency: 'EUR',
  is_open_dated: false,
  daily_capacity: null,
  group_takes_one_place: false,
  short_description: 'The castle above the old town.',
  description: 'A long description.',
  highlights: ['View'],
  included: [],
  not_included: [],
  what_to_bring: [],
  important_information: '',
  booking_cutoff_minutes: 120,
  confirmation_mode: 'instant',
  visibility: 'public',
  meeting_point_id: null,
  cancellation_policy_id: null,
  images: [],
  from_price: null,
  from_price_category: null,
  rates_count: 0,
  start_times_count: 0,
  publish_problems: [],
  created_at: '2026-11-02T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('basic info', () => {
  it('parses the stored offer back to itself: nothing to send', () => {
    const e = offer();
    const parsed = basicInfoSchema.parse(basicInfoValues(e));
    expect(changedFields(parsed, e)).toEqual({});
  });

  it('sends the duration as minutes and only what changed', () => {
    const e = offer();
    const values = { ...basicInfoValues(e), duration_hours: 2, duration_mins: 15, title: '  Castle day ticket ' };
    expect(changedFields(basicInfoSchema.parse(values), e)).toEqual({ title: 'Castle day ticket', duration_minutes: 135 });
    const cleared = { ...basicInfoValues(e), duration_hours: '' as const, duration_mins: '' as const };
    expect(changedFields(basicInfoSchema.parse(cleared), e)).toEqual({ duration_minutes: null });
  });

  it('refuses a blank title, a zero duration and a maximum below the minimum', () => {
    const e = offer();
    expect(fieldErrors(basicInfoSchema.safeParse({ ...basicInfoValues(e), title: '   ' }))).toHaveProperty('title');
    const zero = basicInfoSchema.safeParse({ ...basicInfoValues(e), duration_hours: 0, duration_mins: 0 });
    expect(fieldErrors(zero)).toHaveProperty('duration_mins');
    const group = basicInfoSchema.safeParse({ ...basicInfoValues(e), min_group_size: 5, max_group_size: 4 });
    expect(fieldErrors(group)).toEqual({ max_group_size: 'The maximum group size cannot be below the minimum.' });
    expect(fieldErrors(basicInfoSchema.safeParse({ ...basicInfoValues(e), min_group_size: '' }))).toHaveProperty(
      'min_group_size',
    );
    expect(fieldErrors(basicInfoSchema.safeParse({ ...basicInfoValues(e), duration_mins: 75 }))).toHaveProperty('duration_mins');
  });

  it('treats an empty maximum group size as no limit', () => {
    const e = offer();
    expect(changedFields(basicInfoSchema.parse({ ...basicInfoValues(e), max_group_size: '' }), e)).toEqual({
      max_group_size: null,
    });
    expect(basicInfoValues(offer({ max_group_size: null })).max_group_size).toBe('');
  });
});

describe('description', () => {
  it('drops blank list rows and trims items before comparing', () => {
    const e = offer({ highlights: ['View', 'Dragon bridge'] });
    const values = { ...descriptionValues(e), highlights: [' View ', '', 'Dragon bridge  '] };
    expect(changedFields(descriptionSchema.parse(values), e)).toEqual({});
    const added = { ...descriptionValues(e), included: ['Guide', '  '] };
    expect(changedFields(descriptionSchema.parse(added), e)).toEqual({ included: ['Guide'] });
  });

  it('refuses an item over 500 characters and a short description over 500', () => {
    const e = offer();
    expect(descriptionSchema.safeParse({ ...descriptionValues(e), what_to_bring: ['x'.repeat(501)] }).success).toBe(false);
    expect(descriptionSchema.safeParse({ ...descriptionValues(e), short_description: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('settings', () => {
  it('shows the cut-off in its largest exact unit and sends minutes', () => {
    const e = offer({ booking_cutoff_minutes: 2880 });
    expect(settingsValues(e)).toMatchObject({ cutoff_value: 2, cutoff_unit: 'days' });
    expect(changedFields(settingsSchema.parse(settingsValues(e)), e)).toEqual({});
    const changed = { ...settingsValues(e), cutoff_value: 3, cutoff_unit: 'hours' as const, status: 'inactive' as const };
    expect(changedFields(settingsSchema.parse(changed), e)).toEqual({ booking_cutoff_minutes: 180, status: 'inactive' });
  });

  it('refuses an empty, fractional or too long cut-off', () => {
    const e = offer();
    expect(fieldErrors(settingsSchema.safeParse({ ...settingsValues(e), cutoff_value: '' }))).toHaveProperty('cutoff_value');
    expect(fieldErrors(settingsSchema.safeParse({ ...settingsValues(e), cutoff_value: 1.5 }))).toHaveProperty('cutoff_value');
    const long = settingsSchema.safeParse({ ...settingsValues(e), cutoff_value: 70, cutoff_unit: 'days' });
    expect(fieldErrors(long)).toEqual({ cutoff_value: 'The cut-off can be at most 69 days.' });
  });

  it('sends the daily capacity (empty = no limit) and the group rule only when changed', () => {
    const e = offer({ is_open_dated: true, daily_capacity: null });
    expect(settingsValues(e)).toMatchObject({ daily_capacity: '', group_takes_one_place: false });
    expect(changedFields(settingsSchema.parse(settingsValues(e)), e)).toEqual({});
    const set = { ...settingsValues(e), daily_capacity: 40, group_takes_one_place: true };
    expect(changedFields(settingsSchema.parse(set), e)).toEqual({ daily_capacity: 40, group_takes_one_place: true });
    const limited = offer({ is_open_dated: true, daily_capacity: 40 });
    expect(changedFields(settingsSchema.parse({ ...settingsValues(limited), daily_capacity: '' }), limited)).toEqual({
      daily_capacity: null,
    });
  });

  it('refuses a daily capacity below 1 or fractional', () => {
    const e = offer({ is_open_dated: true });
    expect(fieldErrors(settingsSchema.safeParse({ ...settingsValues(e), daily_capacity: 0 }))).toHaveProperty('daily_capacity');
    expect(fieldErrors(settingsSchema.safeParse({ ...settingsValues(e), daily_capacity: 2.5 }))).toHaveProperty('daily_capacity');
  });
});

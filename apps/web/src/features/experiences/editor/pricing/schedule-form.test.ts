import type { StartTime } from '@excursio/contract/schedule';
import { describe, expect, it } from 'vitest';
import { formPathOfStartTimeAttr, readScheduleForm, type ScheduleFormValues, scheduleFormDefaults } from './schedule-form.ts';

const values = (change: Partial<ScheduleFormValues> = {}): ScheduleFormValues => ({
  ...scheduleFormDefaults(null, '2026-12-01'),
  times: [{ value: '09:00' }],
  capacity: 12,
  ...change,
});
const existing: StartTime = {
  id: 's1',
  experience_id: 'e1',
  time: '09:00',
  weekdays: [1, 2, 3],
  date_from: '2026-12-01',
  date_to: '2027-03-31',
  capacity: 10,
  time_zone: 'Europe/Vienna',
  created_at: '2026-11-01T00:00:00Z',
};

describe('readScheduleForm', () => {
  it('gives one line per time', () => {
    const { lines, errors } = readScheduleForm(
      values({ times: [{ value: '09:00' }, { value: '14:30' }], weekdays: ['3', '1'] }),
      [],
      null,
    );
    expect(errors).toEqual({});
    expect(lines).toEqual([
      { time: '09:00', weekdays: [1, 3], date_from: '2026-12-01', date_to: null, capacity: 12 },
      { time: '14:30', weekdays: [1, 3], date_from: '2026-12-01', date_to: null, capacity: 12 },
    ]);
  });

  it('checks times, weekdays, dates and capacity', () => {
    const { lines, errors } = readScheduleForm(
      values({
        times: [{ value: '' }, { value: '25:00' }, { value: '10:00' }, { value: '10:00' }],
        weekdays: [],
        date_from: null,
        capacity: 0,
      }),
      [],
      null,
    );
    expect(lines).toBeNull();
    expect(errors).toEqual({
      'times.0.value': 'Enter a time.',
      'times.1.value': 'Use the time format HH:mm (24-hour).',
      'times.3.value': 'This time is listed twice.',
      weekdays: 'Pick at least one weekday.',
      date_from: 'Choose the first day.',
      capacity: 'Ensure this value is greater than or equal to 1.',
    });
  });

  it('applies the contract rules on the date range', () => {
    expect(readScheduleForm(values({ date_to: '2026-11-01' }), [], null).errors).toEqual({
      date_to: 'The end date must be on or after the start date.',
    });
    // 2026-12-05 and 06 are a weekend: a Monday-only line never runs.
    expect(
      readScheduleForm(values({ weekdays: ['1'], date_from: '2026-12-05', date_to: '2026-12-06' }), [], null).errors,
    ).toEqual({
      weekdays: 'None of the chosen weekdays falls inside the date range.',
    });
  });

  it('refuses an overlap with another line, but not with the line being edited', () => {
    const { errors } = readScheduleForm(values({ times: [{ value: '10:00' }, { value: '09:00' }] }), [existing], null);
    expect(errors).toEqual({
      'times.1.value': 'Overlaps 09:00 · Mon Tue Wed · from 01. December 2026 until 31. March 2027 · capacity 10.',
    });
    expect(readScheduleForm(values({ weekdays: ['4', '5'] }), [existing], null).errors).toEqual({});
    expect(readScheduleForm(values(), [existing], 's1').errors).toEqual({});
  });

  it('maps the server attribute `time` to the time input of that request', () => {
    expect(formPathOfStartTimeAttr('time', 2)).toBe('times.2.value');
    expect(formPathOfStartTimeAttr('capacity', 2)).toBe('capacity');
  });
});

describe('scheduleFormDefaults', () => {
  it('starts with every day from today, or the line being edited', () => {
    expect(scheduleFormDefaults(null, '2026-12-01')).toEqual({
      times: [{ value: '' }],
      weekdays: ['1', '2', '3', '4', '5', '6', '7'],
      date_from: '2026-12-01',
      date_to: null,
      capacity: '',
    });
    expect(scheduleFormDefaults({ ...existing, time: '09:00:00' }, '2026-12-01')).toMatchObject({
      times: [{ value: '09:00' }],
      weekdays: ['1', '2', '3'],
      capacity: 10,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { setDisplayFormats } from '../../../../lib/format/format.ts';
import {
  formatDateSpan,
  formatParticipants,
  formatScheduleLine,
  formatValidity,
  formatWeekdays,
  normaliseWeekdays,
} from './schedule-format.ts';

describe('formatWeekdays', () => {
  it('lists short day names in week order', () => {
    expect(formatWeekdays([1, 2, 3])).toBe('Mon Tue Wed');
    expect(formatWeekdays([7, 1, 3])).toBe('Mon Wed Sun');
    expect(formatWeekdays([2, 2, 4])).toBe('Tue Thu');
    expect(formatWeekdays([6])).toBe('Sat');
  });

  it('names the shortcuts', () => {
    expect(formatWeekdays([1, 2, 3, 4, 5, 6, 7])).toBe('Every day');
    expect(formatWeekdays([5, 4, 3, 2, 1])).toBe('Weekdays');
    expect(formatWeekdays([7, 6])).toBe('Weekends');
    expect(formatWeekdays([1, 2, 3, 4, 5, 6])).toBe('Mon Tue Wed Thu Fri Sat');
  });

  it('copes with nothing and with out-of-range days', () => {
    expect(formatWeekdays([])).toBe('No days');
    expect(normaliseWeekdays([0, 8, 3, 3])).toEqual([3]);
  });
});

describe('schedule lines', () => {
  it('formats a line as the editor lists it', () => {
    expect(
      formatScheduleLine({ time: '09:00', weekdays: [1, 2, 3], date_from: '2026-12-01', date_to: '2027-03-31', capacity: 12 }),
    ).toBe('09:00 · Mon Tue Wed · from 01. December 2026 until 31. March 2027 · capacity 12');
    expect(formatScheduleLine({ time: '14:30:00', weekdays: [6, 7], date_from: '2026-12-01', date_to: null, capacity: 1 })).toBe(
      '14:30 · Weekends · from 01. December 2026, ongoing · capacity 1',
    );
  });

  it('formats date spans', () => {
    expect(formatDateSpan('2027-01-05', null)).toBe('from 05. January 2027, ongoing');
  });
});

describe('rate summaries', () => {
  it('formats validity', () => {
    expect(formatValidity(null, null)).toBe('Always valid');
    expect(formatValidity('2026-12-01', '2027-03-31')).toBe('01. December 2026 – 31. March 2027');
    expect(formatValidity('2026-12-01', null)).toBe('From 01. December 2026');
    expect(formatValidity(null, '2027-03-31')).toBe('Until 31. March 2027');
  });

  it('formats participants', () => {
    expect(formatParticipants(1, null)).toBe('Any number of participants');
    expect(formatParticipants(2, null)).toBe('From 2 participants');
    expect(formatParticipants(1, 10)).toBe('1–10 participants');
    expect(formatParticipants(4, 4)).toBe('Exactly 4 participants');
    expect(formatParticipants(1, 1)).toBe('Exactly 1 participant');
  });
});

describe("a start time in the organization's time format", () => {
  it('is written 12-hour once the organization uses it', () => {
    const line = { time: '16:00:00', weekdays: [1], date_from: '2026-12-01', date_to: null, capacity: 8 };
    expect(formatScheduleLine(line)).toBe('16:00 · Mon · from 01. December 2026, ongoing · capacity 8');
    setDisplayFormats({ date_format: 'DD. MMMM YYYY', time_format: '12h' });
    try {
      expect(formatScheduleLine(line)).toBe('04:00 PM · Mon · from 01. December 2026, ongoing · capacity 8');
    } finally {
      setDisplayFormats({ date_format: 'DD. MMMM YYYY', time_format: '24h' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { startTimeInput, startTimeProblems, startTimesOverlap } from './schedule.ts';

// 2026-11-02 is a Monday; 2026-11-08 a Sunday.
const line = { time: '09:00', weekdays: [1, 3, 5], date_from: '2026-11-02', date_to: '2026-11-30' as string | null };

describe('startTimeProblems', () => {
  it('accepts an open-ended line and a line with a weekday inside its range', () => {
    expect(startTimeProblems({ ...line, date_to: null })).toEqual([]);
    expect(startTimeProblems(line)).toEqual([]);
    expect(startTimeProblems({ ...line, date_to: '2026-11-02' })).toEqual([]); // a single Monday
  });

  it('refuses an end before the start', () => {
    expect(startTimeProblems({ ...line, date_to: '2026-11-01' })).toEqual([
      { attr: 'date_to', detail: 'The end date must be on or after the start date.' },
    ]);
  });

  it('refuses a range in which none of the chosen weekdays occurs', () => {
    // Tue 3 – Thu 5 November hold no Monday and no Friday (Wednesday is not chosen).
    const problems = startTimeProblems({ ...line, weekdays: [1, 5], date_from: '2026-11-03', date_to: '2026-11-05' });
    expect(problems.map((p) => p.attr)).toEqual(['weekdays']);
    // A weekend-only line on a weekday-only range.
    expect(startTimeProblems({ ...line, weekdays: [6, 7], date_from: '2026-11-02', date_to: '2026-11-06' })).toHaveLength(1);
    // The range's last day counts: Sunday 8 November.
    expect(startTimeProblems({ ...line, weekdays: [7], date_from: '2026-11-06', date_to: '2026-11-08' })).toEqual([]);
  });

  it('accepts any weekday once the range spans a full week', () => {
    expect(startTimeProblems({ ...line, weekdays: [4], date_from: '2026-11-02', date_to: '2026-11-08' })).toEqual([]);
  });

  it('counts days by calendar date across a DST change', () => {
    // Europe changes clocks on Sunday 25 October 2026: Sat 24 – Sun 25 still holds a Sunday.
    expect(startTimeProblems({ ...line, weekdays: [7], date_from: '2026-10-24', date_to: '2026-10-25' })).toEqual([]);
  });
});

describe('startTimesOverlap', () => {
  it('collides on the same time, a shared weekday and a shared date', () => {
    expect(startTimesOverlap(line, { ...line, weekdays: [5, 6] })).toBe(true);
    expect(startTimesOverlap(line, { ...line, date_from: '2026-11-30', date_to: '2026-12-31' })).toBe(true);
  });

  it('does not collide on another time, disjoint weekdays or disjoint dates', () => {
    expect(startTimesOverlap(line, { ...line, time: '09:30' })).toBe(false);
    expect(startTimesOverlap(line, { ...line, weekdays: [2, 4] })).toBe(false);
    expect(startTimesOverlap(line, { ...line, date_from: '2026-12-01', date_to: null })).toBe(false);
    expect(startTimesOverlap(line, { ...line, date_from: '2026-10-01', date_to: '2026-11-01' })).toBe(false);
  });

  it('treats an open end as running forever, on either side', () => {
    const open = { ...line, date_from: '2027-06-01', date_to: null };
    expect(startTimesOverlap({ ...line, date_to: null }, open)).toBe(true);
    expect(startTimesOverlap(open, { ...line, date_to: null })).toBe(true);
    expect(startTimesOverlap(open, line)).toBe(false);
  });
});

describe('startTimeInput', () => {
  it('sorts and de-duplicates weekdays and refuses a capacity below 1', () => {
    const base = { experience_id: '0196f2a4-0000-7000-8000-000000000001', ...line, capacity: 10 };
    expect(startTimeInput.parse({ ...base, weekdays: [5, 1, 5] }).weekdays).toEqual([1, 5]);
    expect(startTimeInput.safeParse({ ...base, capacity: 0 }).success).toBe(false);
    expect(startTimeInput.safeParse({ ...base, capacity: -3 }).success).toBe(false);
    expect(startTimeInput.safeParse({ ...base, time: '24:00' }).success).toBe(false);
    expect(startTimeInput.safeParse({ ...base, weekdays: [] }).success).toBe(false);
  });
});

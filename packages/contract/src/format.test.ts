import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatClockTime } from './format.ts';

describe('formatClockTime', () => {
  it("writes an instant's time in the zone as 24-hour or 12-hour (hh:mm A, like the web)", () => {
    expect(formatClockTime('2026-12-01T09:00:00Z', 'Europe/Berlin')).toBe('10:00');
    expect(formatClockTime('2026-12-01T13:05:00Z', 'Europe/Berlin', '24h')).toBe('14:05');
    expect(formatClockTime('2026-12-01T09:00:00Z', 'Europe/Berlin', '12h')).toBe('10:00 AM');
    expect(formatClockTime(new Date('2026-12-01T13:05:00Z'), 'Europe/Berlin', '12h')).toBe('02:05 PM');
    expect(formatClockTime('2026-12-01T11:30:00Z', 'Europe/Berlin', '12h')).toBe('12:30 PM');
    expect(formatClockTime('2026-11-30T23:05:00Z', 'Europe/Berlin', '12h')).toBe('12:05 AM');
    expect(formatClockTime('2026-12-01T23:05:00Z', 'America/New_York', '24h')).toBe('18:05');
  });
});

describe('formatCalendarDate', () => {
  it("writes an instant's date in the zone in each of the organization's date formats", () => {
    const late = '2026-11-28T23:30:00Z'; // already the 29th in Ljubljana
    expect(formatCalendarDate(late, 'UTC')).toBe('28. November 2026');
    expect(formatCalendarDate(late, 'Europe/Ljubljana')).toBe('29. November 2026');
    expect(formatCalendarDate(late, 'UTC', 'YYYY-MM-DD')).toBe('2026-11-28');
    expect(formatCalendarDate(late, 'UTC', 'DD.MM.YYYY')).toBe('28.11.2026');
    expect(formatCalendarDate(new Date(late), 'UTC', 'MM/DD/YYYY')).toBe('11/28/2026');
    expect(formatCalendarDate('2026-03-05T10:00:00Z', 'UTC', 'DD. MMMM YYYY')).toBe('05. March 2026');
  });

  it('writes a plain day as it is in any zone', () => {
    expect(formatCalendarDate('2026-11-28', 'Pacific/Honolulu')).toBe('28. November 2026');
    expect(formatCalendarDate('2026-11-28', 'Pacific/Kiritimati', 'DD.MM.YYYY')).toBe('28.11.2026');
  });
});

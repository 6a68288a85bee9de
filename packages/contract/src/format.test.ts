import { describe, expect, it } from 'vitest';
import { formatClockTime } from './format.ts';

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

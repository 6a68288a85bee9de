import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  civilFromDay,
  DAY_MS,
  formatInstant,
  formatIsoDate,
  formatWallTime,
  isoWeekday,
  monthDays,
  parseIsoDate,
  parseWallTime,
} from './local-date.ts';

describe('local dates', () => {
  it('parses and formats dates and refuses impossible ones', () => {
    expect(parseIsoDate('1970-01-01')).toBe(0);
    expect(parseIsoDate('2026-03-29')).toBe(Date.UTC(2026, 2, 29) / DAY_MS);
    expect(formatIsoDate(parseIsoDate('2024-02-29'))).toBe('2024-02-29');
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-01', '26-01-01', '2026-01-01T00:00']) {
      expect(() => parseIsoDate(bad)).toThrow(RangeError);
    }
  });

  it('names ISO weekdays (2026-11-02 is a Monday, 2026-11-08 a Sunday)', () => {
    expect(isoWeekday(parseIsoDate('2026-11-02'))).toBe(1);
    expect(isoWeekday(parseIsoDate('2026-11-08'))).toBe(7);
    expect(isoWeekday(parseIsoDate('1969-12-31'))).toBe(3);
  });

  it('reads and writes wall times', () => {
    expect(parseWallTime('00:00')).toBe(0);
    expect(parseWallTime('23:59')).toBe(1439);
    expect(formatWallTime(9 * 60 + 5)).toBe('09:05');
    for (const bad of ['24:00', '9:00', '09:60', '09:00:00']) expect(() => parseWallTime(bad)).toThrow(RangeError);
  });

  it('bounds a month', () => {
    expect(monthDays(2026, 2)).toEqual({ from: parseIsoDate('2026-02-01'), to: parseIsoDate('2026-02-28') });
    expect(monthDays(2028, 2).to).toBe(parseIsoDate('2028-02-29'));
    expect(monthDays(2026, 12).to).toBe(parseIsoDate('2026-12-31'));
  });

  it('agrees with Date on every day (civil conversion, weekday, round trip)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 2_900_000 }), (day) => {
        const d = new Date(day * DAY_MS);
        expect(civilFromDay(day)).toEqual({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
        expect(isoWeekday(day)).toBe(d.getUTCDay() === 0 ? 7 : d.getUTCDay());
        if (d.getUTCFullYear() >= 1000) expect(parseIsoDate(formatIsoDate(day))).toBe(day);
      }),
    );
  });

  it('formats instants exactly as toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 3e14 }), fc.boolean(), (ms, whole) => {
        const instant = whole ? Math.floor(ms / 60_000) * 60_000 : ms;
        expect(formatInstant(instant)).toBe(new Date(instant).toISOString());
      }),
    );
  });
});

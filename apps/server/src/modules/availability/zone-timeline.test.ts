import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, parseIsoDate } from './local-date.ts';
import { AWKWARD_ZONES, DAY_RANGE, referenceInstant, referenceStartOfDay } from './test-zones.test-helpers.ts';
import { zoneTimeline } from './zone-timeline.ts';

const at = (iso: string) => Date.parse(iso);

describe('zoneTimeline', () => {
  it('converts ordinary days with one offset', () => {
    const berlin = zoneTimeline('Europe/Berlin');
    expect(berlin.toEpochMs(parseIsoDate('2026-01-15'), 9 * 60)).toBe(at('2026-01-15T08:00:00Z'));
    expect(berlin.toEpochMs(parseIsoDate('2026-07-15'), 9 * 60)).toBe(at('2026-07-15T07:00:00Z'));
  });

  it('finds no instant for a wall time inside the spring-forward gap', () => {
    const berlin = zoneTimeline('Europe/Berlin');
    const day = parseIsoDate('2026-03-29');
    expect(berlin.toEpochMs(day, 2 * 60)).toBeNull(); // 02:00 does not exist
    expect(berlin.toEpochMs(day, 2 * 60 + 59)).toBeNull();
    expect(berlin.toEpochMs(day, 3 * 60)).toBe(at('2026-03-29T01:00:00Z'));
    expect(berlin.toEpochMs(day, 60 + 59)).toBe(at('2026-03-29T00:59:00Z'));
  });

  it('takes the first occurrence of an ambiguous wall time', () => {
    const berlin = zoneTimeline('Europe/Berlin');
    const day = parseIsoDate('2026-10-25');
    expect(berlin.toEpochMs(day, 2 * 60)).toBe(at('2026-10-25T00:00:00Z')); // 02:00 CEST, not CET
    expect(berlin.toEpochMs(day, 2 * 60 + 59)).toBe(at('2026-10-25T00:59:00Z'));
    expect(berlin.toEpochMs(day, 3 * 60)).toBe(at('2026-10-25T02:00:00Z'));
  });

  it('starts a day whose midnight fell into a gap at the end of the gap', () => {
    // Chile moves 00:00 → 01:00 on 2026-09-06.
    const santiago = zoneTimeline('America/Santiago');
    const day = parseIsoDate('2026-09-06');
    expect(santiago.toEpochMs(day, 0)).toBeNull();
    expect(santiago.startOfDayMs(day)).toBe(at('2026-09-06T04:00:00Z'));
    expect(santiago.startOfDayMs(day + 1)).toBe(at('2026-09-07T03:00:00Z'));
  });

  it('skips a whole missing day (Samoa crossed the date line on 2011-12-30)', () => {
    const apia = zoneTimeline('Pacific/Apia');
    const day = parseIsoDate('2011-12-30');
    for (const minute of [0, 9 * 60, 23 * 60 + 59]) expect(apia.toEpochMs(day, minute)).toBeNull();
    expect(apia.toEpochMs(day + 1, 0)).toBe(at('2011-12-30T10:00:00Z'));
  });

  it('reads the local day of an instant', () => {
    const sydney = zoneTimeline('Australia/Sydney');
    expect(sydney.localDayAt(at('2026-04-04T13:59:00Z'))).toBe(parseIsoDate('2026-04-05'));
    expect(sydney.localDayAt(at('2026-04-04T12:59:00Z'))).toBe(parseIsoDate('2026-04-04'));
  });

  it('refuses an unknown zone', () => {
    expect(() => zoneTimeline('Mars/Olympus_Mons').toEpochMs(parseIsoDate('2026-01-01'), 0)).toThrow(RangeError);
  });

  it('equals Temporal for any zone, date and wall time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AWKWARD_ZONES),
        fc.integer(DAY_RANGE),
        fc.integer({ min: 0, max: 1439 }),
        (zone, day, minute) => {
          expect(zoneTimeline(zone).toEpochMs(day, minute)).toBe(referenceInstant(zone, day, minute));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('equals Temporal on and around every transition of the awkward zones, minute by minute', () => {
    // Random days rarely hit a transition; walk each zone's 2025–2027 transitions instead.
    for (const zone of AWKWARD_ZONES) {
      const tl = zoneTimeline(zone);
      for (let day = parseIsoDate('2025-01-01'); day <= parseIsoDate('2027-12-31'); day++) {
        const noon = day * DAY_MS + 12 * 3_600_000;
        const changes = tl.offsetAt(noon - DAY_MS) !== tl.offsetAt(noon + DAY_MS);
        if (!changes) continue;
        for (const d of [day - 1, day, day + 1]) {
          for (let minute = 0; minute < 1440; minute += 15) {
            expect([zone, d, minute, tl.toEpochMs(d, minute)]).toEqual([zone, d, minute, referenceInstant(zone, d, minute)]);
          }
          expect(tl.startOfDayMs(d)).toBe(referenceStartOfDay(zone, d));
        }
      }
    }
  });

  it('starts every day where Temporal does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...AWKWARD_ZONES), fc.integer(DAY_RANGE), (zone, day) => {
        expect(zoneTimeline(zone).startOfDayMs(day)).toBe(referenceStartOfDay(zone, day));
      }),
      { numRuns: 500 },
    );
  });
});

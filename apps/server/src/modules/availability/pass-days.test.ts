import { describe, expect, it } from 'vitest';
import { generatePassDays, type PassDaysInput } from './pass-days.ts';

const base = (over: Partial<PassDaysInput>): PassDaysInput => ({
  timeZone: 'Europe/Berlin',
  rates: [{ id: 'season', validFrom: '2026-07-01', validTo: '2026-07-10', priceCount: 1 }],
  dailyCap: 200,
  cutoffMinutes: 0,
  from: '2026-06-25',
  to: '2026-07-31',
  nowMs: Date.parse('2026-01-01T00:00:00Z'),
  ...over,
});

describe('generatePassDays (open-dated passes)', () => {
  it('gives one day slot per date of the validity window inside the asked window, with the daily cap', () => {
    const days = generatePassDays(base({}));
    expect(days.map((d) => d.date)).toEqual([
      '2026-07-01',
      '2026-07-02',
      '2026-07-03',
      '2026-07-04',
      '2026-07-05',
      '2026-07-06',
      '2026-07-07',
      '2026-07-08',
      '2026-07-09',
      '2026-07-10',
    ]);
    expect(days[0]).toMatchObject({
      startTimeId: null,
      time: '00:00',
      timeZone: 'Europe/Berlin',
      startsAt: '2026-06-30T22:00:00.000Z',
      endsAt: '2026-07-01T22:00:00.000Z',
      capacity: 200,
      rateIds: ['season'],
      bookable: true,
      reason: null,
    });
  });

  it('has no cap when the offer sets none, and follows open-ended validity into any window', () => {
    const days = generatePassDays(
      base({
        dailyCap: null,
        rates: [{ id: 'open', validFrom: '2026-01-01', validTo: null, priceCount: 1 }],
        from: '2030-02-01',
        to: '2030-02-28',
      }),
    );
    expect(days).toHaveLength(28);
    expect(days.every((d) => d.capacity === null)).toBe(true);
  });

  it('takes the union of the priced rates and ignores unpriced ones', () => {
    const days = generatePassDays(
      base({
        rates: [
          { id: 'a', validFrom: '2026-07-01', validTo: '2026-07-02', priceCount: 1 },
          { id: 'b', validFrom: '2026-07-02', validTo: '2026-07-03', priceCount: 1 },
          { id: 'unpriced', validFrom: '2026-07-04', validTo: '2026-07-20', priceCount: 0 },
        ],
      }),
    );
    expect(days.map((d) => [d.date, d.rateIds])).toEqual([
      ['2026-07-01', ['a']],
      ['2026-07-02', ['a', 'b']],
      ['2026-07-03', ['b']],
    ]);
    expect(generatePassDays(base({ rates: [] }))).toEqual([]);
  });

  it("sells today's pass until the end of the day minus the cut-off", () => {
    const day = (now: string, cutoffMinutes = 0) =>
      generatePassDays(base({ nowMs: Date.parse(now), cutoffMinutes, from: '2026-07-05', to: '2026-07-05' }))[0];
    expect(day('2026-07-05T12:00:00Z')).toMatchObject({ bookable: true });
    expect(day('2026-07-05T21:59:59Z')).toMatchObject({ bookable: true });
    expect(day('2026-07-05T22:00:00Z')).toMatchObject({ bookable: false, reason: 'past' });
    expect(day('2026-07-05T20:00:00Z', 120)).toMatchObject({ bookable: false, reason: 'cutoff' });
    expect(day('2026-07-05T19:59:00Z', 120)).toMatchObject({ bookable: true });
  });

  it('spans the real length of DST days and starts after a gap at midnight', () => {
    const berlin = generatePassDays(
      base({ rates: [{ id: 'r', validFrom: null, validTo: null, priceCount: 1 }], from: '2026-03-29', to: '2026-03-29' }),
    )[0];
    expect(berlin.endMs - berlin.startMs).toBe(23 * 3_600_000);
    // Santiago skips 00:00–01:00 on 2026-09-06: the day starts at 01:00 and lasts 23 hours.
    const santiago = generatePassDays(
      base({
        timeZone: 'America/Santiago',
        rates: [{ id: 'r', validFrom: null, validTo: null, priceCount: 1 }],
        from: '2026-09-05',
        to: '2026-09-06',
      }),
    );
    expect(santiago.map((d) => [d.date, d.time, d.startsAt, d.endsAt])).toEqual([
      ['2026-09-05', '00:00', '2026-09-05T04:00:00.000Z', '2026-09-06T04:00:00.000Z'],
      ['2026-09-06', '01:00', '2026-09-06T04:00:00.000Z', '2026-09-07T03:00:00.000Z'],
    ]);
  });

  it('lists the days of an offer that is not Active without selling them', () => {
    expect(generatePassDays(base({ sellable: false }))[0]).toMatchObject({ bookable: false, reason: 'not_active' });
  });
});

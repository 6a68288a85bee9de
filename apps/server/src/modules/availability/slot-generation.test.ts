import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, formatIsoDate, formatWallTime, isoWeekday, parseIsoDate } from './local-date.ts';
import type { RateValidity } from './rate-validity.ts';
import {
  countStartsBetween,
  generateSlots,
  generateSlotsBetween,
  nextBookableSlots,
  type ScheduleLine,
  type SlotGenerationInput,
  startInstantsBetween,
  startInstantsCursor,
} from './slot-generation.ts';
import { AWKWARD_ZONES, DAY_RANGE, referenceInstant, referenceWall } from './test-zones.test-helpers.ts';

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
const TIMES = ['00:30', '02:30', '09:00', '13:00', '23:30'];
const lines = (times: string[], over: Partial<ScheduleLine> = {}): ScheduleLine[] =>
  times.map((time, i) => ({
    id: `line-${i}`,
    time,
    weekdays: ALL_DAYS,
    dateFrom: '2026-01-01',
    dateTo: null,
    capacity: 12,
    ...over,
  }));
const openRate: RateValidity = { id: 'rate-open', validFrom: null, validTo: null, priceCount: 2 };
const base = (over: Partial<SlotGenerationInput>): SlotGenerationInput => ({
  timeZone: 'UTC',
  startTimes: lines(['09:00']),
  durationMinutes: 90,
  cutoffMinutes: 0,
  rates: [openRate],
  from: '2026-06-01',
  to: '2026-06-01',
  nowMs: Date.parse('2026-01-01T00:00:00Z'),
  ...over,
});
const startsOn = (timeZone: string, date: string) =>
  generateSlots(base({ timeZone, startTimes: lines(TIMES), from: date, to: date })).map((s) => [s.time, s.startsAt]);

describe('generateSlots across DST (2026), starts at 00:30, 02:30, 09:00, 13:00, 23:30', () => {
  it('Europe/Berlin spring forward (29 March): 02:30 does not exist and is skipped', () => {
    expect(startsOn('Europe/Berlin', '2026-03-29')).toEqual([
      ['00:30', '2026-03-28T23:30:00.000Z'],
      ['09:00', '2026-03-29T07:00:00.000Z'],
      ['13:00', '2026-03-29T11:00:00.000Z'],
      ['23:30', '2026-03-29T21:30:00.000Z'],
    ]);
  });

  it('Europe/Berlin fall back (25 October): 02:30 happens twice and starts at the first (CEST)', () => {
    expect(startsOn('Europe/Berlin', '2026-10-25')).toEqual([
      ['00:30', '2026-10-24T22:30:00.000Z'],
      ['02:30', '2026-10-25T00:30:00.000Z'],
      ['09:00', '2026-10-25T08:00:00.000Z'],
      ['13:00', '2026-10-25T12:00:00.000Z'],
      ['23:30', '2026-10-25T22:30:00.000Z'],
    ]);
  });

  it('America/New_York spring forward (8 March): 02:30 is skipped', () => {
    expect(startsOn('America/New_York', '2026-03-08')).toEqual([
      ['00:30', '2026-03-08T05:30:00.000Z'],
      ['09:00', '2026-03-08T13:00:00.000Z'],
      ['13:00', '2026-03-08T17:00:00.000Z'],
      ['23:30', '2026-03-09T03:30:00.000Z'],
    ]);
  });

  it('America/New_York fall back (1 November): 02:30 is after the overlap (EST); 01:30 takes EDT', () => {
    expect(startsOn('America/New_York', '2026-11-01')).toEqual([
      ['00:30', '2026-11-01T04:30:00.000Z'],
      ['02:30', '2026-11-01T07:30:00.000Z'],
      ['09:00', '2026-11-01T14:00:00.000Z'],
      ['13:00', '2026-11-01T18:00:00.000Z'],
      ['23:30', '2026-11-02T04:30:00.000Z'],
    ]);
    const ambiguous = generateSlots(
      base({ timeZone: 'America/New_York', startTimes: lines(['01:30']), from: '2026-11-01', to: '2026-11-01' }),
    );
    expect(ambiguous.map((s) => s.startsAt)).toEqual(['2026-11-01T05:30:00.000Z']);
  });

  it('Australia/Sydney fall back (5 April): 02:30 happens twice and starts at the first (AEDT)', () => {
    expect(startsOn('Australia/Sydney', '2026-04-05')).toEqual([
      ['00:30', '2026-04-04T13:30:00.000Z'],
      ['02:30', '2026-04-04T15:30:00.000Z'],
      ['09:00', '2026-04-04T23:00:00.000Z'],
      ['13:00', '2026-04-05T03:00:00.000Z'],
      ['23:30', '2026-04-05T13:30:00.000Z'],
    ]);
  });

  it('Australia/Sydney spring forward (4 October): 02:30 is skipped', () => {
    expect(startsOn('Australia/Sydney', '2026-10-04')).toEqual([
      ['00:30', '2026-10-03T14:30:00.000Z'],
      ['09:00', '2026-10-03T22:00:00.000Z'],
      ['13:00', '2026-10-04T02:00:00.000Z'],
      ['23:30', '2026-10-04T12:30:00.000Z'],
    ]);
  });

  it('ends a slot its duration later in elapsed time, so the wall-clock end moves across the change', () => {
    const [slot] = generateSlots(
      base({
        timeZone: 'Europe/Berlin',
        startTimes: lines(['00:30']),
        durationMinutes: 180,
        from: '2026-03-29',
        to: '2026-03-29',
      }),
    );
    expect([slot.startsAt, slot.endsAt]).toEqual(['2026-03-28T23:30:00.000Z', '2026-03-29T02:30:00.000Z']); // 04:30 CEST
    expect(slot.endMs - slot.startMs).toBe(180 * 60_000);
    expect(slot.timeZone).toBe('Europe/Berlin');
    expect(slot.date).toBe('2026-03-29');
  });
});

describe('generateSlots: cut-off and bookability', () => {
  // Berlin 2026-06-10 09:00 = 07:00Z; a 120-minute cut-off closes sales at 05:00Z.
  const slotAt = (now: string, over: Partial<SlotGenerationInput> = {}) =>
    generateSlots(
      base({
        timeZone: 'Europe/Berlin',
        cutoffMinutes: 120,
        from: '2026-06-10',
        to: '2026-06-10',
        nowMs: Date.parse(now),
        ...over,
      }),
    )[0];

  it('sells until the cut-off, then stops with the reason', () => {
    expect(slotAt('2026-06-10T04:59:59.999Z')).toMatchObject({ bookable: true, reason: null });
    expect(slotAt('2026-06-10T05:00:00.000Z')).toMatchObject({ bookable: false, reason: 'cutoff' });
    expect(slotAt('2026-06-10T06:59:00.000Z')).toMatchObject({ bookable: false, reason: 'cutoff' });
    expect(slotAt('2026-06-10T05:00:00Z').salesEndMs).toBe(Date.parse('2026-06-10T05:00:00Z'));
  });

  it('calls a started slot past, with or without a cut-off', () => {
    expect(slotAt('2026-06-10T07:00:00Z')).toMatchObject({ bookable: false, reason: 'past' });
    expect(slotAt('2026-06-10T06:59:59.999Z', { cutoffMinutes: 0 })).toMatchObject({ bookable: true });
    expect(slotAt('2026-06-10T07:00:00Z', { cutoffMinutes: 0 })).toMatchObject({ reason: 'past' });
  });

  it('lists the slots of an offer that is not Active but sells none', () => {
    expect(slotAt('2026-01-01T00:00:00Z', { sellable: false })).toMatchObject({ bookable: false, reason: 'not_active' });
  });
});

describe('generateSlots: rate validity', () => {
  const rates: RateValidity[] = [
    { id: 'early', validFrom: '2026-06-01', validTo: '2026-06-15', priceCount: 1 },
    { id: 'unpriced', validFrom: '2026-06-10', validTo: null, priceCount: 0 },
    { id: 'late', validFrom: '2026-06-20', validTo: null, priceCount: 3 },
  ];
  const june = generateSlots(base({ rates, from: '2026-06-01', to: '2026-06-30' }));

  it('sells a date only under the priced rates valid that day', () => {
    const byDate = new Map(june.map((s) => [s.date, s]));
    expect(byDate.get('2026-06-01')).toMatchObject({ rateIds: ['early'], bookable: true });
    expect(byDate.get('2026-06-15')).toMatchObject({ rateIds: ['early'], bookable: true });
    expect(byDate.get('2026-06-16')).toMatchObject({ rateIds: [], bookable: false, reason: 'no_rate' });
    expect(byDate.get('2026-06-19')).toMatchObject({ rateIds: [], reason: 'no_rate' });
    expect(byDate.get('2026-06-20')).toMatchObject({ rateIds: ['late'], bookable: true });
    expect(june.filter((s) => s.bookable)).toHaveLength(15 + 11);
  });

  it('shares one rate-id array between consecutive dates with the same rates', () => {
    expect(june[0].rateIds).toBe(june[14].rateIds);
    expect(june[19].rateIds).toBe(june[29].rateIds);
  });

  it('sells nothing without any priced rate', () => {
    expect(generateSlots(base({ rates: [] }))[0]).toMatchObject({ bookable: false, reason: 'no_rate' });
  });
});

describe('generateSlots: schedule lines', () => {
  it('keeps open-ended lines going in any window, however far', () => {
    const far = generateSlots(base({ startTimes: lines(['09:00'], { dateTo: null }), from: '2031-02-01', to: '2031-02-28' }));
    expect(far).toHaveLength(28);
    expect(far.at(-1)).toMatchObject({ date: '2031-02-28', startsAt: '2031-02-28T09:00:00.000Z' });
    // Before the line starts there is nothing.
    expect(generateSlots(base({ from: '2025-12-01', to: '2025-12-31' }))).toEqual([]);
  });

  it('honours the date range (both ends inclusive) and the weekdays', () => {
    const line: ScheduleLine = {
      id: 'mwf',
      time: '10:15',
      weekdays: [1, 3, 5],
      dateFrom: '2026-11-04',
      dateTo: '2026-11-13',
      capacity: 8,
    };
    const slots = generateSlots(base({ startTimes: [line], from: '2026-11-01', to: '2026-11-30' }));
    // Wed 4, Fri 6, Mon 9, Wed 11, Fri 13.
    expect(slots.map((s) => s.date)).toEqual(['2026-11-04', '2026-11-06', '2026-11-09', '2026-11-11', '2026-11-13']);
    expect(slots.every((s) => s.capacity === 8 && s.startTimeId === 'mwf' && s.time === '10:15')).toBe(true);
  });

  it('gives an empty list for an inverted window and for no lines', () => {
    expect(generateSlots(base({ from: '2026-06-02', to: '2026-06-01' }))).toEqual([]);
    expect(generateSlots(base({ startTimes: [] }))).toEqual([]);
  });

  it('orders a day by start, whatever the order of the lines', () => {
    const slots = generateSlots(base({ startTimes: lines(['13:00', '09:00', '23:30', '00:30']) }));
    expect(slots.map((s) => s.time)).toEqual(['00:30', '09:00', '13:00', '23:30']);
  });

  it('refuses malformed lines loudly (they come from validated rows)', () => {
    expect(() => generateSlots(base({ startTimes: lines(['9:00']) }))).toThrow(RangeError);
    expect(() => generateSlots(base({ startTimes: lines(['09:00'], { weekdays: [0] }) }))).toThrow(RangeError);
  });
});

describe('generateSlotsBetween and nextBookableSlots', () => {
  it('keeps the slots starting inside an instant window, across local dates', () => {
    // Sydney 09:00 on 2026-07-02 is 2026-07-01T23:00Z.
    const slots = generateSlotsBetween(
      base({ timeZone: 'Australia/Sydney' }),
      Date.parse('2026-07-01T22:00:00Z'),
      Date.parse('2026-07-02T23:00:00Z'),
    );
    expect(slots.map((s) => [s.date, s.startsAt])).toEqual([['2026-07-02', '2026-07-01T23:00:00.000Z']]);
  });

  it('finds the next bookable slots from now, skipping the cut-off', () => {
    const next = nextBookableSlots(
      base({
        timeZone: 'Europe/Berlin',
        startTimes: lines(['09:00', '18:00'], { weekdays: [6, 7] }),
        cutoffMinutes: 60,
        nowMs: Date.parse('2026-06-06T07:30:00Z'),
      }),
      3,
    );
    // Saturday 6 June 09:00 CEST = 07:00Z has started; 18:00 is open; then Sunday.
    expect(next.map((s) => `${s.date} ${s.time}`)).toEqual(['2026-06-06 18:00', '2026-06-07 09:00', '2026-06-07 18:00']);
  });
});

describe('generateSlots: properties', () => {
  const line = fc.record({
    id: fc.uuid(),
    minute: fc.integer({ min: 0, max: 1439 }),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    fromOffset: fc.integer({ min: -40, max: 40 }),
    length: fc.option(fc.integer({ min: 0, max: 60 })),
  });

  it('equals a slot-by-slot Temporal generation: same slots, local times round-trip, no duplicates, in order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AWKWARD_ZONES),
        fc.integer(DAY_RANGE),
        fc.integer({ min: 0, max: 40 }),
        fc.array(line, { minLength: 1, maxLength: 6 }),
        (zone, fromDay, span, raw) => {
          const startTimes: ScheduleLine[] = raw.map((l) => ({
            id: l.id,
            time: formatWallTime(l.minute),
            weekdays: l.weekdays,
            dateFrom: formatIsoDate(fromDay + l.fromOffset),
            dateTo: l.length === null ? null : formatIsoDate(fromDay + l.fromOffset + l.length),
            capacity: 5,
          }));
          const input = base({ timeZone: zone, startTimes, from: formatIsoDate(fromDay), to: formatIsoDate(fromDay + span) });
          const slots = generateSlots(input);

          const expected: string[] = [];
          for (let day = fromDay; day <= fromDay + span; day++) {
            for (const l of startTimes) {
              const inRange = day >= parseIsoDate(l.dateFrom) && (l.dateTo === null || day <= parseIsoDate(l.dateTo));
              if (!inRange || !l.weekdays.includes(isoWeekday(day))) continue;
              const instant = referenceInstant(zone, day, Number(l.time.slice(0, 2)) * 60 + Number(l.time.slice(3)));
              if (instant !== null) expected.push(`${l.id}|${formatIsoDate(day)}|${instant}`);
            }
          }
          expect(slots.map((s) => `${s.startTimeId}|${s.date}|${s.startMs}`).sort()).toEqual(expected.sort());

          const keys = new Set(slots.map((s) => `${s.startTimeId}|${s.date}`));
          expect(keys.size).toBe(slots.length);
          for (let i = 0; i < slots.length; i++) {
            const s = slots[i];
            expect(referenceWall(zone, s.startMs)).toEqual({ date: s.date, time: s.time });
            expect(s.startsAt).toBe(new Date(s.startMs).toISOString());
            if (i > 0) expect(s.startMs).toBeGreaterThanOrEqual(slots[i - 1].startMs);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('startInstantsBetween', () => {
  it('gives exactly the start instants generateSlots gives in the window, across a DST change', () => {
    const input = {
      timeZone: 'Europe/Berlin',
      startTimes: [
        { id: 'a', time: '02:30', weekdays: [1, 2, 3, 4, 5, 6, 7], dateFrom: '2026-03-20', dateTo: null, capacity: 5 },
        { id: 'b', time: '09:00', weekdays: [1, 3, 5, 7], dateFrom: '2026-03-01', dateTo: '2026-04-10', capacity: 5 },
      ],
      durationMinutes: 60,
      cutoffMinutes: 0,
      rates: [],
      nowMs: 0,
    };
    const fromMs = Date.parse('2026-03-25T12:00:00Z');
    const toMs = Date.parse('2026-04-05T08:00:00Z');
    const full = generateSlotsBetween(input, fromMs, toMs).map((s) => s.startMs);
    expect(startInstantsBetween(input, fromMs, toMs)).toEqual(full);
    // 29 March 2026: 02:30 does not exist in Berlin.
    expect(full).not.toContain(Date.parse('2026-03-29T00:30:00Z'));
    expect(full.length).toBeGreaterThan(10);
  });
});

describe('countStartsBetween and startInstantsCursor', () => {
  const schedule = fc.record({
    zone: fc.constantFrom(...AWKWARD_ZONES),
    times: fc.uniqueArray(fc.constantFrom('00:00', '00:30', '01:30', '02:00', '02:30', '03:00', '09:00', '13:00', '23:30'), {
      minLength: 1,
      maxLength: 5,
    }),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    fromDay: fc.integer(DAY_RANGE),
    spanDays: fc.integer({ min: 0, max: 40 }),
    fromMinute: fc.integer({ min: 0, max: 1439 }),
    toMinute: fc.integer({ min: 0, max: 1439 }),
    endsAfter: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
  });
  const toInput = (v: { zone: string; times: string[]; weekdays: number[]; fromDay: number; endsAfter: number | null }) => ({
    timeZone: v.zone,
    startTimes: lines(v.times, {
      weekdays: v.weekdays,
      dateFrom: formatIsoDate(v.fromDay - 3),
      dateTo: v.endsAfter === null ? null : formatIsoDate(v.fromDay + v.endsAfter),
    }),
  });

  it('count and cursor (both ways) agree with the listed instants, in every awkward zone', () => {
    fc.assert(
      fc.property(schedule, (v) => {
        const input = toInput(v);
        const fromMs = v.fromDay * DAY_MS + v.fromMinute * 60_000;
        const toMs = (v.fromDay + v.spanDays) * DAY_MS + v.toMinute * 60_000;
        const listed = startInstantsBetween(input, fromMs, toMs);
        expect(countStartsBetween(input, fromMs, toMs)).toBe(listed.length);
        for (const descending of [false, true]) {
          const next = startInstantsCursor(input, fromMs, toMs, descending);
          const seen: number[] = [];
          for (let ms = next(); ms !== undefined; ms = next()) seen.push(ms);
          expect(seen).toEqual(descending ? [...listed].reverse() : listed);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts across a spring-forward day without computing every start', () => {
    const input = { timeZone: 'Europe/Berlin', startTimes: lines(['02:30', '09:00']) };
    // 20 March … 5 April 2026: 17 days × 2 starts, less 02:30 on 29 March.
    expect(countStartsBetween(input, Date.parse('2026-03-19T23:00:00Z'), Date.parse('2026-04-05T22:00:00Z'))).toBe(33);
  });
});

import { describe, expect, it } from 'vitest';
import { slotAvailability } from './capacity-math.ts';
import { bookableDays, summariseDays } from './day-summary.ts';
import { generateSlots } from './slot-generation.ts';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const slots = generateSlots({
  timeZone: 'UTC',
  startTimes: [
    { id: 'a', time: '09:00', weekdays: [1, 2, 3, 4, 5, 6, 7], dateFrom: '2026-06-01', dateTo: null, capacity: 10 },
    { id: 'b', time: '14:00', weekdays: [1, 2, 3, 4, 5, 6, 7], dateFrom: '2026-06-01', dateTo: null, capacity: 20 },
  ],
  durationMinutes: 60,
  cutoffMinutes: 0,
  rates: [{ id: 'r', validFrom: null, validTo: null, priceCount: 1 }],
  from: '2026-06-02',
  to: '2026-06-04',
  nowMs: NOW,
});
// Per (date, line): booked units, closed.
const use: Record<string, { booked: number; closed?: boolean; held?: number }> = {
  '2026-06-02|a': { booked: 4, held: 2 },
  '2026-06-02|b': { booked: 5 },
  '2026-06-03|a': { booked: 10 },
  '2026-06-03|b': { booked: 0, closed: true },
  '2026-06-04|a': { booked: 0 },
  '2026-06-04|b': { booked: 0 },
};
const entries = slots.map((slot) => {
  const u = use[`${slot.date}|${slot.startTimeId}`];
  const holds = u.held ? [{ id: 'h', units: u.held, expiresAtMs: NOW + 60_000 }] : [];
  return {
    slot,
    availability: slotAvailability({ capacity: slot.capacity, closed: u.closed, bookedUnits: u.booked, holds }, NOW),
  };
});

describe('summariseDays', () => {
  it('sums a day and finds the lowest and highest places among its bookable slots', () => {
    const [d2, d3, d4] = summariseDays(entries);
    expect(d2).toEqual({
      date: '2026-06-02',
      slots: 2,
      bookableSlots: 2,
      closedSlots: 0,
      capacity: 30,
      booked: 9,
      held: 2,
      available: 19,
      minAvailable: 4,
      maxAvailable: 15,
      utilisationPercent: 37,
    });
    // 3 June: one slot full, the other closed — nothing to book.
    expect(d3).toMatchObject({ bookableSlots: 0, closedSlots: 1, available: 0, minAvailable: null, utilisationPercent: 33 });
    expect(d4).toMatchObject({ bookableSlots: 2, minAvailable: 10, maxAvailable: 20, utilisationPercent: 0 });
    expect(bookableDays([d2, d3, d4]).map((d) => d.date)).toEqual(['2026-06-02', '2026-06-04']);
  });

  it('keeps unlimited days unlimited', () => {
    const [slot] = slots;
    const [d] = summariseDays([
      { slot: { ...slot, capacity: null }, availability: slotAvailability({ capacity: null, bookedUnits: 7, holds: [] }, NOW) },
    ]);
    expect(d).toMatchObject({
      capacity: null,
      available: null,
      minAvailable: null,
      maxAvailable: null,
      utilisationPercent: null,
      bookableSlots: 1,
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capacityChangeProblem,
  heldUnits,
  holdIsActive,
  limitRemaining,
  partyFit,
  partyFits,
  slotAvailability,
} from './capacity-math.ts';

const NOW = Date.parse('2026-06-10T10:00:00Z');
const hold = (id: string, units: number, expiresInMs: number) => ({ id, units, expiresAtMs: NOW + expiresInMs });

describe('capacity of a slot', () => {
  it('counts unexpired holds and not expired ones (a hold expiring exactly now has expired)', () => {
    const holds = [hold('live', 3, 60_000), hold('last-ms', 1, 1), hold('expired', 4, -1), hold('now', 2, 0)];
    expect(holdIsActive(holds[1], NOW)).toBe(true);
    expect(holdIsActive(holds[3], NOW)).toBe(false);
    expect(heldUnits(holds, NOW)).toBe(4);
    expect(slotAvailability({ capacity: 10, bookedUnits: 2, holds }, NOW)).toEqual({
      capacity: 10,
      booked: 2,
      held: 4,
      remaining: 4,
      closed: false,
      overbooked: false,
    });
    // One millisecond later the 1-ms hold is gone.
    expect(slotAvailability({ capacity: 10, bookedUnits: 2, holds }, NOW + 1).remaining).toBe(5);
  });

  it("leaves out the cart line's own hold when asked", () => {
    const holds = [hold('mine', 3, 60_000), hold('theirs', 2, 60_000)];
    expect(slotAvailability({ capacity: 10, bookedUnits: 0, holds }, NOW, new Set(['mine'])).remaining).toBe(8);
  });

  it('uses the override, gives 0 when closed, never goes below 0 and flags overbooking', () => {
    expect(slotAvailability({ capacity: 10, capacityOverride: 4, bookedUnits: 1, holds: [] }, NOW).remaining).toBe(3);
    expect(slotAvailability({ capacity: 10, capacityOverride: 0, bookedUnits: 0, holds: [] }, NOW).remaining).toBe(0);
    expect(slotAvailability({ capacity: 10, closed: true, bookedUnits: 1, holds: [] }, NOW)).toMatchObject({
      remaining: 0,
      closed: true,
    });
    expect(slotAvailability({ capacity: 10, capacityOverride: 2, bookedUnits: 5, holds: [] }, NOW)).toMatchObject({
      remaining: 0,
      overbooked: true,
    });
    expect(slotAvailability({ capacity: null, bookedUnits: 50, holds: [hold('h', 5, 1000)] }, NOW)).toMatchObject({
      remaining: null,
      held: 5,
    });
  });

  it('says whether a party fits, and why not', () => {
    const a = slotAvailability({ capacity: 10, bookedUnits: 6, holds: [hold('h', 1, 1000)] }, NOW);
    expect(partyFits(a, 3)).toBe(true);
    expect(partyFit(a, 4)).toEqual({ fits: false, problem: 'not_enough_capacity' });
    expect(partyFit(a, 0)).toEqual({ fits: false, problem: 'invalid_units' });
    expect(partyFit({ ...a, closed: true, remaining: 0 }, 1)).toEqual({ fits: false, problem: 'closed' });
    expect(partyFits(slotAvailability({ capacity: null, bookedUnits: 0, holds: [] }, NOW), 10_000)).toBe(true);
  });

  it('refuses a capacity below the booked places unless forced', () => {
    expect(capacityChangeProblem(5, { booked: 6, held: 0 }, false)?.code).toBe('below_booked');
    expect(capacityChangeProblem(5, { booked: 6, held: 0 }, true)).toBeNull();
    expect(capacityChangeProblem(8, { booked: 6, held: 3 }, false)?.code).toBe('below_held');
    expect(capacityChangeProblem(9, { booked: 6, held: 3 }, false)).toBeNull();
    expect(capacityChangeProblem(6, { booked: 6, held: 3 }, true)).toBeNull();
    expect(capacityChangeProblem(-1, { booked: 0, held: 0 }, true)?.code).toBe('invalid_capacity');
  });

  it('limits the remaining places by a second bound', () => {
    expect(limitRemaining(5, 3)).toBe(3);
    expect(limitRemaining(null, 3)).toBe(3);
    expect(limitRemaining(5, null)).toBe(5);
    expect(limitRemaining(null, null)).toBeNull();
  });

  it('remaining = capacity − booked − unexpired holds, floored at 0, for any holds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.record({ units: fc.integer({ min: 1, max: 10 }), offset: fc.integer({ min: -5000, max: 5000 }) })),
        (capacity, booked, raw) => {
          const holds = raw.map((h, i) => hold(`h${i}`, h.units, h.offset));
          const live = raw.filter((h) => h.offset > 0).reduce((sum, h) => sum + h.units, 0);
          const a = slotAvailability({ capacity, bookedUnits: booked, holds }, NOW);
          expect(a.remaining).toBe(Math.max(0, capacity - booked - live));
          expect(a.held).toBe(live);
          // Taking what remains never exceeds the capacity.
          if (a.remaining !== null && a.remaining > 0) expect(booked + live + a.remaining).toBeLessThanOrEqual(capacity);
        },
      ),
    );
  });
});

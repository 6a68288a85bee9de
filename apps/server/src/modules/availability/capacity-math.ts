/**
 * What is left of a slot. The caller counts under the slot's row lock and passes the counts in;
 * this only does the arithmetic, so that every path (check-availability, reserve, the capacity
 * screens) agrees on it.
 *
 * remaining = (override ?? capacity) − booked − held, where held counts only holds whose
 * `expires_at` is after `now` — so expiry needs no background job: an expired hold simply stops
 * counting. A closed slot has nothing remaining.
 */

export type Hold = {
  id: string;
  /** Capacity units the hold takes (see party-price.ts: people, or groups when a group counts as one). */
  units: number;
  expiresAtMs: number;
};

export type SlotUse = {
  /** The schedule line's capacity; null = no limit (a pass without a daily cap). */
  capacity: number | null;
  /** The operator's override of the capacity, when set. */
  capacityOverride?: number | null;
  closed?: boolean;
  /** Units of confirmed (not cancelled) bookings. */
  bookedUnits: number;
  holds: readonly Hold[];
};

export type SlotAvailability = {
  /** The capacity in force (override or the line's); null = no limit. */
  capacity: number | null;
  booked: number;
  /** Units of unexpired holds (minus the ignored ones). */
  held: number;
  /** Places left, never negative; null = no limit (and not closed). */
  remaining: number | null;
  closed: boolean;
  /** More is taken than the capacity allows (a forced override below what was taken). */
  overbooked: boolean;
};

/** A hold counts while `now` is before its expiry; at the expiry instant it no longer does. */
export const holdIsActive = (hold: Pick<Hold, 'expiresAtMs'>, nowMs: number): boolean => hold.expiresAtMs > nowMs;

/** Units held by unexpired holds, leaving out `ignoreHoldIds` (check-availability's `cart_line_id`: a cart line's own hold). */
export const heldUnits = (holds: readonly Hold[], nowMs: number, ignoreHoldIds?: ReadonlySet<string>): number => {
  let held = 0;
  for (const h of holds) if (holdIsActive(h, nowMs) && !ignoreHoldIds?.has(h.id)) held += h.units;
  return held;
};

export const slotAvailability = (use: SlotUse, nowMs: number, ignoreHoldIds?: ReadonlySet<string>): SlotAvailability => {
  const capacity = use.capacityOverride ?? use.capacity;
  const held = heldUnits(use.holds, nowMs, ignoreHoldIds);
  const closed = use.closed === true;
  const taken = use.bookedUnits + held;
  const overbooked = capacity !== null && taken > capacity;
  const remaining = closed ? 0 : capacity === null ? null : Math.max(0, capacity - taken);
  return { capacity, booked: use.bookedUnits, held, remaining, closed, overbooked };
};

export type FitProblem = 'closed' | 'not_enough_capacity' | 'invalid_units';

/** Whether a party taking `units` fits; the reason when it does not. */
export const partyFit = (
  availability: SlotAvailability,
  units: number,
): { fits: true } | { fits: false; problem: FitProblem } => {
  if (!Number.isSafeInteger(units) || units <= 0) return { fits: false, problem: 'invalid_units' };
  if (availability.closed) return { fits: false, problem: 'closed' };
  if (availability.remaining !== null && units > availability.remaining) return { fits: false, problem: 'not_enough_capacity' };
  return { fits: true };
};

export const partyFits = (availability: SlotAvailability, units: number): boolean => partyFit(availability, units).fits;

/**
 * An operator's new capacity for a slot: refused below what bookings and unexpired holds take,
 * unless forced (the operator then owns the overbooking). A hold is a promise made to someone in
 * the middle of paying: taking the place from under it would break the rule that what is held and
 * booked never exceeds the capacity.
 */
export const capacityChangeProblem = (
  newCapacity: number,
  availability: Pick<SlotAvailability, 'booked' | 'held'>,
  force: boolean,
): { code: 'invalid_capacity' | 'below_booked' | 'below_held'; detail: string } | null => {
  if (!Number.isSafeInteger(newCapacity) || newCapacity < 0) {
    return { code: 'invalid_capacity', detail: 'Enter a whole number of at least 0.' };
  }
  if (force) return null;
  if (newCapacity < availability.booked) {
    return {
      code: 'below_booked',
      detail: `${availability.booked} places are already booked: the capacity cannot be set below that.`,
    };
  }
  if (newCapacity < availability.booked + availability.held) {
    return {
      code: 'below_held',
      detail: `${availability.booked} places are booked and ${availability.held} are held by customers checking out: the capacity cannot be set below ${availability.booked + availability.held} right now.`,
    };
  }
  return null;
};

/** The slot's remaining places further limited by another bound (equipment stock for rentals). */
export const limitRemaining = (remaining: number | null, bound: number | null): number | null =>
  remaining === null ? bound : bound === null ? remaining : Math.max(0, Math.min(remaining, bound));

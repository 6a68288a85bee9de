import type { Executor } from '../../db/client.ts';
import { refusedByState } from '../../http/app-error.ts';
import type { OfferForAvailability } from './availability.repository.ts';
import { equipmentFit } from './equipment-stock.ts';
import { lockItems, overlappingClaims, partnershipTaken, slotTaken } from './reservations.repository.ts';
import type { NoteLeft } from './slot-gate.ts';
import type { Slot } from './slot-generation.ts';

/**
 * What a slot can still take, checked under its row lock (reservations, party changes): its places,
 * its equipment, a reseller's allocation; and the answers given when they are not there.
 */

/**
 * Test-only switches: without the slot lock (and the gate) the concurrency tests must see an
 * oversell; without the gate alone, the lock must hold by itself, as it does across instances.
 */
export const unsafeTesting = { skipSlotLock: false, skipSlotGate: false };

const conflict = refusedByState;

export const notEnoughPlaces = (left: number) =>
  conflict(
    'not_enough_places',
    left === 0 ? 'This start is fully booked.' : `Only ${left} place${left === 1 ? ' is' : 's are'} left on this start.`,
  );

export const slotClosed = () => conflict('slot_closed', 'This start is closed for bookings.');

export const REASONS: Record<string, string> = {
  not_active: 'This offer is not on sale.',
  past: 'This start has already begun.',
  cutoff: 'Bookings for this start have closed.',
  no_rate: 'Nothing is priced for this date.',
};

/**
 * Refuses when the party (`units` places, equipment `needs`) does not fit the locked slot. `seen`
 * receives the places the count left (before this party) and when the count began.
 */
export const assertFits = async (
  tx: Executor,
  offer: OfferForAvailability,
  slot: Slot,
  slotRow: { id: string; closed: boolean; capacityOverride: number | null },
  units: number,
  now: Date,
  exceptHoldId: string | null,
  seen: NoteLeft = () => {},
) => {
  if (slotRow.closed) throw slotClosed();
  const capacity = slotRow.capacityOverride ?? slot.capacity;
  if (capacity !== null) {
    const countedAt = performance.now();
    const taken = await slotTaken(tx, slotRow.id, now, exceptHoldId);
    const left = Math.max(0, capacity - taken.booked - taken.held);
    seen(left, countedAt);
    if (units > left) throw notEnoughPlaces(left);
  }
  if (!offer.equipment.length) return [];
  const itemIds = offer.equipment.map((e) => e.itemId);
  const items = await lockItems(tx, offer.accountId, itemIds);
  const interval = { startMs: slot.startMs, endMs: Math.max(slot.endMs, slot.startMs) };
  const claims = await overlappingClaims(
    tx,
    itemIds,
    new Date(interval.startMs),
    new Date(Math.max(interval.endMs, interval.startMs + 1)),
    now,
  );
  const needs = offer.equipment.map((e) => ({ itemId: e.itemId, quantity: e.quantity * units }));
  const fit = equipmentFit({
    stock: new Map(items.map((i) => [i.id, i.stock])),
    usages: claims
      .filter((c) => exceptHoldId === null || c.holdId !== exceptHoldId)
      .map((c) => ({ itemId: c.itemId, quantity: c.quantity, startMs: c.startsAt.getTime(), endMs: c.endsAt.getTime() })),
    interval,
    needs,
    nowMs: now.getTime(),
  });
  if (!fit.fits) {
    const short = fit.items.find((i) => !i.fits);
    throw conflict(
      'equipment_unavailable',
      `Not enough equipment for this time: ${short?.available ?? 0} of the ${short?.requested ?? 0} needed are free.`,
    );
  }
  return needs;
};

/**
 * A reseller's places on one start stay within its partnership's allocation (counted under the
 * slot's lock, like capacity itself, so parallel sales cannot pass it).
 */
export const assertWithinAllocation = async (
  tx: Executor,
  slotId: string,
  partnership: { id: string; allocation: number | null },
  units: number,
  now: Date,
  exceptHoldId: string | null,
) => {
  if (partnership.allocation === null) return;
  const taken = await partnershipTaken(tx, slotId, partnership.id, now, exceptHoldId);
  const left = Math.max(0, partnership.allocation - taken);
  if (units > left) {
    throw conflict(
      'allocation_exceeded',
      left === 0
        ? 'The places this seller may sell on this start are sold out.'
        : `This seller may sell only ${left} more place${left === 1 ? '' : 's'} on this start.`,
    );
  }
};

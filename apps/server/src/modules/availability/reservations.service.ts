import { randomUUID } from 'node:crypto';
import type { ReserveInput } from '@excursio/contract/availability';
import type { Db, Executor } from '../../db/client.ts';
import type { PartyLine } from '../../db/schema/availability.ts';
import { AppError, invalid, notFound, refusedByState } from '../../http/app-error.ts';
import { type OfferForAvailability, offersForAvailability, offersOfHold } from './availability.repository.ts';
import { loadOffer } from './availability.service.ts';
import { equipmentFit } from './equipment-stock.ts';
import { keyOf, offerSlotByKey, priceForOffer, slotRowValues } from './offer-slots.ts';
import {
  cancelBookingRow,
  findHold,
  holdAccountFor as findHoldAccount,
  insertBooking,
  insertClaims,
  insertHold,
  lockHold,
  lockHoldSlot,
  lockItems,
  lockSlot,
  moveClaimsToBooking,
  overlappingClaims,
  partnershipAllocation,
  partnershipTaken,
  peekSlot,
  releaseActiveHold,
  slotTaken,
  unlockedSlotForTests,
  updateHold,
} from './reservations.repository.ts';
import { type NoteLeft, throughSlotGate } from './slot-gate.ts';
import type { Slot } from './slot-generation.ts';

/**
 * Taking capacity. Every change of a slot's use runs in one transaction that first locks the slot's
 * row (created race-free on first use) and then counts what is taken: bookings not canceled and
 * holds that are active and unexpired at `now`. Rentals then lock their equipment items (in id
 * order) and count every overlapping claim on them, from any offer. Nothing depends on a sweeper:
 * an expired hold simply stops counting.
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
  if (slotRow.closed) throw conflict('slot_closed', 'This start is closed for bookings.');
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

const wireAttr = (attr: string) =>
  attr
    .replace(/^pricing_options/, 'units')
    .replace(/pricing_category_id$/, 'pricingCategoryId')
    .replace(/^group_size$/, 'groupSize');

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

/** Holds places for a party on a slot; the price is computed here. */
export const reserve = async (
  db: Db,
  accountId: string,
  input: ReserveInput,
  options: {
    now: Date;
    source: 'api' | 'webstore' | 'backoffice';
    publicOnly: boolean;
    cartLineId?: string | null;
    /**
     * A hold this one replaces (a cart line being changed): its places do not count against the new
     * party, and it is released in the same transaction, so the line never holds twice or nothing.
     */
    replacesHoldId?: string | null;
    /** Minutes the places are held (a store's own hold time); the organization's otherwise. */
    holdMinutes?: number | null;
    /** A reseller sells: the hold counts against the partnership's allocation (places per start). */
    partnership?: { id: string; allocation: number | null } | null;
  },
) => {
  const replaces = options.replacesHoldId ?? null;
  const { now } = options;
  const offer = await loadOffer(db, accountId, input.productId);
  if (options.publicOnly && (offer.status !== 'active' || offer.visibility !== 'public'))
    throw notFound('This offer does not exist.');
  const slot = offerSlotByKey(offer, input.availabilityId, now.getTime());
  if (!slot) throw invalid('availabilityId', 'This offer has no start there.', 'unknown_slot');
  if (slot.reason) throw conflict('not_bookable', REASONS[slot.reason] ?? 'This start cannot be booked.', 'availabilityId');
  if (!slot.rateIds.includes(input.rateId)) {
    throw invalid(
      'rateId',
      offer.rates.some((r) => r.id === input.rateId) ? 'This rate does not sell on this date.' : 'Unknown rate.',
      'rate_not_valid',
    );
  }
  const lines = input.units.map((u) => ({ pricingCategoryId: u.pricingCategoryId, quantity: u.quantity }));
  const price = priceForOffer(offer, input.rateId, { lines, groupSize: input.groupSize ?? null });
  if (!price) throw invalid('rateId', 'Unknown rate.', 'rate_not_valid');
  if (!price.ok) {
    throw new AppError(
      400,
      price.problems.map((p) => ({ code: p.code, detail: p.detail, attr: wireAttr(p.attr) })),
    );
  }
  const party: PartyLine[] = price.lines.map((l) => ({
    pricing_category_id: l.pricingCategoryId,
    quantity: l.quantity,
    unit_price: l.unitPriceMinor,
    amount: l.amountMinor,
  }));
  // A slot already full is refused without queueing for its lock (only "full" is decided without
  // the lock; whether places are left is decided under it), and in this process the requests for
  // one slot pass its gate one at a time (slot-gate.ts).
  const attempt = async (noteLeft: NoteLeft) => {
    const peekedAt = performance.now();
    const existing = await peekSlot(db, offer.id, keyOf(slot), now);
    const peekedCapacity = existing && !existing.closed ? (existing.capacityOverride ?? slot.capacity) : null;
    if (existing && peekedCapacity !== null && !replaces) {
      noteLeft(peekedCapacity - existing.taken, peekedAt);
      if (existing.taken >= peekedCapacity) throw notEnoughPlaces(0);
    }
    let counted: { left: number; atMs: number } | null = null;
    const reserved = await db
      .transaction(async (tx) => {
        const slotRow = await (unsafeTesting.skipSlotLock ? unlockedSlotForTests : lockSlot)(tx, slotRowValues(offer, slot));
        const needs = await assertFits(tx, offer, slot, slotRow, price.capacityUnits, now, replaces, (left, atMs) => {
          counted = { left, atMs };
        });
        const partnership = options.partnership ?? null;
        if (partnership) await assertWithinAllocation(tx, slotRow.id, partnership, price.capacityUnits, now, replaces);
        const hold = await insertHold(tx, {
          id: randomUUID(),
          accountId,
          experienceId: offer.id,
          slotId: slotRow.id,
          rateId: input.rateId,
          units: price.capacityUnits,
          participants: price.participants,
          party,
          totalMinor: price.totalMinor,
          currency: offer.currency,
          expiresAt: new Date(now.getTime() + (options.holdMinutes ?? offer.holdMinutes) * 60_000),
          source: options.source,
          cartLineId: options.cartLineId ?? null,
          holdMinutes: options.holdMinutes ?? null,
          partnershipId: options.partnership?.id ?? null,
        });
        await insertClaims(
          tx,
          needs.map((n) => ({
            accountId,
            itemId: n.itemId,
            holdId: hold.id,
            startsAt: new Date(slot.startMs),
            endsAt: new Date(Math.max(slot.endMs, slot.startMs)),
            quantity: n.quantity,
          })),
        );
        if (replaces) await releaseActiveHold(tx, accountId, replaces);
        return { hold, slot, offer };
      })
      .catch((error: unknown) => {
        // Refused and rolled back: the places the count saw are still what is left.
        if (counted && error instanceof AppError) noteLeft(counted.left, counted.atMs);
        throw error;
      });
    // Committed: the places it saw, less its own.
    const seen = counted as { left: number; atMs: number } | null;
    if (seen) noteLeft(seen.left - price.capacityUnits, seen.atMs);
    return reserved;
  };
  // A replacement frees its own places: the gate's count of what is left does not know that.
  if (unsafeTesting.skipSlotLock || unsafeTesting.skipSlotGate || replaces) return attempt(() => {});
  return throughSlotGate(`${offer.id}|${keyOf(slot)}`, price.capacityUnits, notEnoughPlaces, attempt);
};

const activeHold = async (tx: Executor, accountId: string, holdId: string, now: Date) => {
  const row = await lockHold(tx, accountId, holdId);
  if (!row) throw notFound('This hold does not exist.');
  if (row.hold.status !== 'active') throw conflict('hold_not_active', `This hold was already ${row.hold.status}.`);
  if (row.hold.expiresAt.getTime() <= now.getTime()) throw conflict('hold_expired', 'This hold has expired: reserve again.');
  return row;
};

/** Whose hold it is, for the organization asking (its own, or one it made as a reseller); null otherwise. */
export const holdAccountFor = (db: Db, hostAccountId: string, holdId: string) => findHoldAccount(db, hostAccountId, holdId);

/** Whose hold it is, for the organization asking (its own, or one it made as a reseller); 404 otherwise. */
export const holdAccount = async (db: Db, hostAccountId: string, holdId: string) => {
  const owner = await findHoldAccount(db, hostAccountId, holdId);
  if (!owner) throw notFound('This hold does not exist.');
  return owner;
};

/**
 * A hold as a checkout sees it before taking payment: its offer, price and whether it still holds
 * places (active and unexpired at `now`). Conversion checks again under the locks.
 */
export const holdForCheckout = async (db: Db, accountId: string, holdId: string, now: Date) => {
  const hold = await findHold(db, accountId, holdId);
  if (!hold) return null;
  return {
    id: hold.id,
    experienceId: hold.experienceId,
    totalMinor: hold.totalMinor,
    currency: hold.currency,
    expiresAt: hold.expiresAt,
    partnershipId: hold.partnershipId,
    rateId: hold.rateId,
    party: hold.party,
    holding: hold.status === 'active' && hold.expiresAt.getTime() > now.getTime(),
    status: hold.status,
  };
};

/**
 * Keeps a hold's places longer (from now, for the hold time it was made with: a store's, else the
 * account's). An expired hold cannot come back.
 */
export const extendHold = async (db: Db, accountId: string, holdId: string, now: Date) => {
  // Read before the transaction: PGlite runs one transaction at a time, a read beside it would wait for ever.
  const [offer] = await offersOfHold(db, accountId, holdId);
  if (!offer) throw notFound('This hold does not exist.');
  return db.transaction(async (tx) => {
    const { hold } = await activeHold(tx, accountId, holdId, now);
    return updateHold(tx, hold.id, { expiresAt: new Date(now.getTime() + (hold.holdMinutes ?? offer.holdMinutes) * 60_000) });
  });
};

/**
 * Keeps an active hold until `until` (never shortens it): a visitor's places while they pay on the
 * provider's page, for as long as that page is open. Under the engine's rules: only an active,
 * unexpired hold is extended (else 409 `hold_not_active` / `hold_expired`), behind its row lock.
 */
export const extendHoldUntil = async (db: Db, accountId: string, holdId: string, until: Date, now: Date) =>
  db.transaction(async (tx) => {
    const { hold } = await activeHold(tx, accountId, holdId, now);
    if (hold.expiresAt.getTime() >= until.getTime()) return hold;
    return updateHold(tx, hold.id, { expiresAt: until });
  });

/** Gives a hold's places back at once. */
export const releaseHold = async (db: Db, accountId: string, holdId: string, now: Date) =>
  db.transaction(async (tx) => {
    const { hold } = await activeHold(tx, accountId, holdId, now);
    await updateHold(tx, hold.id, { status: 'released' });
  });

/**
 * Turns a hold into a booking, exactly once, inside the caller's transaction (the sales issue's
 * order creation). Locks the slot, then the hold; re-counts the slot without the hold itself, so a
 * hold that another request already counted as expired can never push the slot over capacity.
 */
export const convertHoldInTx = async (
  tx: Executor,
  accountId: string,
  holdId: string,
  options: { now: Date; status?: 'created' | 'confirmed' },
) => {
  const peek = await lockHoldSlot(tx, accountId, holdId);
  if (!peek) throw notFound('This hold does not exist.');
  const { hold } = await activeHold(tx, accountId, holdId, options.now);
  const [offer] = await offersForAvailability(tx, accountId, { experienceId: hold.experienceId });
  const slot = offer ? offerSlotByKey({ ...offer, status: 'active' }, peek.slotKey, 0) : null;
  if (slot) {
    const capacity = peek.capacityOverride ?? slot.capacity;
    if (peek.closed) throw conflict('slot_closed', 'This start is closed for bookings.');
    if (capacity !== null) {
      const taken = await slotTaken(tx, peek.id, options.now, hold.id);
      if (taken.booked + taken.held + hold.units > capacity) {
        throw conflict('not_enough_places', 'The places of this hold were taken after it expired.');
      }
    }
  }
  if (hold.partnershipId) {
    const allocation = await partnershipAllocation(tx, hold.partnershipId);
    await assertWithinAllocation(tx, peek.id, { id: hold.partnershipId, allocation }, hold.units, options.now, hold.id);
  }
  const booking = await insertBooking(tx, {
    accountId,
    experienceId: hold.experienceId,
    slotId: hold.slotId,
    rateId: hold.rateId,
    holdId: hold.id,
    units: hold.units,
    participants: hold.participants,
    party: hold.party,
    totalMinor: hold.totalMinor,
    currency: hold.currency,
    status: options.status ?? 'confirmed',
    partnershipId: hold.partnershipId,
  });
  await updateHold(tx, hold.id, { status: 'converted' });
  await moveClaimsToBooking(tx, hold.id, booking.id);
  return booking;
};

/**
 * Gives a booking's places back, exactly once, inside the caller's transaction (an order or line
 * being canceled): `null` when it was already canceled.
 */
export const cancelBookingInTx = (tx: Executor, accountId: string, bookingId: string, now: Date) =>
  cancelBookingRow(tx, accountId, bookingId, now);

export const convertHold = (
  db: Db,
  accountId: string,
  holdId: string,
  options: { now: Date; status?: 'created' | 'confirmed' },
) => db.transaction((tx) => convertHoldInTx(tx, accountId, holdId, options));

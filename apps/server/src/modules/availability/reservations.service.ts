import { randomUUID } from 'node:crypto';
import type { ReserveInput } from '@excursio/contract/availability';
import type { Db, Executor } from '../../db/client.ts';
import { databaseFailure } from '../../db/errors.ts';
import type { PartyLine } from '../../db/schema/availability.ts';
import { AppError, invalid, notFound, refusedByState } from '../../http/app-error.ts';
import { type OfferForAvailability, offersOfHold } from './availability.repository.ts';
import { loadOffer } from './availability.service.ts';
import { writeTogether } from './hold-batch.ts';
import { keyOf, offerSlotByKey, priceForOffer, slotRowValues } from './offer-slots.ts';
import {
  cancelBookingRow,
  findHold,
  holdAccountFor as findHoldAccount,
  type HoldRow,
  holdsVisibleTo,
  insertBooking,
  insertClaims,
  insertHold,
  insertHoldIfFits,
  insertHolds,
  lockHold,
  lockHoldSlot,
  lockSlot,
  moveClaimsToBooking,
  type NewHold,
  partnershipAllocation,
  peekSlot,
  releaseActiveHold,
  slotTaken,
  unlockedSlotForTests,
  updateHold,
} from './reservations.repository.ts';
import { assertFits, assertWithinAllocation, notEnoughPlaces, REASONS, slotClosed, unsafeTesting } from './slot-capacity.ts';
import { type NoteLeft, throughSlotGate } from './slot-gate.ts';
import type { Slot } from './slot-generation.ts';

export { unsafeTesting } from './slot-capacity.ts';

const conflict = refusedByState;

/**
 * Taking capacity. Every change of a slot's use runs in one transaction that first locks the slot's
 * row (created race-free on first use) and then counts what is taken: bookings not canceled and
 * holds that are active and unexpired at `now`. Rentals then lock their equipment items (in id
 * order) and count every overlapping claim on them, from any offer. Nothing depends on a sweeper:
 * an expired hold simply stops counting.
 */

const wireAttr = (attr: string) =>
  attr
    .replace(/^pricing_options/, 'units')
    .replace(/pricing_category_id$/, 'pricingCategoryId')
    .replace(/^group_size$/, 'groupSize');

/** A failure one hold's row can cause (not the lock, the connection or a timeout). */
const rowRefused = (error: unknown) => {
  const failure = databaseFailure(error);
  return failure === null || failure === 'bad_text';
};

type PlainAsk = { units: number; now: Date; values: (slotId: string) => NewHold };

/**
 * Holds without equipment or allocation asked for one start, written in one transaction under its
 * row lock: in arrival order each takes its places if they are still left, else is refused with
 * what was left (as its own count under the lock would have said). One ask: one statement counts
 * and inserts; several: one count, one insert.
 */
const writePlainHolds = (db: Db, offer: OfferForAvailability, slot: Slot) => async (asks: PlainAsk[]) =>
  db.transaction(async (tx): Promise<(HoldRow | AppError)[]> => {
    const slotRow = await lockSlot(tx, slotRowValues(offer, slot));
    if (slotRow.closed) return asks.map(() => slotClosed());
    const capacity = slotRow.capacityOverride ?? slot.capacity;
    if (asks.length === 1) {
      const [ask] = asks;
      const { taken, hold } = await insertHoldIfFits(tx, ask.values(slotRow.id), capacity, ask.now);
      return [hold ?? notEnoughPlaces(Math.max(0, (capacity ?? 0) - taken))];
    }
    // Counted at the latest ask's clock: a hold that has run out by then no longer counts for any of
    // them (each is answered now, whenever it asked).
    const now = new Date(Math.max(...asks.map((a) => a.now.getTime())));
    const taken = capacity === null ? null : await slotTaken(tx, slotRow.id, now);
    let left = capacity === null || !taken ? Number.POSITIVE_INFINITY : capacity - taken.booked - taken.held;
    const outcomes = asks.map((ask) => {
      if (ask.units > left) return notEnoughPlaces(Math.max(0, left));
      left -= ask.units;
      return ask.values(slotRow.id);
    });
    const rows = await insertHolds(
      tx,
      outcomes.filter((o): o is NewHold => !(o instanceof AppError)),
    );
    const byId = new Map(rows.map((h) => [h.id, h]));
    return outcomes.map((o) => (o instanceof AppError ? o : (byId.get(o.id) as HoldRow)));
  });

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
  const units = price.capacityUnits;
  const partnership = options.partnership ?? null;
  // Everything but the slot's row id is known before any lock is taken.
  const holdValues = (slotId: string): NewHold => ({
    id: randomUUID(),
    accountId,
    experienceId: offer.id,
    slotId,
    rateId: input.rateId,
    units,
    participants: price.participants,
    party,
    totalMinor: price.totalMinor,
    currency: offer.currency,
    expiresAt: new Date(now.getTime() + (options.holdMinutes ?? offer.holdMinutes) * 60_000),
    source: options.source,
    cartLineId: options.cartLineId ?? null,
    holdMinutes: options.holdMinutes ?? null,
    partnershipId: partnership?.id ?? null,
  });
  // A start already full (or closed) is refused from the committed state, before queueing for its
  // gate or its lock: a rush's refused buyers are answered at once. Only a refusal is decided here;
  // whether places are left is decided under the lock. A replacement frees places of its own.
  if (!replaces) {
    const existing = await peekSlot(db, offer.id, keyOf(slot), now);
    if (existing?.closed) throw slotClosed();
    const capacity = existing ? (existing.capacityOverride ?? slot.capacity) : null;
    if (existing && capacity !== null && units > capacity - existing.taken)
      throw notEnoughPlaces(Math.max(0, capacity - existing.taken));
  }
  // Without equipment or a reseller's allocation, the count and the insert are one statement: the
  // lock is held for it and the commit only; and in this process the holds asked meanwhile for the
  // same start are written together, one transaction for all of them (hold-batch.ts).
  const plain = !offer.equipment.length && !partnership && !replaces;
  if (plain && !unsafeTesting.skipSlotLock && !unsafeTesting.skipSlotGate) {
    const ask = { units, now, values: holdValues };
    const hold = await writeTogether<PlainAsk, HoldRow>(
      `${offer.id}|${keyOf(slot)}`,
      ask,
      writePlainHolds(db, offer, slot),
      rowRefused,
    );
    return { hold, slot, offer };
  }
  const attempt = async (noteLeft: NoteLeft) => {
    let counted: { left: number; atMs: number } | null = null;
    const reserved = await db
      .transaction(async (tx) => {
        const slotRow = await (unsafeTesting.skipSlotLock ? unlockedSlotForTests : lockSlot)(tx, slotRowValues(offer, slot));
        if (plain) {
          if (slotRow.closed) throw slotClosed();
          const capacity = slotRow.capacityOverride ?? slot.capacity;
          const countedAt = performance.now();
          const { taken, hold } = await insertHoldIfFits(tx, holdValues(slotRow.id), capacity, now);
          if (capacity !== null) counted = { left: Math.max(0, capacity - taken), atMs: countedAt };
          if (!hold) throw notEnoughPlaces(Math.max(0, (capacity ?? 0) - taken));
          return { hold, slot, offer };
        }
        const needs = await assertFits(tx, offer, slot, slotRow, units, now, replaces, (left, atMs) => {
          counted = { left, atMs };
        });
        if (partnership) await assertWithinAllocation(tx, slotRow.id, partnership, units, now, replaces);
        const hold = await insertHold(tx, holdValues(slotRow.id));
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
    if (seen) noteLeft(seen.left - units, seen.atMs);
    return reserved;
  };
  // A replacement frees its own places: the gate's count of what is left does not know that.
  if (unsafeTesting.skipSlotLock || unsafeTesting.skipSlotGate || replaces) return attempt(() => {});
  return throughSlotGate(`${offer.id}|${keyOf(slot)}`, units, notEnoughPlaces, attempt);
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
  return hold ? checkoutView(hold, now) : null;
};

/**
 * Both at once for a checkout's holds, in one read: whose each hold is for the organization asking
 * (`holdAccountFor`) and the hold as the checkout sees it (`holdForCheckout`); null where not its.
 */
export const holdsForCheckout = async (db: Db, hostAccountId: string, holdIds: string[], now: Date) => {
  const rows = await holdsVisibleTo(db, hostAccountId, holdIds);
  return holdIds.map((id) => {
    const hold = rows.find((h) => h.id === id);
    return hold ? { owner: hold.accountId, hold: checkoutView(hold, now) } : null;
  });
};

const checkoutView = (hold: HoldRow, now: Date) => ({
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
});

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
  options: { now: Date; status?: 'created' | 'confirmed'; offer?: OfferForAvailability | null },
) => {
  // The offer (a hold's never changes) is read before the slot's lock: under it, only the count and
  // the writes. A caller that read it already in this transaction passes it (null: the hold has none).
  const offer = options.offer !== undefined ? options.offer : (await offersOfHold(tx, accountId, holdId))[0];
  const peek = await lockHoldSlot(tx, accountId, holdId);
  if (!peek) throw notFound('This hold does not exist.');
  const { hold } = await activeHold(tx, accountId, holdId, options.now);
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

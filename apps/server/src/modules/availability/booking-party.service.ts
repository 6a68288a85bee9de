import type { Executor } from '../../db/client.ts';
import type { PartyLine } from '../../db/schema/availability.ts';
import { AppError, notFound, refusedByState } from '../../http/app-error.ts';
import { offersForAvailability } from './availability.repository.ts';
import { offerSlotByKey, priceForOffer } from './offer-slots.ts';
import {
  lockBookingSlot,
  partnershipAllocation,
  scaleBookingClaims,
  slotTaken,
  updateBookingParty,
} from './reservations.repository.ts';
import { assertFits, assertWithinAllocation, REASONS, unsafeTesting } from './slot-capacity.ts';

/** The party asked for: participants per pricing category (zero lines dropped) and, per group, the people. */
export type NewParty = { lines: { pricingCategoryId: string; quantity: number; at: number }[]; groupSize?: number | null };

/** `pricing_options.{i}…` of the engine's problems, named as the caller's `party.{i}…` field. */
const partyAttr = (attr: string, lines: NewParty['lines']) =>
  attr
    .replace(/^pricing_options\.(\d+)/, (_, i: string) => `party.${lines[Number(i)]?.at ?? i}`)
    .replace(/^pricing_options$/, 'party');

/**
 * Changes a booking's party inside the caller's transaction (an order line being changed), under
 * its slot's row lock exactly like a reservation: places added are counted and taken as a reserve
 * takes them (the start still bookable, capacity, equipment, a reseller's allocation); places removed
 * come back through the same update (the slot's `booked_units` follows the booking's units by its
 * trigger), so every place moves once. The price comes from the booking's rate: categories already
 * booked keep the unit price the guest paid, a category added takes the rate's price now.
 */
export const changeBookingPartyInTx = async (tx: Executor, accountId: string, bookingId: string, party: NewParty, now: Date) => {
  const row = await lockBookingSlot(tx, accountId, bookingId, !unsafeTesting.skipSlotLock);
  if (!row) throw notFound('This booking does not exist.');
  const { booking, slot: slotRow } = row;
  if (booking.status === 'canceled') throw refusedByState('booking_canceled', 'This booking is canceled.');
  const [offer] = await offersForAvailability(tx, accountId, { experienceId: booking.experienceId });
  if (!offer) throw notFound('This offer does not exist.');
  const rateId = booking.rateId;
  const priced = rateId
    ? priceForOffer(offer, rateId, {
        lines: party.lines,
        groupSize:
          party.groupSize ??
          (offer.rates.find((r) => r.id === rateId)?.pricingMode === 'per_group' ? booking.participants : null),
      })
    : null;
  if (!priced) {
    throw refusedByState('rate_gone', 'The rate this booking was sold at no longer exists: cancel the booking and book again.');
  }
  if (!priced.ok) {
    throw new AppError(
      400,
      priced.problems.map((p) => ({ code: p.code, detail: p.detail, attr: partyAttr(p.attr, party.lines) })),
    );
  }
  const paid = new Map(booking.party.map((p) => [p.pricing_category_id, p.unit_price]));
  const lines: PartyLine[] = priced.lines.map((l) => {
    const unit = paid.get(l.pricingCategoryId) ?? l.unitPriceMinor;
    return { pricing_category_id: l.pricingCategoryId, quantity: l.quantity, unit_price: unit, amount: unit * l.quantity };
  });
  const added = priced.capacityUnits - booking.units;
  if (added > 0) {
    // Adding people is booking: the start must still take bookings (on sale, not begun, before the cut-off).
    const slot = offerSlotByKey(offer, slotRow.slotKey, now.getTime());
    if (!slot) throw refusedByState('not_bookable', 'This start is no longer in the schedule: no places can be added.');
    if (slot.reason) throw refusedByState('not_bookable', REASONS[slot.reason] ?? 'This start cannot be booked.');
    await assertFits(tx, offer, slot, slotRow, added, now, null);
    if (booking.partnershipId) {
      const allocation = await partnershipAllocation(tx, booking.partnershipId);
      await assertWithinAllocation(tx, slotRow.id, { id: booking.partnershipId, allocation }, added, now, null);
    }
  }
  const after = await updateBookingParty(tx, booking.id, {
    units: priced.capacityUnits,
    participants: priced.participants,
    party: lines,
    totalMinor: lines.reduce((sum, l) => sum + l.amount, 0),
  });
  if (added !== 0) await scaleBookingClaims(tx, booking.id, booking.units, priced.capacityUnits);
  return { before: booking, after };
};

/**
 * What a party change can offer now (no lock: the change itself counts again under it): the rate's
 * categories with the price each would take (a booked one keeps the price paid), the places left
 * on the start, and whether people can be added at all (the start still takes bookings).
 */
export const bookingPartyOptions = async (tx: Executor, accountId: string, bookingId: string, now: Date) => {
  const row = await lockBookingSlot(tx, accountId, bookingId, false);
  if (!row) throw notFound('This booking does not exist.');
  const { booking, slot: slotRow } = row;
  const [offer] = await offersForAvailability(tx, accountId, { experienceId: booking.experienceId });
  const rate = offer?.rates.find((r) => r.id === booking.rateId) ?? null;
  const slot = offer ? offerSlotByKey(offer, slotRow.slotKey, now.getTime()) : null;
  const capacity = slot ? (slotRow.capacityOverride ?? slot.capacity) : null;
  const taken = capacity === null ? null : await slotTaken(tx, slotRow.id, now);
  const booked = new Map(booking.party.map((p) => [p.pricing_category_id, p]));
  const categories = (rate?.prices ?? []).map((p) => ({
    pricing_category_id: p.pricingCategoryId,
    name: p.pricingCategoryName,
    unit_price: booked.get(p.pricingCategoryId)?.unit_price ?? p.priceMinor,
    quantity: booked.get(p.pricingCategoryId)?.quantity ?? 0,
  }));
  const reason = !rate
    ? 'The rate this booking was sold at no longer exists.'
    : !slot
      ? 'This start is no longer in the schedule.'
      : slotRow.closed
        ? 'This start is closed for bookings.'
        : slot.reason
          ? (REASONS[slot.reason] ?? 'This start cannot be booked.')
          : null;
  return {
    pricing_mode: rate?.pricingMode ?? ('per_person' as const),
    group_size: rate?.pricingMode === 'per_group' ? booking.participants : null,
    categories,
    places_left: taken === null || capacity === null ? null : Math.max(0, capacity - taken.booked - taken.held),
    can_add: reason === null,
    cannot_add_reason: reason,
  };
};

import type { Db } from '../../db/client.ts';
import type { OfferForAvailability } from './availability.repository.ts';
import { participantsEquippable } from './equipment-stock.ts';
import { overlappingClaims } from './reservations.repository.ts';
import type { Slot } from './slot-generation.ts';

/**
 * For a rental: how many more places each slot's equipment allows, given every claim on the same
 * items (from any offer) overlapping the slots; null when the offer uses no equipment. One query
 * for the whole range of slots.
 */
export const equipmentLimits = async (
  db: Db,
  offer: OfferForAvailability,
  slots: readonly Slot[],
  now: Date,
): Promise<(slot: Slot) => number | null> => {
  if (!offer.equipment.length || !slots.length) return () => null;
  const itemIds = offer.equipment.map((e) => e.itemId);
  const from = new Date(Math.min(...slots.map((s) => s.startMs)));
  const to = new Date(Math.max(...slots.map((s) => Math.max(s.endMs, s.startMs + 1))));
  const claims = await overlappingClaims(db, itemIds, from, to, now);
  const usages = claims.map((c) => ({
    itemId: c.itemId,
    quantity: c.quantity,
    startMs: c.startsAt.getTime(),
    endMs: c.endsAt.getTime(),
  }));
  const stock = new Map(offer.equipment.map((e) => [e.itemId, e.stock]));
  const perParticipant = offer.equipment.map((e) => ({ itemId: e.itemId, quantity: e.quantity }));
  return (slot) =>
    participantsEquippable({
      stock,
      usages,
      interval: { startMs: slot.startMs, endMs: slot.endMs },
      nowMs: now.getTime(),
      perParticipant,
    });
};

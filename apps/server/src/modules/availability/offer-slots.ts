import { parseSlotKey, slotKey } from '@excursio/contract/availability';
import type { OfferForAvailability, SlotUseRow } from './availability.repository.ts';
import { type SlotAvailability, slotAvailability } from './capacity-math.ts';
import { type PartyPrice, priceParty } from './party-price.ts';
import { generatePassDays } from './pass-days.ts';
import { generateSlots, type Slot } from './slot-generation.ts';

/**
 * The offer-level glue between the database rows and the pure engine: which slots an offer has,
 * what each has left, what a party costs. Every reader and writer goes through here, so the
 * screens, the public feed and the reservation all agree.
 */

const ratesOf = (offer: OfferForAvailability) =>
  offer.rates.map((r) => ({ id: r.id, validFrom: r.validFrom, validTo: r.validTo, priceCount: r.prices.length }));

/** The offer's slots between two local dates (inclusive), bookable or not, in start order. */
export const offerSlots = (offer: OfferForAvailability, from: string, to: string, nowMs: number): Slot[] => {
  const sellable = offer.status === 'active';
  if (offer.type === 'ticket' && offer.isOpenDated) {
    return generatePassDays({
      timeZone: offer.timeZone,
      rates: ratesOf(offer),
      dailyCap: offer.dailyCapacity,
      cutoffMinutes: offer.cutoffMinutes,
      from,
      to,
      nowMs,
      sellable,
    });
  }
  return generateSlots({
    timeZone: offer.timeZone,
    startTimes: offer.startTimes,
    durationMinutes: offer.durationMinutes,
    cutoffMinutes: offer.cutoffMinutes,
    rates: ratesOf(offer),
    from,
    to,
    nowMs,
    sellable,
  });
};

/** The slot a key names, if the offer's schedule has it. */
export const offerSlotByKey = (offer: OfferForAvailability, key: string, nowMs: number): Slot | null => {
  const parsed = parseSlotKey(key);
  if (!parsed) return null;
  return offerSlots(offer, parsed.date, parsed.date, nowMs).find((s) => (s.startTimeId ?? null) === parsed.start_time_id) ?? null;
};

export const keyOf = (slot: Pick<Slot, 'date' | 'startTimeId'>) => slotKey({ date: slot.date, start_time_id: slot.startTimeId });

/** Stored use by slot key. */
export const useByKey = (rows: readonly SlotUseRow[]) => new Map(rows.map((r) => [`${r.experienceId}|${r.slotKey}`, r]));

/** What is left of a slot, from the schedule and the stored use (holds already filtered by time). */
export const availabilityOf = (slot: Slot, use: SlotUseRow | undefined): SlotAvailability =>
  slotAvailability(
    {
      capacity: slot.capacity,
      capacityOverride: use?.capacityOverride ?? null,
      closed: use?.closed ?? false,
      bookedUnits: use?.booked ?? 0,
      holds: use?.held ? [{ id: 'held', units: use.held, expiresAtMs: Number.POSITIVE_INFINITY }] : [],
    },
    0,
  );

/** A party priced under one of the offer's rates, with the offer's limits and group rule. */
export const priceForOffer = (
  offer: OfferForAvailability,
  rateId: string,
  party: { lines: { pricingCategoryId: string; quantity: number }[]; groupSize?: number | null },
): (PartyPrice & { rate: OfferForAvailability['rates'][number] }) | null => {
  const rate = offer.rates.find((r) => r.id === rateId);
  if (!rate) return null;
  const price = priceParty(rate, party, {
    groupLimits: { minGroupSize: offer.minGroupSize, maxGroupSize: offer.maxGroupSize },
    groupCapacity: offer.groupTakesOnePlace ? 'one_per_group' : 'people',
  });
  return { ...price, rate };
};

/** The row a slot gets the first time something needs one. */
export const slotRowValues = (offer: OfferForAvailability, slot: Slot) => ({
  accountId: offer.accountId,
  experienceId: offer.id,
  slotKey: keyOf(slot),
  startTimeId: slot.startTimeId,
  localDate: slot.date,
  startsAt: new Date(slot.startMs),
  endsAt: new Date(Math.max(slot.endMs, slot.startMs)),
});

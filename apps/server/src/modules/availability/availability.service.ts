import type {
  BookingConfigResponse,
  CheckAvailabilityQuery,
  CheckAvailabilityResponse,
  UpcomingSlotsResponse,
} from '@excursio/contract/availability';
import type { ErrorItem } from '@excursio/contract/list';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import {
  findOfferForAvailability,
  type OfferForAvailability,
  offerSlotUse,
  partnershipUseByKey,
} from './availability.repository.ts';
import { limitRemaining, type SlotAvailability } from './capacity-math.ts';
import { bookableDays, summariseDays } from './day-summary.ts';
import { equipmentLimits } from './equipment-limits.ts';
import { formatIsoDate, monthDays } from './local-date.ts';
import { availabilityOf, keyOf, offerSlots, priceForOffer, useByKey } from './offer-slots.ts';
import { ratesValidBetween } from './rate-validity.ts';
import { nextBookableSlots, type Slot } from './slot-generation.ts';
import { toAvailabilitySlot, toPartyPriceWire } from './slot-wire.ts';
import { zoneTimeline } from './zone-timeline.ts';

export const loadOffer = async (db: Db, accountId: string, experienceId: string) => {
  const offer = await findOfferForAvailability(db, accountId, experienceId);
  if (!offer) throw notFound('This offer does not exist.');
  return offer;
};

/** Slots of an offer between two dates with what each has left (stored use, equipment for rentals). */
export const slotsWithAvailability = async (
  db: Db,
  offer: OfferForAvailability,
  range: { from: string; to: string },
  now: Date,
  cartLineId: string | null = null,
): Promise<{ slot: Slot; availability: SlotAvailability }[]> => {
  const slots = offerSlots(offer, range.from, range.to, now.getTime());
  if (!slots.length) return [];
  const use = useByKey(await offerSlotUse(db, offer.id, range, now, cartLineId));
  const equipment = await equipmentLimits(db, offer, slots, now);
  return slots.map((slot) => {
    const availability = availabilityOf(slot, use.get(`${offer.id}|${keyOf(slot)}`));
    const equippable = equipment(slot);
    return {
      slot,
      availability:
        equippable === null ? availability : { ...availability, remaining: limitRemaining(availability.remaining, equippable) },
    };
  });
};

/**
 * A day's slots with what each has left, whether the party fits and what it costs there (computed
 * here, never taken from the client). Problems of the party itself come back beside the slots.
 */
export const checkAvailability = async (
  db: Db,
  accountId: string,
  query: CheckAvailabilityQuery,
  now: Date,
  /** A reseller asks: what is left is also bounded by its allocation on each start. */
  partnership: { id: string; allocation: number | null } | null = null,
): Promise<CheckAvailabilityResponse> => {
  const offer = await loadOffer(db, accountId, query.experience_id);
  const day = { from: query.date_from, to: query.date_from };
  const entries = await slotsWithAvailability(db, offer, day, now, query.cart_line_id ?? null);
  if (partnership?.allocation != null && entries.length) {
    const allocation = partnership.allocation;
    const used = await partnershipUseByKey(db, offer.id, query.date_from, partnership.id, now);
    for (const entry of entries) {
      const left = Math.max(0, allocation - (used.get(keyOf(entry.slot)) ?? 0));
      const remaining = entry.availability.remaining;
      entry.availability = { ...entry.availability, remaining: remaining === null ? left : Math.min(remaining, left) };
    }
  }
  const lines = (query.pricing_options ?? []).map((l) => ({ pricingCategoryId: l.pricing_category_id, quantity: l.quantity }));
  const problems: ErrorItem[] = [];
  // One price per date: every slot of the day sells under the same rates.
  const sellingRates = entries[0]?.slot.rateIds ?? offer.rates.map((r) => r.id);
  const rateId = query.rate_id ?? sellingRates[0] ?? null;
  if (query.rate_id && !offer.rates.some((r) => r.id === query.rate_id)) {
    problems.push({ code: 'invalid_rate', detail: 'This rate does not belong to the offer.', attr: 'rate_id' });
  } else if (query.rate_id && entries.length && !sellingRates.includes(query.rate_id)) {
    problems.push({ code: 'rate_not_valid', detail: 'This rate does not sell on this date.', attr: 'rate_id' });
  }
  let price: ReturnType<typeof priceForOffer> = null;
  if (lines.length && rateId && !problems.length) {
    price = priceForOffer(offer, rateId, { lines, groupSize: query.group_size ?? null });
    if (price && !price.ok) problems.push(...price.problems.map((p) => ({ code: p.code, detail: p.detail, attr: p.attr })));
  }
  const units = price?.ok ? price.capacityUnits : lines.length ? null : (query.group_size ?? null);
  return {
    experience_id: offer.id,
    date: query.date_from,
    time_zone: offer.timeZone,
    currency: offer.currency,
    problems,
    results: entries.map(({ slot, availability }) => {
      const wire = toAvailabilitySlot(slot, availability);
      const fits =
        wire.bookable &&
        !problems.length &&
        units !== null &&
        (availability.remaining === null || units <= availability.remaining);
      return { ...wire, fits, price: price?.ok ? toPartyPriceWire(price.rate, price, offer.currency) : null };
    }),
  };
};

/** What a date picker needs for one month: bookable days, the rates that sell, the limits. */
export const bookingConfig = async (
  db: Db,
  accountId: string,
  query: { experience_id: string; month: number; year: number },
  now: Date,
): Promise<BookingConfigResponse> => {
  const offer = await loadOffer(db, accountId, query.experience_id);
  const { from, to } = monthDays(query.year, query.month);
  const range = { from: formatIsoDate(from), to: formatIsoDate(to) };
  const days = bookableDays(summariseDays(await slotsWithAvailability(db, offer, range, now)));
  const rates = ratesValidBetween(
    offer.rates.map((r) => ({ ...r, priceCount: r.prices.length })),
    range.from,
    range.to,
  );
  return {
    experience_id: offer.id,
    month: query.month,
    year: query.year,
    time_zone: offer.timeZone,
    currency: offer.currency,
    is_open_dated: offer.type === 'ticket' && offer.isOpenDated,
    cutoff_minutes: offer.cutoffMinutes,
    min_group_size: offer.minGroupSize,
    max_group_size: offer.maxGroupSize,
    days: days.map((d) => ({
      date: d.date,
      slots: d.bookableSlots,
      min_available: d.minAvailable,
      max_available: d.maxAvailable,
    })),
    rates: rates.map((r) => ({
      id: r.id,
      name: r.name,
      valid_from: r.validFrom,
      valid_to: r.validTo,
      pricing_mode: r.pricingMode,
      min_participants: r.minParticipants,
      max_participants: r.maxParticipants,
      prices: r.prices.map((p) => ({
        pricing_category_id: p.pricingCategoryId,
        pricing_category_name: p.pricingCategoryName,
        price: p.priceMinor,
      })),
    })),
  };
};

/** The next bookable starts of an offer (the editor's preview), with what each has left. */
export const upcomingSlots = async (
  db: Db,
  accountId: string,
  experienceId: string,
  limit: number,
  now: Date,
): Promise<UpcomingSlotsResponse> => {
  const offer = await loadOffer(db, accountId, experienceId);
  // Ask the schedule as if the offer were Active, so a Draft's preview shows what it would sell.
  const asActive = { ...offer, status: 'active' as const };
  const nowMs = now.getTime();
  let found: Slot[];
  if (offer.type === 'ticket' && offer.isOpenDated) {
    const today = zoneTimeline(offer.timeZone).localDayAt(nowMs);
    found = offerSlots(asActive, formatIsoDate(today), formatIsoDate(today + 366), nowMs)
      .filter((s) => s.bookable)
      .slice(0, limit);
  } else {
    const rates = offer.rates.map((r) => ({ id: r.id, validFrom: r.validFrom, validTo: r.validTo, priceCount: r.prices.length }));
    const input = { timeZone: offer.timeZone, durationMinutes: offer.durationMinutes, cutoffMinutes: offer.cutoffMinutes };
    found = nextBookableSlots({ ...input, startTimes: offer.startTimes, rates, nowMs }, limit);
  }
  if (!found.length)
    return { experience_id: offer.id, time_zone: offer.timeZone, sellable: offer.status === 'active', results: [] };
  const entries = await slotsWithAvailability(db, asActive, { from: found[0].date, to: found[found.length - 1].date }, now);
  const keys = new Set(found.map(keyOf));
  return {
    experience_id: offer.id,
    time_zone: offer.timeZone,
    sellable: offer.status === 'active',
    results: entries.filter((e) => keys.has(keyOf(e.slot))).map((e) => toAvailabilitySlot(e.slot, e.availability)),
  };
};

import {
  type AvailabilitySlot,
  type PUBLIC_AVAILABILITY_STATUSES,
  slotKey,
  type UnbookableReason,
} from '@excursio/contract/availability';
import type { SlotAvailability } from './capacity-math.ts';
import { DAY_MS, formatInstant, MINUTE_MS, parseIsoDate, parseWallTime } from './local-date.ts';
import type { PartyPrice, PricedRate } from './party-price.ts';
import type { Slot } from './slot-generation.ts';
import { zoneTimeline } from './zone-timeline.ts';

/**
 * Engine results → the (draft) wire shapes of packages/contract/src/availability.ts. Kept apart
 * from the arithmetic so the shapes can change without touching it.
 */

/** The schedule's reason first (a past slot is past, however empty), then the capacity's. */
export const slotReason = (slot: Slot, availability: SlotAvailability): UnbookableReason | null => {
  if (slot.reason !== null) return slot.reason;
  if (availability.closed) return 'closed';
  if (availability.remaining === 0) return 'full';
  return null;
};

export const toAvailabilitySlot = (slot: Slot, availability: SlotAvailability): AvailabilitySlot => {
  const reason = slotReason(slot, availability);
  return {
    id: slotKey({ date: slot.date, start_time_id: slot.startTimeId }),
    start_time_id: slot.startTimeId,
    date: slot.date,
    time: slot.time,
    time_zone: slot.timeZone,
    starts_at: slot.startsAt,
    ends_at: slot.endsAt,
    sales_end_at: formatInstant(slot.salesEndMs),
    capacity: availability.capacity,
    booked: availability.booked,
    held: availability.held,
    available: availability.remaining,
    closed: availability.closed,
    bookable: reason === null,
    unbookable_reason: reason,
    rate_ids: [...slot.rateIds],
  };
};

export const toPartyPriceWire = (rate: PricedRate, price: PartyPrice & { ok: true }, currency: string) => ({
  rate_id: rate.id,
  pricing_mode: rate.pricingMode,
  currency,
  total: price.totalMinor,
  participants: price.participants,
  groups: price.groups,
  capacity_units: price.capacityUnits,
  lines: price.lines.map((l) => ({
    pricing_category_id: l.pricingCategoryId,
    quantity: l.quantity,
    unit_price: l.unitPriceMinor,
    amount: l.amountMinor,
  })),
});

const offsetText = (offsetMs: number) => {
  const sign = offsetMs < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(offsetMs) / MINUTE_MS);
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** `2026-03-29T09:00:00+02:00`: the local date-time of an instant with the offset in force then. */
export const localDateTime = (timeZone: string, epochMs: number): string => {
  const offset = zoneTimeline(timeZone).offsetAt(epochMs);
  const wall = formatInstant(epochMs + offset).slice(0, 19);
  return `${wall}${offsetText(offset)}`;
};

/** One entry of the public feed (`/api/1/get-availabilities/`): few places left = LIMITED. */
export const toPublicAvailability = (slot: Slot, availability: SlotAvailability, productId: string, limitedBelow = 5) => {
  const reason = slotReason(slot, availability);
  const status: (typeof PUBLIC_AVAILABILITY_STATUSES)[number] =
    reason === 'full'
      ? 'SOLD_OUT'
      : reason !== null
        ? 'CLOSED'
        : availability.remaining !== null && availability.remaining < limitedBelow
          ? 'LIMITED'
          : 'AVAILABLE';
  // The start's local text is known exactly (the slot's own date and time); the offset follows from it.
  const startOffset = parseIsoDate(slot.date) * DAY_MS + parseWallTime(slot.time) * MINUTE_MS - slot.startMs;
  return {
    id: slotKey({ date: slot.date, start_time_id: slot.startTimeId }),
    productId,
    localDateTimeStart: `${slot.date}T${slot.time}:00${offsetText(startOffset)}`,
    localDateTimeEnd: localDateTime(slot.timeZone, slot.endMs),
    timeZone: slot.timeZone,
    utcStartAt: slot.startsAt,
    utcCutoffAt: formatInstant(slot.salesEndMs),
    allDay: slot.startTimeId === null,
    available: reason === null,
    status,
    vacancies: availability.remaining,
    capacity: availability.capacity,
  };
};

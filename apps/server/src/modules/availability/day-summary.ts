import type { SlotAvailability } from './capacity-math.ts';
import type { Slot } from './slot-generation.ts';
import { slotReason } from './slot-wire.ts';

/**
 * Per-day totals of slots with their capacity: the `config` date picker (bookable days, their
 * slot count and lowest remaining places) and the capacity calendar (use per day) both read them.
 */
export type DaySummary = {
  date: string;
  slots: number;
  /** Slots that can be sold now (schedule and capacity both allow it). */
  bookableSlots: number;
  closedSlots: number;
  /** Sums over the day's slots that have a limit; null when none has one. */
  capacity: number | null;
  booked: number;
  held: number;
  available: number | null;
  /** Lowest / highest remaining places among the bookable slots; null = none bookable, or no limit. */
  minAvailable: number | null;
  maxAvailable: number | null;
  /** (booked + held) / capacity of the limited slots, in whole percent (may exceed 100 when overbooked). */
  utilisationPercent: number | null;
};

export type SlotWithAvailability = { slot: Slot; availability: SlotAvailability };

/** Summaries in the order the days first appear (generation order is date order). */
export const summariseDays = (entries: Iterable<SlotWithAvailability>): DaySummary[] => {
  const days = new Map<string, DaySummary & { unlimitedBookable: boolean }>();
  for (const { slot, availability: a } of entries) {
    let d = days.get(slot.date);
    if (d === undefined) {
      d = {
        date: slot.date,
        slots: 0,
        bookableSlots: 0,
        closedSlots: 0,
        capacity: null,
        booked: 0,
        held: 0,
        available: null,
        minAvailable: null,
        maxAvailable: null,
        utilisationPercent: null,
        unlimitedBookable: false,
      };
      days.set(slot.date, d);
    }
    d.slots++;
    d.booked += a.booked;
    d.held += a.held;
    if (a.closed) d.closedSlots++;
    if (a.capacity !== null) d.capacity = (d.capacity ?? 0) + a.capacity;
    if (a.remaining !== null) d.available = (d.available ?? 0) + a.remaining;
    if (slotReason(slot, a) !== null) continue;
    d.bookableSlots++;
    if (a.remaining === null) d.unlimitedBookable = true;
    else {
      d.minAvailable = d.minAvailable === null ? a.remaining : Math.min(d.minAvailable, a.remaining);
      d.maxAvailable = d.maxAvailable === null ? a.remaining : Math.max(d.maxAvailable, a.remaining);
    }
  }
  const out: DaySummary[] = [];
  for (const { unlimitedBookable, ...d } of days.values()) {
    // An unlimited bookable slot makes the day's maximum unlimited too.
    if (unlimitedBookable) d.maxAvailable = null;
    d.utilisationPercent = d.capacity ? Math.round(((d.booked + d.held) * 100) / d.capacity) : d.capacity === 0 ? 100 : null;
    out.push(d);
  }
  return out;
};

/** The days a date picker offers: at least one bookable slot. */
export const bookableDays = (summaries: readonly DaySummary[]): DaySummary[] => summaries.filter((d) => d.bookableSlots > 0);

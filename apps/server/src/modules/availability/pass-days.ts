import { DAY_MS, formatInstant, formatIsoDate, formatWallTime, MINUTE_MS, parseIsoDate } from './local-date.ts';
import { type RateValidity, sellableRateIds } from './rate-validity.ts';
import { type Slot, unbookableReason } from './slot-generation.ts';
import { zoneTimeline } from './zone-timeline.ts';

/**
 * Open-dated passes have no start times: a pass is valid on any date on which one of the offer's
 * priced rates is valid, and the offer may cap how many passes a date can take. Each such date is
 * one "day slot" (start time id null) spanning the local day, so holds, bookings and overrides
 * work the same way as for timed slots. A date no priced rate covers has no day slot at all: the
 * validity window is what the pass is.
 */

export type PassDaysInput = {
  timeZone: string;
  rates: readonly RateValidity[];
  /** Passes per date; null = no cap (the capacity of the day slots is then null). */
  dailyCap: number | null;
  /** A pass for a date can be bought until the end of that date minus the cut-off. */
  cutoffMinutes: number;
  /** Local dates, inclusive. */
  from: string;
  to: string;
  nowMs: number;
  /** False when the offer is not Active (see SlotGenerationInput). Default true. */
  sellable?: boolean;
};

export const generatePassDays = (input: PassDaysInput): Slot[] => {
  const priced = input.rates.filter((r) => r.priceCount > 0);
  // Visit only the dates some priced rate covers: an open rate leaves the window's own bound.
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const r of priced) {
    first = Math.min(first, r.validFrom === null ? Number.NEGATIVE_INFINITY : parseIsoDate(r.validFrom));
    last = Math.max(last, r.validTo === null ? Number.POSITIVE_INFINITY : parseIsoDate(r.validTo));
  }
  const startDay = Math.max(parseIsoDate(input.from), first);
  const endDay = Math.min(parseIsoDate(input.to), last);
  const out: Slot[] = [];
  if (endDay < startDay) return out;

  const timeline = zoneTimeline(input.timeZone);
  const rateIdsOn = sellableRateIds(priced);
  const cutoffMs = input.cutoffMinutes * MINUTE_MS;
  const sellable = input.sellable ?? true;
  let startMs = timeline.startOfDayMs(startDay);
  for (let day = startDay; day <= endDay; day++) {
    const date = formatIsoDate(day);
    const rateIds = rateIdsOn(date);
    const endMs = timeline.startOfDayMs(day + 1);
    if (rateIds.length > 0) {
      // The day's first wall time: 00:00, unless a gap swallowed midnight (then the gap's end).
      const time = formatWallTime(Math.round((startMs + timeline.offsetAt(startMs) - day * DAY_MS) / MINUTE_MS));
      const salesEndMs = endMs - cutoffMs;
      // A pass "starts" when its day ends for the purpose of "past": today's pass still sells.
      const reason = unbookableReason(sellable, input.nowMs, salesEndMs, endMs, rateIds);
      out.push({
        startTimeId: null,
        date,
        time,
        timeZone: input.timeZone,
        startMs,
        startsAt: formatInstant(startMs),
        endMs,
        endsAt: formatInstant(endMs),
        salesEndMs,
        capacity: input.dailyCap,
        rateIds,
        bookable: reason === null,
        reason,
      });
    }
    startMs = endMs;
  }
  return out;
};

import { formatInstant, formatIsoDate, isoWeekday, MINUTE_MS, parseIsoDate, parseWallTime } from './local-date.ts';
import { type RateValidity, sellableRateIds } from './rate-validity.ts';
import { type ZoneTimeline, zoneTimeline } from './zone-timeline.ts';

/**
 * Slots are computed from the schedule on every call, never stored ahead: a slot is one start of a
 * schedule line on one local date in the offer's zone. Rows for slots (holds, bookings, overrides)
 * are the caller's business and are keyed by (start time id, local date).
 */

/** One line of an offer's schedule (the `start_times` row). */
export type ScheduleLine = {
  id: string;
  /** Local wall time `HH:mm` in the offer's zone. */
  time: string;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: readonly number[];
  dateFrom: string;
  /** Inclusive; null = open-ended. */
  dateTo: string | null;
  capacity: number;
};

/** Why a slot cannot be sold, most fundamental first (only the first that applies is given). */
export type UnbookableReason = 'not_active' | 'past' | 'cutoff' | 'no_rate';

export type Slot = {
  /** The schedule line; null for a day of an open-dated pass. */
  startTimeId: string | null;
  /** Local date `YYYY-MM-DD` in `timeZone`. */
  date: string;
  /** Local wall time `HH:mm` in `timeZone`. */
  time: string;
  timeZone: string;
  /** Start instant, epoch ms (for arithmetic) and ISO 8601 UTC (for the wire). */
  startMs: number;
  startsAt: string;
  /** Start + the offer's duration (a missing duration counts as 0). */
  endMs: number;
  endsAt: string;
  /** Sales close at this instant: start − cut-off (for a pass day: end of day − cut-off). */
  salesEndMs: number;
  /** The schedule line's capacity (a pass day: the daily cap, null = no cap). */
  capacity: number | null;
  /** Rates that sell on this date (valid and priced), in the order given. Shared between slots. */
  rateIds: readonly string[];
  bookable: boolean;
  reason: UnbookableReason | null;
};

export type SlotGenerationInput = {
  timeZone: string;
  startTimes: readonly ScheduleLine[];
  durationMinutes: number | null;
  cutoffMinutes: number;
  rates: readonly RateValidity[];
  /** Local dates, inclusive. */
  from: string;
  to: string;
  nowMs: number;
  /**
   * False when the offer is not Active: the slots are still produced (the operator's capacity
   * calendar, the editor's preview) but none is bookable. Default true.
   */
  sellable?: boolean;
};

type PreparedLine = { id: string; time: string; minute: number; mask: number; fromDay: number; toDay: number; capacity: number };

// Schedules come from the catalog cache as the same array until they change: prepared once each.
const preparedLines = new WeakMap<readonly ScheduleLine[], PreparedLine[]>();
const prepare = (lines: readonly ScheduleLine[]): PreparedLine[] => {
  let prepared = preparedLines.get(lines);
  if (!prepared) {
    prepared = prepareLines(lines);
    preparedLines.set(lines, prepared);
  }
  return prepared;
};

const prepareLines = (lines: readonly ScheduleLine[]): PreparedLine[] =>
  lines
    .map((l) => {
      let mask = 0;
      for (const d of l.weekdays) {
        if (!Number.isInteger(d) || d < 1 || d > 7) throw new RangeError(`Not an ISO weekday: ${d}`);
        mask |= 1 << d;
      }
      return {
        id: l.id,
        time: l.time,
        minute: parseWallTime(l.time),
        mask,
        fromDay: parseIsoDate(l.dateFrom),
        toDay: l.dateTo === null ? Number.POSITIVE_INFINITY : parseIsoDate(l.dateTo),
        capacity: l.capacity,
      };
    })
    // By wall time: within a day, slots then come out in instant order ('earlier' keeps wall-time
    // order monotonic even across a fall-back overlap), so the result needs no sort.
    .sort((a, b) => a.minute - b.minute || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** Decides bookability; shared with day passes. */
export const unbookableReason = (
  sellable: boolean,
  nowMs: number,
  endOfSaleMs: number,
  startMs: number,
  rateIds: readonly string[],
): UnbookableReason | null => {
  if (!sellable) return 'not_active';
  if (startMs <= nowMs) return 'past';
  if (endOfSaleMs <= nowMs) return 'cutoff';
  if (rateIds.length === 0) return 'no_rate';
  return null;
};

/**
 * The slots of an offer between two local dates (inclusive), in start order. A wall time that
 * does not exist that day (spring forward) yields no slot; an ambiguous one (fall back) starts at
 * its first occurrence. Only the days where some line is in force are visited, so a far window or
 * an open-ended schedule costs the same as a near one.
 */
export const generateSlots = (input: SlotGenerationInput): Slot[] => {
  const lines = prepare(input.startTimes);
  const windowFrom = parseIsoDate(input.from);
  const windowTo = parseIsoDate(input.to);
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const l of lines) {
    if (l.fromDay < first) first = l.fromDay;
    if (l.toDay > last) last = l.toDay;
  }
  const startDay = Math.max(windowFrom, first);
  const endDay = Math.min(windowTo, last);
  const out: Slot[] = [];
  if (endDay < startDay) return out;

  const timeline = zoneTimeline(input.timeZone);
  const rateIdsOn = sellableRateIds(input.rates);
  const durationMs = (input.durationMinutes ?? 0) * MINUTE_MS;
  const cutoffMs = input.cutoffMinutes * MINUTE_MS;
  const sellable = input.sellable ?? true;
  const { nowMs, timeZone } = input;

  for (let day = startDay; day <= endDay; day++) {
    const bit = 1 << isoWeekday(day);
    let date = '';
    let rateIds: readonly string[] = [];
    for (const line of lines) {
      if (day < line.fromDay || day > line.toDay || (line.mask & bit) === 0) continue;
      const startMs = timeline.toEpochMs(day, line.minute);
      if (startMs === null) continue;
      if (date === '') {
        date = formatIsoDate(day);
        rateIds = rateIdsOn(date);
      }
      const endMs = startMs + durationMs;
      const salesEndMs = startMs - cutoffMs;
      const reason = unbookableReason(sellable, nowMs, salesEndMs, startMs, rateIds);
      out.push({
        startTimeId: line.id,
        date,
        time: line.time,
        timeZone,
        startMs,
        startsAt: formatInstant(startMs),
        endMs,
        endsAt: formatInstant(endMs),
        salesEndMs,
        capacity: line.capacity,
        rateIds,
        bookable: reason === null,
        reason,
      });
    }
  }
  return out;
};

type StartsInput = Pick<SlotGenerationInput, 'timeZone' | 'startTimes'>;

/** The start instants of one local day that fall in `[fromMs, toMs)`, in order, appended to `out`. */
const startsOfDay = (
  lines: readonly PreparedLine[],
  timeline: ZoneTimeline,
  day: number,
  fromMs: number,
  toMs: number,
  out: number[],
) => {
  const bit = 1 << isoWeekday(day);
  for (const line of lines) {
    if (day < line.fromDay || day > line.toDay || (line.mask & bit) === 0) continue;
    const startMs = timeline.toEpochMs(day, line.minute);
    if (startMs !== null && startMs >= fromMs && startMs < toMs) out.push(startMs);
  }
};

/**
 * Only the start instants (epoch ms, in order) of the slots starting in `[fromMs, toMs)`: what
 * ordering a feed by vacancies needs, without building ~100 bytes of slot and two date strings
 * per start. The page it shows is then built with `generateSlots`.
 */
export const startInstantsBetween = (input: StartsInput, fromMs: number, toMs: number): number[] => {
  const out: number[] = [];
  if (toMs <= fromMs || !input.startTimes.length) return out;
  const lines = prepare(input.startTimes);
  const timeline = zoneTimeline(input.timeZone);
  const endDay = timeline.localDayAt(toMs - 1);
  for (let day = timeline.localDayAt(fromMs); day <= endDay; day++) startsOfDay(lines, timeline, day, fromMs, toMs, out);
  return out;
};

/**
 * How many slots start in `[fromMs, toMs)`, without computing their instants where that cannot
 * change the answer: a day strictly inside the window with no offset change near it has one start
 * per line in force; the window's first and last days and days near a DST change are computed.
 */
export const countStartsBetween = (input: StartsInput, fromMs: number, toMs: number): number => {
  if (toMs <= fromMs || !input.startTimes.length) return 0;
  const lines = prepare(input.startTimes);
  const timeline = zoneTimeline(input.timeZone);
  const startDay = timeline.localDayAt(fromMs);
  const endDay = timeline.localDayAt(toMs - 1);
  const exact: number[] = [];
  let count = 0;
  for (let day = startDay; day <= endDay; day++) {
    if (day === startDay || day === endDay || !timeline.hasSingleOffset(day)) {
      exact.length = 0;
      startsOfDay(lines, timeline, day, fromMs, toMs, exact);
      count += exact.length;
      continue;
    }
    const bit = 1 << isoWeekday(day);
    for (const line of lines) if (day >= line.fromDay && day <= line.toDay && (line.mask & bit) !== 0) count++;
  }
  return count;
};

/**
 * The start instants of `[fromMs, toMs)` one at a time, in order (or, `descending`, from the end),
 * generating a local day only when the previous one is used up: a merge over hundreds of offers
 * computes just the days it reaches. Returns `undefined` when there are no more.
 */
export const startInstantsCursor = (input: StartsInput, fromMs: number, toMs: number, descending = false) => {
  const lines = toMs > fromMs ? prepare(input.startTimes) : [];
  const timeline = zoneTimeline(input.timeZone);
  const firstDay = timeline.localDayAt(fromMs);
  const lastDay = timeline.localDayAt(toMs - 1);
  let day = descending ? lastDay : firstDay;
  const buffer: number[] = [];
  let pos = 0;
  return (): number | undefined => {
    while (pos >= buffer.length) {
      if (!lines.length || day < firstDay || day > lastDay) return undefined;
      buffer.length = 0;
      pos = 0;
      startsOfDay(lines, timeline, day, fromMs, toMs, buffer);
      if (descending) buffer.reverse();
      day += descending ? -1 : 1;
    }
    return buffer[pos++];
  };
};

/**
 * The slots starting inside an instant window `[fromMs, toMs)` (the public availability feed asks
 * by instants): the local dates covering the window are generated, then trimmed.
 */
export const generateSlotsBetween = (input: Omit<SlotGenerationInput, 'from' | 'to'>, fromMs: number, toMs: number): Slot[] => {
  if (toMs <= fromMs) return [];
  const timeline = zoneTimeline(input.timeZone);
  const from = formatIsoDate(timeline.localDayAt(fromMs));
  const to = formatIsoDate(timeline.localDayAt(toMs));
  return generateSlots({ ...input, from, to }).filter((s) => s.startMs >= fromMs && s.startMs < toMs);
};

/**
 * The next `limit` bookable slots from `nowMs` on (the editor's preview), looking at most
 * `horizonDays` ahead, a month at a time so that a busy schedule stops early.
 */
export const nextBookableSlots = (input: Omit<SlotGenerationInput, 'from' | 'to'>, limit: number, horizonDays = 366): Slot[] => {
  const today = zoneTimeline(input.timeZone).localDayAt(input.nowMs);
  const found: Slot[] = [];
  for (let from = today; from <= today + horizonDays && found.length < limit; from += 31) {
    const to = Math.min(from + 30, today + horizonDays);
    for (const slot of generateSlots({ ...input, from: formatIsoDate(from), to: formatIsoDate(to) })) {
      if (slot.bookable) found.push(slot);
      if (found.length === limit) break;
    }
  }
  return found;
};

import { Temporal } from 'temporal-polyfill';
import { civilFromDay, DAY_MS, MINUTE_MS } from './local-date.ts';

/**
 * Local wall time → instant in an IANA zone, fast.
 *
 * Temporal (the polyfill) is the source of truth for a zone's rules, but one
 * `PlainDateTime#toZonedDateTime` costs ~10 µs, which is ~11 ms for a month of 36 starts a day.
 * So Temporal is asked once per zone and UTC year for the offset in force at the start of the
 * year and the exact list of offset transitions (cached for the process), and every conversion
 * is arithmetic on that table:
 * - a local day with no transition within a day either side has one offset: instant = wall − offset;
 * - a day near a transition applies the rule Temporal applies, on the same table: a candidate
 *   instant (wall − o) for every offset o in force around the day is real when the zone's offset
 *   at that instant is o; none real → the wall time does not exist (spring forward: skipped);
 *   two real → it is ambiguous (fall back) and the earlier one is taken.
 * The property tests compare this with Temporal itself for many zones and dates.
 */

type Transition = { atMs: number; beforeMs: number; afterMs: number };
type ZoneYear = { startOffsetMs: number; transitions: readonly Transition[] };

// Bounded so that requests for arbitrary far years cannot grow memory without limit; one entry is
// a few dozen bytes and the working set is (zones in use) × (years in use).
const MAX_CACHED_YEARS = 4096;
const years = new Map<string, ZoneYear>();

const yearStartMs = (year: number) => {
  const d = new Date(0);
  d.setUTCFullYear(year, 0, 1);
  return d.getTime();
};

const loadYear = (timeZone: string, year: number): ZoneYear => {
  const key = `${timeZone}|${year}`;
  const hit = years.get(key);
  if (hit) return hit;
  const endMs = yearStartMs(year + 1);
  let at = Temporal.Instant.fromEpochMilliseconds(yearStartMs(year)).toZonedDateTimeISO(timeZone);
  const startOffsetMs = at.offsetNanoseconds / 1e6;
  const transitions: Transition[] = [];
  let beforeMs = startOffsetMs;
  for (;;) {
    const next = at.getTimeZoneTransition('next');
    if (next === null || next.epochMilliseconds >= endMs) break;
    const afterMs = next.offsetNanoseconds / 1e6;
    if (afterMs !== beforeMs) transitions.push({ atMs: next.epochMilliseconds, beforeMs, afterMs });
    beforeMs = afterMs;
    at = next;
  }
  if (years.size >= MAX_CACHED_YEARS) years.clear();
  const entry = { startOffsetMs, transitions };
  years.set(key, entry);
  return entry;
};

const utcYear = (epochMs: number) => civilFromDay(Math.floor(epochMs / DAY_MS)).year;

export type ZoneTimeline = {
  readonly timeZone: string;
  /** The zone's UTC offset (ms) in force at an instant. */
  offsetAt(epochMs: number): number;
  /**
   * The instant (epoch ms) of a local wall time: `null` when it does not exist (spring-forward
   * gap), the first occurrence when it is ambiguous (fall back).
   */
  toEpochMs(epochDay: number, minuteOfDay: number): number | null;
  /** The first instant of a local day: its midnight, or the end of a gap that swallowed midnight. */
  startOfDayMs(epochDay: number): number;
  /** The local epoch day an instant falls on. */
  localDayAt(epochMs: number): number;
  /** True when no offset change is within a day of this local day: its wall times map one to one. */
  hasSingleOffset(epochDay: number): boolean;
};

// One converter per zone for the process (a few hundred zones exist); JavaScript runs each call to
// completion, so sharing the memo of the last day between callers is safe.
const timelines = new Map<string, ZoneTimeline>();

/** The converter for one zone; it memoises the last local day it looked at. */
export const zoneTimeline = (timeZone: string): ZoneTimeline => {
  let timeline = timelines.get(timeZone);
  if (!timeline) {
    timeline = newTimeline(timeZone);
    if (timelines.size >= 1024) timelines.clear();
    timelines.set(timeZone, timeline);
  }
  return timeline;
};

const newTimeline = (timeZone: string): ZoneTimeline => {
  // The timeline's own view of the shared cache, keyed by number: no key string per lookup.
  const own = new Map<number, ZoneYear>();
  const yearOf = (year: number) => {
    let data = own.get(year);
    if (data === undefined) {
      data = loadYear(timeZone, year);
      if (own.size >= 64) own.clear(); // a long-lived timeline asked for arbitrary years stays small
      own.set(year, data);
    }
    return data;
  };
  // The UTC year last looked up, by its bounds: most lookups land in it without date arithmetic.
  let lastYear: ZoneYear | null = null;
  let lastFromMs = 0;
  let lastToMs = 0;
  const offsetAt = (epochMs: number) => {
    let year: ZoneYear;
    if (lastYear !== null && epochMs >= lastFromMs && epochMs < lastToMs) year = lastYear;
    else {
      const y = utcYear(epochMs);
      year = yearOf(y);
      lastYear = year;
      lastFromMs = yearStartMs(y);
      lastToMs = yearStartMs(y + 1);
    }
    let offset = year.startOffsetMs;
    for (const t of year.transitions) {
      if (t.atMs > epochMs) break;
      offset = t.afterMs;
    }
    return offset;
  };

  // Per local day: its single offset, or (NaN and) the candidate offsets when a transition is near.
  // Remembered per day (bounded): a feed over hundreds of offers asks the same days again and again.
  type DayInfo = { offset: number; candidates: readonly number[] };
  const days = new Map<number, DayInfo>();
  let memoDay = Number.NaN;
  let memoOffset = 0;
  let memoCandidates: readonly number[] = [];
  const dayInfo = (epochDay: number): DayInfo => {
    // Instants of this day's wall times lie strictly inside (lo, hi): offsets are under 24 hours.
    const lo = (epochDay - 1) * DAY_MS;
    const hi = (epochDay + 2) * DAY_MS;
    const first = utcYear(lo);
    const last = utcYear(hi);
    const startOffset = offsetAt(lo);
    const candidates = [startOffset];
    let near = false;
    for (let y = first; y <= last; y++) {
      for (const t of yearOf(y).transitions) {
        if (t.atMs < lo || t.atMs >= hi) continue;
        near = true;
        if (!candidates.includes(t.afterMs)) candidates.push(t.afterMs);
      }
    }
    return { offset: near ? Number.NaN : startOffset, candidates };
  };
  const lookDay = (epochDay: number) => {
    if (epochDay === memoDay) return;
    let info = days.get(epochDay);
    if (info === undefined) {
      info = dayInfo(epochDay);
      if (days.size >= 8192) days.clear();
      days.set(epochDay, info);
    }
    memoDay = epochDay;
    memoOffset = info.offset;
    memoCandidates = info.candidates;
  };

  const toEpochMs = (epochDay: number, minuteOfDay: number): number | null => {
    lookDay(epochDay);
    const wall = epochDay * DAY_MS + minuteOfDay * MINUTE_MS;
    if (!Number.isNaN(memoOffset)) return wall - memoOffset;
    let best: number | null = null;
    for (const offset of memoCandidates) {
      const instant = wall - offset;
      if (offsetAt(instant) === offset && (best === null || instant < best)) best = instant;
    }
    return best;
  };

  const startOfDayMs = (epochDay: number): number => {
    const midnight = toEpochMs(epochDay, 0);
    if (midnight !== null) return midnight;
    // Midnight fell into a gap (America/Santiago, Asia/Beirut…): rare enough to ask Temporal.
    const { year, month, day } = civilFromDay(epochDay);
    return Temporal.PlainDate.from({ year, month, day }).toZonedDateTime({ timeZone }).epochMilliseconds;
  };

  const localDayAt = (epochMs: number) => Math.floor((epochMs + offsetAt(epochMs)) / DAY_MS);

  const hasSingleOffset = (epochDay: number) => {
    lookDay(epochDay);
    return !Number.isNaN(memoOffset);
  };

  return { timeZone, offsetAt, toEpochMs, startOfDayMs, localDayAt, hasSingleOffset };
};

/**
 * Loads the zone tables ahead (server start): the very first Temporal call of a process costs
 * ~40 ms and each new zone-year 0.3–2 ms, which would otherwise land on the first request.
 */
export const preloadZones = (timeZones: Iterable<string>, fromYear: number, toYear: number): void => {
  for (const timeZone of timeZones) for (let y = fromYear; y <= toYear; y++) loadYear(timeZone, y);
};

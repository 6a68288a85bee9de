/**
 * Calendar arithmetic on plain numbers, no time zone involved. A local date is carried as its
 * epoch day (days since 1970-01-01 in the proleptic Gregorian calendar) so that the hot loops of
 * slot generation add 1 instead of allocating date objects; a local wall time as its minute of the
 * day. The zone only enters in zone-timeline.ts.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `YYYY-MM-DD` → epoch day. Throws on a malformed or impossible date (2026-02-30). */
export const parseIsoDate = (value: string): number => {
  const m = ISO_DATE.exec(value);
  if (!m) throw new RangeError(`Not a date (YYYY-MM-DD): ${value}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2026-02-30 over into March; a round trip catches it. Years below 100 are
  // mapped to 19xx by Date.UTC, which the round trip also refuses (they are never real bookings).
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new RangeError(`Not a date: ${value}`);
  }
  return ms / DAY_MS;
};

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad4 = (n: number) => (n < 10 ? `000${n}` : n < 100 ? `00${n}` : n < 1000 ? `0${n}` : `${n}`);

/** Epoch day → `{year, month, day}` (Howard Hinnant's days_from_civil inverse; exact, no Date). */
export const civilFromDay = (epochDay: number): { year: number; month: number; day: number } => {
  const z = epochDay + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
};

/** Epoch day → `YYYY-MM-DD`. */
export const formatIsoDate = (epochDay: number): string => {
  const { year, month, day } = civilFromDay(epochDay);
  return `${pad4(year)}-${pad2(month)}-${pad2(day)}`;
};

/** ISO weekday of an epoch day: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export const isoWeekday = (epochDay: number): number => {
  const r = (epochDay + 3) % 7;
  return (r < 0 ? r + 7 : r) + 1;
};

/** `HH:mm` → minute of the day (0 … 1439). */
export const parseWallTime = (value: string): number => {
  const m = WALL_TIME.exec(value);
  if (!m) throw new RangeError(`Not a wall time (HH:mm): ${value}`);
  return Number(m[1]) * 60 + Number(m[2]);
};

// All 1440 wall times, built once: formatting is then a lookup, not three new strings per slot.
const WALL_TIMES = Array.from({ length: 1440 }, (_, m) => `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`);

/** Minute of the day → `HH:mm`. */
export const formatWallTime = (minuteOfDay: number): string =>
  WALL_TIMES[minuteOfDay] ?? `${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}`;

/** First and last epoch day of a calendar month (`month` 1 … 12). */
export const monthDays = (year: number, month: number): { from: number; to: number } => ({
  from: Date.UTC(year, month - 1, 1) / DAY_MS,
  to: Date.UTC(year, month, 0) / DAY_MS,
});

// Formatting an instant is on the hot path (two per slot). Slots start on whole minutes in every
// modern zone, so the string is the UTC date (cached: consecutive slots share it) plus HH:mm; any
// other instant goes through Date, which yields the very same format.
let cachedDay = Number.NaN;
let cachedDayText = '';

/** Epoch milliseconds → ISO 8601 UTC exactly as `Date.prototype.toISOString` writes it. */
export const formatInstant = (epochMs: number): string => {
  if (epochMs % MINUTE_MS !== 0 || epochMs < 0 || epochMs >= 253_402_300_800_000) return new Date(epochMs).toISOString();
  const day = Math.floor(epochMs / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDayText = formatIsoDate(day);
  }
  const minute = (epochMs - day * DAY_MS) / MINUTE_MS;
  return `${cachedDayText}T${formatWallTime(minute)}:00.000Z`;
};

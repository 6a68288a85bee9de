import { type DisplayDateFormat, formatCalendarDate, formatClockTime } from '@excursio/contract/format';
import dayjs from 'dayjs';

/** Specification §9 date and time formats. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DISPLAY_DATE_FORMAT = 'DD. MMMM YYYY';
export const TIME_FORMAT_24H = 'HH:mm';
export const TIME_FORMAT_12H = 'hh:mm A';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The organization's formats and zone (Settings → Product configuration), set by the shell once the
 * configuration is read and again whenever it changes; the §9 display formats and the browser's
 * zone until then.
 */
const display = { date: DISPLAY_DATE_FORMAT, time: TIME_FORMAT_24H, timeZone: browserZone() };
export const setDisplayFormats = (formats: { date_format: string; time_format: '24h' | '12h'; default_time_zone?: string }) => {
  display.date = formats.date_format;
  display.time = formats.time_format === '12h' ? TIME_FORMAT_12H : TIME_FORMAT_24H;
  if (formats.default_time_zone) display.timeZone = formats.default_time_zone;
};
/** The date and time patterns in use (dayjs), for inputs that show dates (`valueFormat`), and the organization's zone. */
export const displayFormats = () => ({ ...display });

/** Today's date (`YYYY-MM-DD`) in the organization's zone (the browser's until the configuration is read). */
export const organizationToday = (now: Date = new Date()) => formatCalendarDate(now, display.timeZone, 'YYYY-MM-DD');

/**
 * A day (`YYYY-MM-DD`, as it is) or an instant (its day in the organization's zone) in the
 * organization's date display — the contract's `formatCalendarDate`, as mails and invoices write it.
 */
export const formatDisplayDate = (value: string | null | undefined) =>
  value ? formatCalendarDate(value, display.timeZone, display.date as DisplayDateFormat) : '—';

/** A time of day (`14:30` or `02:30 PM`) of a local `HH:mm` wall time or an instant in the organization's zone. */
export const formatTime = (value: string) =>
  /^\d{2}:\d{2}/.test(value)
    ? dayjs(`2000-01-01T${value.slice(0, 5)}`).format(display.time)
    : formatClockTime(value, display.timeZone, display.time === TIME_FORMAT_12H ? '12h' : '24h');

/** The wall clock of an instant in a zone (the browser's when none): `{ date: '2026-12-01', time: '10:02' }`. */
const zonedWallClock = (instant: string, timeZone?: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};

/** An instant as date and time in a zone (an offer's start in the offer's zone), in the organization's formats. */
export const formatZonedDateTime = (instant: string, timeZone: string) => {
  const wall = zonedWallClock(instant, timeZone);
  const local = dayjs(`${wall.date}T${wall.time}`);
  return `${local.format(`dddd, ${display.date}`)}, ${local.format(display.time)}`;
};

/** An instant's time of day in a zone (the browser's when none), in the organization's time format: `10:02` or `10:02 AM`. */
export const formatZonedTime = (instant: string, timeZone?: string) => formatTime(zonedWallClock(instant, timeZone).time);

/** An instant's local date in a zone (`YYYY-MM-DD`), for comparing days and for `formatDisplayDate`. */
export const zonedDate = (instant: string, timeZone?: string) => zonedWallClock(instant, timeZone).date;

export { formatMoney } from '@excursio/contract/format';

/** Minor units → the number a money input shows (4550 → 45.5). */
export const minorToAmount = (minor: number) => minor / 100;

/** Minor units → the text a money input shows, with two decimals (1250 → '12.50'). */
export const formatMinor = (minor: number) => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** The largest amount the contract's `money` accepts (1 000 000.00). */
export const MAX_MINOR = 100_000_000;

/** An empty input reads as no amount (`minor: null`); a refusal carries the message for the field. */
export type MoneyParse = { ok: true; minor: number | null } | { ok: false; error: string };

/**
 * What a money input holds ('45', '45.5', '45,50', '1,234.50', '1 234.50', 45.5) → integer minor units.
 * Parsed from the text, never multiplied as a float, so '0.29' is 29 and 19.99 is 1999.
 */
export const parseMoney = (input: string | number): MoneyParse => {
  const text = String(input).replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return { ok: true, minor: null };
  if (text.startsWith('-')) return { ok: false, error: 'Enter an amount of 0 or more.' };
  // Commas grouping thousands ('1,234.50') go; otherwise one comma is a decimal comma ('12,50').
  const ungrouped = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replaceAll(',', '') : text;
  const normalised = ungrouped.replace(',', '.');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(normalised);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, error: 'Enter an amount such as 12.50.' };
  const [, whole, fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, error: 'Use at most two decimals.' };
  const minor = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR) {
    return { ok: false, error: `Enter at most ${formatMinor(MAX_MINOR)}.` };
  }
  return { ok: true, minor };
};

/** "EUR" → "€", "USD" → "$", "CHF" → "CHF" (falls back to the code). */
export const currencySymbol = (currency: string) => {
  try {
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
};

export const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

export const capitalise = (value: string) => (value ? value[0].toUpperCase() + value.slice(1) : value);

/** Hundredths of a percent → '2 %', '2.5 %', '0.75 %' (a plan's platform fee). */
export const formatBasisPoints = (bp: number) => `${Number((bp / 100).toFixed(2))} %`;

/** An instant as `DD. MMMM YYYY, HH:mm` in the organization's zone (specification §9 formats; the organization's choice). */
export const formatDisplayDateTime = (value: string | null | undefined) =>
  value
    ? `${formatDisplayDate(value)}, ${formatClockTime(value, display.timeZone, display.time === TIME_FORMAT_12H ? '12h' : '24h')}`
    : '—';

/** Minor units (cents) → the amount with its currency symbol and two decimals ('€45.00'); the web and the emails say it alike. */
export const formatMoney = (minor: number, currency: string, locale?: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    minor / 100,
  );

/**
 * An instant's wall-clock time in a zone as the organization writes times: '14:05' (24-hour) or
 * '02:05 PM' (12-hour, as the web's `hh:mm A`). Emails, invoices, tickets and the check-in say it alike.
 */
export const formatClockTime = (at: Date | string, timeZone: string, timeFormat: '24h' | '12h' = '24h') => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: timeFormat === '12h' ? 'h12' : 'h23',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}`;
  return timeFormat === '12h' ? `${time} ${part('dayPeriod').toUpperCase()}` : time;
};

/** The organization's date display formats (product configuration; specification §9 `DD. MMMM YYYY` first). */
export type DisplayDateFormat = 'DD. MMMM YYYY' | 'YYYY-MM-DD' | 'DD.MM.YYYY' | 'MM/DD/YYYY';

/**
 * An instant's calendar date in a zone as the organization writes dates (product configuration's
 * date display): '28. November 2026', '2026-11-28', '28.11.2026' or '11/28/2026'. A plain
 * `YYYY-MM-DD` day is written as it is, whatever the zone. The web's `lib/format`, emails and
 * invoices say it alike.
 */
export const formatCalendarDate = (at: Date | string, timeZone: string, dateFormat: DisplayDateFormat = 'DD. MMMM YYYY') => {
  const plainDay = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: plainDay ? 'UTC' : timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(plainDay ? `${at}T00:00:00Z` : at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const [year, month, day] = [part('year'), part('month'), part('day')];
  switch (dateFormat) {
    case 'YYYY-MM-DD':
      return `${year}-${month}-${day}`;
    case 'DD.MM.YYYY':
      return `${day}.${month}.${year}`;
    case 'MM/DD/YYYY':
      return `${month}/${day}/${year}`;
    default:
      return `${day}. ${MONTH_NAMES[Number(month) - 1]} ${year}`;
  }
};

/** English month names, January first (dates written out, calendars' titles). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

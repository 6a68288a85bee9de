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

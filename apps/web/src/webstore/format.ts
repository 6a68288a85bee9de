/** Dates, times and money as a visitor reads them, in the offer's time zone and the chosen language. */
import { formatMoney } from '@excursio/contract/format';

const locale = (lang: string) => (lang === 'de' ? 'de-DE' : 'en-GB');

export const money = (minor: number, currency: string, lang: string) => formatMoney(minor, currency, locale(lang));

/** A local date (YYYY-MM-DD) as "Thursday, 26 November 2026" (or shorter). */
export const formatDay = (date: string, lang: string, style: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat(locale(lang), {
    timeZone: 'UTC',
    weekday: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));

/** An instant as "10:00" in the offer's zone (24-hour). */
export const formatTime = (iso: string, timeZone: string, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** "November 2026" */
export const formatMonth = (year: number, month: number, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );

/** Monday-first short weekday names ("Mo", "Tu", …). */
export const weekdayNames = (lang: string) =>
  Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale(lang), { timeZone: 'UTC', weekday: 'short' }).format(new Date(Date.UTC(2024, 0, 1 + i))),
  );

/** The zone's short name at that instant ("CET"), to say which clock a time is on. */
export const zoneName = (iso: string, timeZone: string, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

/** Today's date (YYYY-MM-DD) in a zone. */
export const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** An image's `srcset` from the server's WebP renditions (thumb 320w, medium 960w, large 1920w). */
const WIDTHS: Record<string, number> = { thumb: 320, medium: 960, large: 1920 };
export const srcSet = (urls: Record<string, string>) =>
  Object.entries(urls)
    .filter(([name]) => WIDTHS[name])
    .sort(([a], [b]) => WIDTHS[a] - WIDTHS[b])
    .map(([name, url]) => `${url} ${WIDTHS[name]}w`)
    .join(', ');
export const imageSrc = (urls: Record<string, string>, prefer: 'thumb' | 'medium' | 'large' = 'medium') =>
  urls[prefer] ?? urls.medium ?? urls.large ?? urls.thumb ?? Object.values(urls)[0] ?? '';

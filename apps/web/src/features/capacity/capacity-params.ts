import { PAGE_PARAM } from '../../lib/list/list-params.ts';
import { isInMonth, localToday, monthOf, type YearMonth } from './calendar-grid.ts';

/**
 * Where the calendar is — the month shown and the day opened — lives in the URL beside the list's
 * own parameters (offer filter, search, ordering, paging), so a reload or a shared link opens the
 * same place. These are navigation, not filters: "Reset filters" keeps them.
 */
export const MONTH_PARAM = 'month';
export const YEAR_PARAM = 'year';
export const DATE_PARAM = 'date';
export const OFFER_PARAM = 'experience_id';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isRealDate = (value: string) => ISO_DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

export type CalendarPlace = YearMonth & { date: string | null };

/** Month and year from the URL (a valid pair), else the opened day's month, else today's. */
export const readCalendarPlace = (params: URLSearchParams, today = localToday()): CalendarPlace => {
  const raw = params.get(DATE_PARAM);
  const date = raw && isRealDate(raw) ? raw : null;
  const month = Number(params.get(MONTH_PARAM));
  const year = Number(params.get(YEAR_PARAM));
  if (Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 2000 && year <= 2100) {
    return { year, month, date };
  }
  return { ...monthOf(date ?? today), date };
};

const copy = (params: URLSearchParams) => new URLSearchParams(params);

/** Shows another month; a day opened in another month closes (its list starts again at page 1). */
export const withMonth = (params: URLSearchParams, ym: YearMonth) => {
  const next = copy(params);
  next.set(MONTH_PARAM, String(ym.month));
  next.set(YEAR_PARAM, String(ym.year));
  const date = next.get(DATE_PARAM);
  if (date && !isInMonth(date, ym)) {
    next.delete(DATE_PARAM);
    next.delete(PAGE_PARAM);
  }
  return next;
};

/** Opens a day (its month shown too) or closes it (null); another day's list starts at page 1. */
export const withDate = (params: URLSearchParams, date: string | null) => {
  const next = copy(params);
  if (date === null) next.delete(DATE_PARAM);
  else {
    next.set(DATE_PARAM, date);
    const ym = monthOf(date);
    next.set(MONTH_PARAM, String(ym.month));
    next.set(YEAR_PARAM, String(ym.year));
  }
  if (next.get(DATE_PARAM) !== params.get(DATE_PARAM)) next.delete(PAGE_PARAM);
  return next;
};

/** "Reset filters" of this page: the offer filter and the search go, the place in the calendar and pageSize stay. */
export const withoutFilters = (params: URLSearchParams) => {
  const next = copy(params);
  for (const key of [OFFER_PARAM, 'search', PAGE_PARAM]) next.delete(key);
  return next;
};

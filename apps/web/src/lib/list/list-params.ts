import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@excursio/contract/list';

/**
 * The specification's list behaviour as pure functions over URL query parameters. Each function
 * returns a new URLSearchParams; the hook writes it with `replace`.
 */
export const PAGE_PARAM = 'page';
export const PAGE_SIZE_PARAM = 'pageSize';
export const ORDERING_PARAM = 'ordering';
export const SEARCH_PARAM = 'search';
export const ALL = 'All';

export type ListState = {
  page: number;
  pageSize: number;
  ordering: string;
  search: string;
  filters: Record<string, string>;
};

const positiveInt = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** A decimal number as written in a URL ("25", "7.5", "-3"); NaN for anything else ("abc", "", "1e3"). */
const decimal = (value: string) => (/^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN);

/**
 * The allowed page size nearest to a URL value: 1000 → 50, 7 → 5, 0 → 5, 15 → 10 (a tie goes to the
 * smaller size). Not a number at all ("abc") → the default.
 */
export const nearestPageSize = (value: string | null): number => {
  if (value === null) return DEFAULT_PAGE_SIZE;
  const n = decimal(value);
  if (Number.isNaN(n)) return DEFAULT_PAGE_SIZE;
  return PAGE_SIZES.reduce<number>((best, size) => (Math.abs(size - n) < Math.abs(best - n) ? size : best), PAGE_SIZES[0]);
};

const copy = (params: URLSearchParams) => new URLSearchParams(params);

/** 'All' or an empty value means "no filter". */
export const isEmptyFilterValue = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' || value === ALL;

export const readListState = (params: URLSearchParams, filterKeys: readonly string[]): ListState => ({
  page: positiveInt(params.get(PAGE_PARAM), 1),
  pageSize: nearestPageSize(params.get(PAGE_SIZE_PARAM)),
  ordering: params.get(ORDERING_PARAM) ?? '',
  search: params.get(SEARCH_PARAM) ?? '',
  filters: Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? '']).filter(([, value]) => value !== '')),
});

/** A list loads only when pageSize is in the query; null when nothing has to be written. */
export const withDefaultPageSize = (params: URLSearchParams, pageSize = DEFAULT_PAGE_SIZE) => {
  if (params.has(PAGE_SIZE_PARAM)) return null;
  const next = copy(params);
  next.set(PAGE_SIZE_PARAM, String(pageSize));
  return next;
};

/**
 * What a filter of a list accepts in the URL: one of these values, any id (`'uuid'`: options the
 * server lists, e.g. sellers), a real day (`'day'`, YYYY-MM-DD), or anything (`'any'`).
 */
export type FilterValues = readonly string[] | 'uuid' | 'day' | 'any';
/** A list's URL rules: its filters with the values each accepts, and the fields it may be ordered by. */
export type ListSpec = { filters?: Readonly<Record<string, FilterValues>>; ordering?: readonly string[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written `YYYY-MM-DD` (not `2026-13-45`, not `2026-02-30`). */
export const isRealDay = (value: string) =>
  DAY.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const accepts = (values: FilterValues, value: string) => {
  if (values === 'any') return true;
  if (values === 'uuid') return UUID.test(value);
  if (values === 'day') return isRealDay(value);
  return values.includes(value);
};

/** `name`, `-name` with `name` among the fields; anything else is not an ordering of this list. */
export const isAllowedOrdering = (value: string, fields: readonly string[]) =>
  fields.includes(value.startsWith('-') ? value.slice(1) : value);

/**
 * The one place a list's URL is made valid, before any request: a missing pageSize gets the default,
 * one that is not an allowed size becomes the nearest allowed size, a page that is not a whole
 * number above 1 is removed (page 1), and — with the list's spec — a filter value the filter does
 * not offer and an ordering by a field the list does not sort by are removed (hand-edited URLs such
 * as `?status=bogus` or `?ordering=bogus` show the unfiltered list, not the server's validation
 * text). Null when the URL is already valid.
 */
export const normalizedListParams = (params: URLSearchParams, spec: ListSpec = {}): URLSearchParams | null => {
  const next = withDefaultPageSize(params) ?? copy(params);
  for (const [key, values] of Object.entries(spec.filters ?? {})) {
    const value = next.get(key);
    if (value !== null && !isEmptyFilterValue(value) && (next.getAll(key).length > 1 || !accepts(values, value))) {
      next.delete(key);
      next.delete(PAGE_PARAM);
    }
  }
  const ordering = next.get(ORDERING_PARAM);
  if (spec.ordering && ordering !== null && ordering !== '' && !isAllowedOrdering(ordering, spec.ordering)) {
    next.delete(ORDERING_PARAM);
  }
  const size = next.get(PAGE_SIZE_PARAM) as string;
  const allowed = String(nearestPageSize(size));
  if (size !== allowed) next.set(PAGE_SIZE_PARAM, allowed);
  const page = next.get(PAGE_PARAM);
  if (page !== null && (!/^\d+$/.test(page) || Number(page) <= 1 || String(Number(page)) !== page)) {
    const n = decimal(page);
    // "03" and "2.0" still mean a page; everything else is page 1.
    if (Number.isInteger(n) && n > 1) next.set(PAGE_PARAM, String(n));
    else next.delete(PAGE_PARAM);
  }
  return next.toString() === params.toString() ? null : next;
};

/** A changed filter (or search term) is written, and the page parameter removed. */
export const withFilter = (params: URLSearchParams, key: string, value: string | null | undefined) => {
  const next = copy(params);
  if (isEmptyFilterValue(value)) next.delete(key);
  else next.set(key, (value as string).trim());
  if (next.toString() !== params.toString()) next.delete(PAGE_PARAM);
  return next;
};

export const withSearch = (params: URLSearchParams, term: string) => withFilter(params, SEARCH_PARAM, term);

export const withPage = (params: URLSearchParams, page: number) => {
  const next = copy(params);
  if (page <= 1) next.delete(PAGE_PARAM);
  else next.set(PAGE_PARAM, String(page));
  return next;
};

/** A new page size starts again at the first page. */
export const withPageSize = (params: URLSearchParams, pageSize: number) => {
  const next = copy(params);
  next.set(PAGE_SIZE_PARAM, String(pageSize));
  next.delete(PAGE_PARAM);
  return next;
};

export const withOrdering = (params: URLSearchParams, ordering: string) => withFilter(params, ORDERING_PARAM, ordering);

/** Sorting cycles a column: ascending (field) → descending (-field) → unsorted. */
export const nextOrdering = (current: string, field: string) => {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return '';
  return field;
};

export const orderingDirection = (current: string, field: string): 'asc' | 'desc' | null => {
  if (current === field) return 'asc';
  if (current === `-${field}`) return 'desc';
  return null;
};

/** Reset removes every query parameter except pageSize. */
export const resetListParams = (params: URLSearchParams) => {
  const next = new URLSearchParams();
  const pageSize = params.get(PAGE_SIZE_PARAM);
  if (pageSize !== null) next.set(PAGE_SIZE_PARAM, pageSize);
  return next;
};

/** Search or any filter set (ordering and paging are not filters). */
export const hasActiveFilters = (params: URLSearchParams, filterKeys: readonly string[]) =>
  [SEARCH_PARAM, ...filterKeys].some((key) => !isEmptyFilterValue(params.get(key)));

/** URL state → API query: pageSize becomes page_size; empty values are left out. */
export const toApiQuery = (state: ListState): Record<string, string | number> => {
  const query: Record<string, string | number> = { page: state.page, page_size: state.pageSize };
  if (state.ordering) query.ordering = state.ordering;
  if (state.search) query.search = state.search;
  for (const [key, value] of Object.entries(state.filters)) {
    if (!isEmptyFilterValue(value)) query[key] = value;
  }
  return query;
};

/** The values of a filter's options (for a list's spec). */
export const optionValues = (options: readonly { value: string }[]) => options.map((o) => o.value);

import { DEFAULT_PAGE_SIZE } from '@excursio/contract/list';

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

const copy = (params: URLSearchParams) => new URLSearchParams(params);

/** 'All' or an empty value means "no filter". */
export const isEmptyFilterValue = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' || value === ALL;

export const readListState = (params: URLSearchParams, filterKeys: readonly string[]): ListState => ({
  page: positiveInt(params.get(PAGE_PARAM), 1),
  pageSize: positiveInt(params.get(PAGE_SIZE_PARAM), DEFAULT_PAGE_SIZE),
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

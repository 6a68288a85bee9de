import { SEARCH_DEBOUNCE_MS } from '@excursio/contract/list';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import {
  hasActiveFilters,
  type ListSpec,
  nextOrdering,
  normalizedListParams,
  readListState,
  resetListParams,
  toApiQuery,
  withFilter,
  withOrdering,
  withPage,
  withPageSize,
  withSearch,
} from './list-params.ts';

/**
 * URL state for a list (specification "List behaviour"): every change is written to the query
 * with `replace`, no full navigation. `ready` is false until the URL's paging is valid: a missing
 * or unknown pageSize and an invalid page are corrected first (`normalizedListParams`), so no
 * request ever carries them.
 */
export const useListParams = (filtersOrSpec: readonly string[] | ListSpec = []) => {
  // A spec names each filter with the values it accepts (and the fields the list sorts by): values
  // it does not accept are removed from the URL before the first request. A bare list of keys
  // checks nothing but paging.
  const spec: ListSpec = Array.isArray(filtersOrSpec) ? {} : (filtersOrSpec as ListSpec);
  const filterKeys: readonly string[] = Array.isArray(filtersOrSpec) ? filtersOrSpec : Object.keys(spec.filters ?? {});
  const specKey = JSON.stringify(spec);
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // A navigation to another page under way (a link clicked while this list's code was loading):
  // correcting this page's URL now would land on the new page's path and drop its query.
  const navigation = useNavigation();
  const leaving = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;
  const keysKey = filterKeys.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keysKey stands for filterKeys
  const state = useMemo(() => readListState(params, filterKeys), [params, keysKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: specKey stands for spec
  const normalized = useMemo(() => normalizedListParams(params, spec), [params, specKey]);
  const ready = normalized === null;

  useEffect(() => {
    if (normalized && !leaving) setParams(normalized, { replace: true });
  }, [normalized, setParams, leaving]);

  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => setParams((current) => change(current), { replace: true }),
    [setParams],
  );

  // The search box holds what is typed; the URL follows after 500 ms without typing.
  const [searchInput, setSearchInputState] = useState(state.search);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelPending = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const setSearchInput = useCallback(
    (value: string) => {
      setSearchInputState(value);
      cancelPending();
      timer.current = setTimeout(() => {
        timer.current = null;
        update((current) => withSearch(current, value));
      }, SEARCH_DEBOUNCE_MS);
    },
    [update, cancelPending],
  );
  // Back/forward or a reset changes the URL: show its term unless the user is still typing.
  useEffect(() => {
    if (!timer.current) setSearchInputState(state.search);
  }, [state.search]);
  useEffect(() => cancelPending, [cancelPending]);

  const setFilter = useCallback((key: string, value: string | null) => update((c) => withFilter(c, key, value)), [update]);
  const setPage = useCallback((page: number) => update((c) => withPage(c, page)), [update]);
  const setPageSize = useCallback((size: number) => update((c) => withPageSize(c, size)), [update]);
  const setOrdering = useCallback((ordering: string) => update((c) => withOrdering(c, ordering)), [update]);
  const toggleSort = useCallback(
    (field: string) => update((c) => withOrdering(c, nextOrdering(c.get('ordering') ?? '', field))),
    [update],
  );
  const reset = useCallback(() => {
    cancelPending();
    setSearchInputState('');
    update(resetListParams);
  }, [update, cancelPending]);

  return {
    ready,
    ...state,
    apiQuery: toApiQuery(state),
    hasActiveFilters: hasActiveFilters(params, filterKeys),
    searchInput,
    setSearchInput,
    setFilter,
    setPage,
    setPageSize,
    setOrdering,
    toggleSort,
    reset,
  };
};

export type ListParams = ReturnType<typeof useListParams>;

/** A page out of range answers 404 (e.g. after the last row of a page was deleted): go to page 1. */
export const useResetPageOnNotFound = (list: ListParams, error: unknown) => {
  const notFound = typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
  const { page, setPage } = list;
  useEffect(() => {
    if (notFound && page > 1) setPage(1);
  }, [notFound, page, setPage]);
};

import { describe, expect, it } from 'vitest';
import {
  hasActiveFilters,
  isRealDay,
  nearestPageSize,
  nextOrdering,
  normalizedListParams,
  readListState,
  resetListParams,
  toApiQuery,
  withDefaultPageSize,
  withFilter,
  withOrdering,
  withPage,
  withPageSize,
  withSearch,
} from './list-params.ts';

const p = (query: string) => new URLSearchParams(query);

describe('list params', () => {
  it('writes the default page size only when pageSize is missing', () => {
    expect(withDefaultPageSize(p('status=active'))?.toString()).toBe('status=active&pageSize=25');
    expect(withDefaultPageSize(p('pageSize=10'))).toBeNull();
  });

  it('removes the page parameter when a filter changes', () => {
    const next = withFilter(p('pageSize=10&page=3'), 'status', 'active');
    expect(next.get('status')).toBe('active');
    expect(next.has('page')).toBe(false);
    expect(next.get('pageSize')).toBe('10');
  });

  it('keeps the page when the filter value does not change', () => {
    expect(withFilter(p('pageSize=10&page=3&status=active'), 'status', 'active').get('page')).toBe('3');
  });

  it('removes a filter set to All or to an empty value', () => {
    expect(withFilter(p('pageSize=10&status=active&page=2'), 'status', 'All').toString()).toBe('pageSize=10');
    expect(withFilter(p('pageSize=10&status=active'), 'status', '').toString()).toBe('pageSize=10');
    expect(withFilter(p('pageSize=10&status=active'), 'status', null).toString()).toBe('pageSize=10');
  });

  it('writes the search term under search and drops the page', () => {
    expect(withSearch(p('pageSize=25&page=2'), 'anna').toString()).toBe('pageSize=25&search=anna');
    expect(withSearch(p('pageSize=25&search=anna'), '  ').toString()).toBe('pageSize=25');
  });

  it('resets every parameter except pageSize', () => {
    expect(resetListParams(p('pageSize=50&page=2&search=x&status=active&ordering=-email')).toString()).toBe('pageSize=50');
    expect(resetListParams(p('search=x')).toString()).toBe('');
  });

  it('uses field / -field for ordering and cycles through the states', () => {
    expect(nextOrdering('', 'email')).toBe('email');
    expect(nextOrdering('email', 'email')).toBe('-email');
    expect(nextOrdering('-email', 'email')).toBe('');
    expect(nextOrdering('-name', 'email')).toBe('email');
    expect(withOrdering(p('pageSize=5&page=2'), '-email').toString()).toBe('pageSize=5&ordering=-email');
  });

  it('pages and page sizes', () => {
    expect(withPage(p('pageSize=5'), 3).toString()).toBe('pageSize=5&page=3');
    expect(withPage(p('pageSize=5&page=3'), 1).toString()).toBe('pageSize=5');
    expect(withPageSize(p('pageSize=5&page=3&status=active'), 50).toString()).toBe('pageSize=50&status=active');
  });

  it('reads state and maps pageSize to page_size for the API', () => {
    const state = readListState(p('pageSize=10&page=2&ordering=-email&search=ann&status=active&role='), ['status', 'role']);
    expect(state).toEqual({ page: 2, pageSize: 10, ordering: '-email', search: 'ann', filters: { status: 'active' } });
    expect(toApiQuery(state)).toEqual({ page: 2, page_size: 10, ordering: '-email', search: 'ann', status: 'active' });
  });

  it('knows when filters are active', () => {
    expect(hasActiveFilters(p('pageSize=10&ordering=email&page=2'), ['status'])).toBe(false);
    expect(hasActiveFilters(p('pageSize=10&search=a'), ['status'])).toBe(true);
    expect(hasActiveFilters(p('pageSize=10&status=active'), ['status'])).toBe(true);
  });

  it('reads an unknown pageSize as the nearest allowed size', () => {
    expect(nearestPageSize('1000')).toBe(50);
    expect(nearestPageSize('7')).toBe(5);
    expect(nearestPageSize('0')).toBe(5);
    expect(nearestPageSize('-4')).toBe(5);
    expect(nearestPageSize('15')).toBe(10);
    expect(nearestPageSize('18')).toBe(25);
    expect(nearestPageSize('37.5')).toBe(25);
    expect(nearestPageSize('40')).toBe(50);
    expect(nearestPageSize('abc')).toBe(25);
    expect(nearestPageSize('')).toBe(25);
    expect(nearestPageSize(null)).toBe(25);
    for (const size of [5, 10, 25, 50]) expect(nearestPageSize(String(size))).toBe(size);
    expect(readListState(p('pageSize=1000'), []).pageSize).toBe(50);
  });

  it('normalises paging once: nearest page size, page 1 for anything but a whole page number', () => {
    const fix = (query: string) => normalizedListParams(p(query))?.toString() ?? null;
    expect(fix('pageSize=25&status=active')).toBeNull();
    expect(fix('pageSize=10&page=3')).toBeNull();
    expect(fix('status=active')).toBe('status=active&pageSize=25');
    expect(fix('pageSize=1000&status=active')).toBe('pageSize=50&status=active');
    expect(fix('pageSize=7')).toBe('pageSize=5');
    expect(fix('pageSize=abc')).toBe('pageSize=25');
    expect(fix('pageSize=0&page=2')).toBe('pageSize=5&page=2');
    expect(fix('pageSize=')).toBe('pageSize=25');
    for (const page of ['abc', '0', '-2', '1', '1.5', '']) expect(fix(`pageSize=10&page=${page}`)).toBe('pageSize=10');
    expect(fix('pageSize=10&page=03')).toBe('pageSize=10&page=3');
    expect(fix('pageSize=10&page=2.0')).toBe('pageSize=10&page=2');
    // Once normalised, nothing more to write.
    expect(fix('pageSize=50&status=active')).toBeNull();
  });
});

describe('a list spec: filter values and orderings a list does not offer', () => {
  const spec = {
    filters: { status: ['confirmed', 'canceled'], seller: 'uuid', date_from: 'day', q: 'any' },
    ordering: ['created_at', 'total'],
  } as const;
  const norm = (query: string) => normalizedListParams(p(query), spec)?.toString() ?? null;

  it('removes a value the filter does not offer (and the page with it); keeps offered ones and All', () => {
    expect(norm('pageSize=25&status=bogus&page=3')).toBe('pageSize=25');
    expect(norm('pageSize=25&status=confirmed')).toBeNull();
    expect(norm('pageSize=25&status=All')).toBeNull();
    expect(norm('pageSize=25&status=confirmed&status=canceled')).toBe('pageSize=25');
    expect(norm('pageSize=25&q=whatever')).toBeNull();
  });

  it('checks ids and days by their shape', () => {
    expect(norm('pageSize=25&seller=bogus')).toBe('pageSize=25');
    expect(norm('pageSize=25&seller=6f1d2c9e-8a4b-4c3d-9e2f-1a2b3c4d5e6f')).toBeNull();
    expect(norm('pageSize=25&date_from=2026-13-45')).toBe('pageSize=25');
    expect(norm('pageSize=25&date_from=2026-02-30')).toBe('pageSize=25');
    expect(norm('pageSize=25&date_from=2026-02-28')).toBeNull();
  });

  it('removes an ordering by a field the list does not sort by, either direction', () => {
    expect(norm('pageSize=25&ordering=bogus')).toBe('pageSize=25');
    expect(norm('pageSize=25&ordering=-bogus&search=x')).toBe('pageSize=25&search=x');
    expect(norm('pageSize=25&ordering=-total')).toBeNull();
    expect(norm('pageSize=25&ordering=created_at')).toBeNull();
  });

  it('fixes paging and filters in one pass; without a spec only paging is checked', () => {
    expect(norm('status=bogus&ordering=nope&pageSize=1000')).toBe('pageSize=50');
    expect(normalizedListParams(p('pageSize=25&status=bogus&ordering=nope'))).toBeNull();
  });

  it('knows a real day', () => {
    expect(isRealDay('2026-11-28')).toBe(true);
    expect(isRealDay('2024-02-29')).toBe(true);
    expect(isRealDay('2026-02-29')).toBe(false);
    expect(isRealDay('2026-13-45')).toBe(false);
    expect(isRealDay('28.11.2026')).toBe(false);
  });
});

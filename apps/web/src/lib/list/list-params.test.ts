import { describe, expect, it } from 'vitest';
import {
  hasActiveFilters,
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

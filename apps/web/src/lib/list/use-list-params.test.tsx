// @vitest-environment happy-dom
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ListParams, useListParams } from './use-list-params.ts';

let list: ListParams;
const Probe = () => {
  list = useListParams(['status']);
  return null;
};

const setup = (url: string) => {
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return () => `${router.state.location.search}`;
};

describe('useListParams', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the default pageSize before the list is ready, without a new history entry', () => {
    const search = setup('/list?status=active');
    expect(search()).toBe('?status=active&pageSize=25');
    expect(list.ready).toBe(true);
    expect(list.apiQuery).toEqual({ page: 1, page_size: 25, status: 'active' });
  });

  it('restores the search term and writes typing to the URL after 500 ms', () => {
    vi.useFakeTimers();
    const search = setup('/list?pageSize=10&search=ann&page=3');
    expect(list.searchInput).toBe('ann');
    act(() => list.setSearchInput('anna'));
    act(() => vi.advanceTimersByTime(499));
    expect(search()).toBe('?pageSize=10&search=ann&page=3');
    act(() => vi.advanceTimersByTime(1));
    expect(search()).toBe('?pageSize=10&search=anna');
  });

  it('resets everything but pageSize, and All removes a filter', () => {
    const search = setup('/list?pageSize=50&status=active&ordering=-email&page=2');
    act(() => list.setFilter('status', 'All'));
    expect(search()).toBe('?pageSize=50&ordering=-email');
    act(() => list.toggleSort('email'));
    expect(search()).toBe('?pageSize=50');
    act(() => list.toggleSort('email'));
    expect(search()).toBe('?pageSize=50&ordering=email');
    act(() => list.reset());
    expect(search()).toBe('?pageSize=50');
  });

  it('corrects an invalid pageSize and page in the URL before the list is ready', () => {
    const search = setup('/list?pageSize=1000&page=abc&status=active');
    expect(search()).toBe('?pageSize=50&status=active');
    expect(list.ready).toBe(true);
    expect(list.pageSize).toBe(50);
    expect(list.apiQuery).toEqual({ page: 1, page_size: 50, status: 'active' });
  });
});

// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/"}
import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api/api.ts';
import { theme } from '../../../lib/theme.ts';
import { StoresListPage } from './stores-list-page.tsx';

const EMPTY = { results: [], count: 0, total_pages: 1, current_page_number: 1, next: null, previous: null };

const setup = (path: string) => {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      requested.push(url.pathname + url.search);
      return new Response(JSON.stringify(EMPTY), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const router = createMemoryRouter([{ path: '/sales/stores', element: <StoresListPage /> }], { initialEntries: [path] });
  render(
    <Provider store={store}>
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
  return requested;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the stores list', () => {
  it('explains what a store is when there is none, with the way to create one', async () => {
    const requested = setup('/sales/stores');
    expect(await screen.findByText(/There are no stores yet\. A store is a sales channel for your offers/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Create store' }).length).toBeGreaterThan(0);
    expect(requested).toEqual(['/api/stores/?page=1&page_size=25']);
  });

  it('says that nothing matches when a filter is set, and asks the API with the filter', async () => {
    const requested = setup('/sales/stores?pageSize=10&status=draft');
    expect(await screen.findByText('No stores match these filters.')).toBeTruthy();
    expect(screen.queryByText(/There are no stores yet/)).toBeNull();
    expect(requested).toEqual(['/api/stores/?page=1&page_size=10&status=draft']);
  });
});

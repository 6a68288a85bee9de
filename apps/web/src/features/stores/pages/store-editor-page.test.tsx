// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/"}
import { MESSAGES } from '@excursio/contract/messages';
import type { Store } from '@excursio/contract/stores';
import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api/api.ts';
import { appInfoSlice } from '../../../lib/auth/app-info.slice.ts';
import { editorSlice } from '../../../lib/auth/editor.slice.ts';
import { userSlice } from '../../../lib/auth/user.slice.ts';
import { theme } from '../../../lib/theme.ts';
import { StoreEditorPage } from './store-editor-page.tsx';

const ID = '0198f1d2-7c3a-7b8e-9f00-1a2b3c4d5e6f';
const STORE = {
  id: ID,
  name: 'Lake tours',
  slug: 'lake-tours',
  status: 'active',
  ownership: 'internal',
  is_default: false,
  currency: 'EUR',
  languages: ['en'],
  experiences_count: 2,
  url: 'http://demo.localhost:3000/s/lake-tours/',
  created_at: '2026-11-25T10:00:00.000Z',
} as Store;

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const setup = (path: string, answer: Response) => {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      requested.push(new URL(input.url).pathname);
      return answer.clone();
    }),
  );
  const store = configureStore({
    // No one signed in: the overview's analytics panel says what it needs instead of loading.
    reducer: {
      editor: editorSlice.reducer,
      user: userSlice.reducer,
      appInfo: appInfoSlice.reducer,
      [api.reducerPath]: api.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const router = createMemoryRouter(
    [
      { path: '/sales/stores/editor', element: <StoreEditorPage /> },
      { path: '/sales/stores/editor/:storeId/:step?', element: <StoreEditorPage /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
  return { requested, router, store };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the store editor', () => {
  it('says the id was not provided, without asking the server', async () => {
    const { requested } = setup('/sales/stores/editor', json(200, STORE));
    expect(await screen.findByText(MESSAGES.missingId('store'))).toBeTruthy();
    expect(requested).toEqual([]);
  });

  it('treats an id that is no id as a missing store: the error in place, no request, no validation text', async () => {
    const { requested, router } = setup(
      '/sales/stores/editor/bogus/settings',
      json(400, { type: 'validation_error', errors: [{ code: 'invalid', detail: 'Invalid UUID', attr: 'id' }] }),
    );
    expect(await screen.findByText('The store could not be loaded')).toBeTruthy();
    expect(screen.getByText('This store does not exist.')).toBeTruthy();
    expect(screen.queryByText(/Invalid UUID/)).toBeNull();
    expect(requested).toEqual([]);
    expect(router.state.location.pathname).toBe('/sales/stores/editor/bogus/settings');
  });

  it('shows why the store could not be loaded, where it is (no redirect)', async () => {
    const { router } = setup(
      `/sales/stores/editor/${ID}/overview`,
      json(404, { type: 'client_error', errors: [{ code: 'not_found', detail: 'Store not found.', attr: null }] }),
    );
    expect(await screen.findByText('The store could not be loaded')).toBeTruthy();
    expect(screen.getByText('Store not found.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/sales/stores/editor/${ID}/overview`);
  });

  it('opens on Settings without a step, marks the editor active, and clears that on leaving', async () => {
    const { router, store, requested } = setup(`/sales/stores/editor/${ID}`, json(200, STORE));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/sales/stores/editor/${ID}/settings`));
    await act(() => router.navigate(`/sales/stores/editor/${ID}/overview`));
    expect(await screen.findByText('Lake tours')).toBeTruthy();
    // Nobody signed in here: the tab says what its sales figures need instead of loading them.
    expect(screen.getByText(/Sales figures need the permission ‘Manage orders’/)).toBeTruthy();
    expect(store.getState().editor).toEqual({
      isEditorActive: true,
      navigation: { previous: '', current: 'overview', next: 'store-products' },
    });
    expect(requested.filter((p) => p === `/api/stores/${ID}/`)).toHaveLength(1);
    await act(() => router.navigate('/elsewhere'));
    expect(store.getState().editor).toEqual({ isEditorActive: false, navigation: { previous: '', current: '', next: '' } });
  });
});

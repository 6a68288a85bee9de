import { PERMISSION_SETS, type PermissionTitle } from '@excursio/contract/permissions';
import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { api } from '../api/api.ts';
import { appInfoSlice } from '../auth/app-info.slice.ts';
import { cartSlice } from '../auth/cart.slice.ts';
import { userSlice } from '../auth/user.slice.ts';
import { theme } from '../theme.ts';

/** Test support (unit tests only): a page with the API store, a signed-in user and a mocked fetch. */

export const page = <T,>(results: T[]) => ({
  results,
  count: results.length,
  total_pages: 1,
  current_page_number: 1,
  next: null,
  previous: null,
});

export type Call = { method: string; path: string; body: unknown };
/** Answers a request: a JSON body (status 200), or [status, body]. */
export type Responder = (call: Call) => object | [number, object];

const ALL_TITLES = Object.keys(PERMISSION_SETS) as PermissionTitle[];
const sets = (titles: PermissionTitle[]) => titles.map((title) => ({ title, codenames: PERMISSION_SETS[title] }));

export const renderPage = ({
  path,
  routes,
  respond,
  permissions = ALL_TITLES,
  features = ['stores', 'partners', 'resales', 'orders', 'bookings', 'experiences'],
}: {
  path: string;
  routes: { path: string; element: ReactNode }[];
  respond: Responder;
  permissions?: PermissionTitle[];
  features?: string[];
}) => {
  const calls: Call[] = [];
  // happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to it.
  if (!document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const text = input.method === 'GET' ? '' : await input.text();
      const call = { method: input.method, path: url.pathname + url.search, body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      const answer = respond(call);
      const [status, body] = Array.isArray(answer) ? answer : [200, answer];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  const store = configureStore({
    reducer: {
      user: userSlice.reducer,
      appInfo: appInfoSlice.reducer,
      cart: cartSlice.reducer,
      [api.reducerPath]: api.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
    preloadedState: {
      appInfo: { appInfo: { permission_sets: sets(ALL_TITLES) } as never },
      user: {
        user: {
          role: { id: 'r', name: 'Role', permission_sets: sets(permissions) },
          base_account: { subdomain: 'demo', active_subscription_features: features },
        } as never,
      },
    },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
  return { calls, router };
};

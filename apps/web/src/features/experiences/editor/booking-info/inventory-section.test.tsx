// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/"}
import type { Experience } from '@excursio/contract/experiences';
import { PERMISSION_SETS, type PermissionTitle } from '@excursio/contract/permissions';
import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../lib/api/api.ts';
import { appInfoSlice } from '../../../../lib/auth/app-info.slice.ts';
import { userSlice } from '../../../../lib/auth/user.slice.ts';
import { theme } from '../../../../lib/theme.ts';
import { InventorySection } from './inventory-section.tsx';

const sets = (titles: PermissionTitle[]) => titles.map((title) => ({ title, codenames: PERMISSION_SETS[title] }));

const setup = (titles: PermissionTitle[], features: string[]) => {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      requested.push(url.pathname);
      const body =
        url.pathname.endsWith('/inventory-items/') && url.pathname.startsWith('/api/experiences/')
          ? {
              results: [
                {
                  item_id: 'i1',
                  name: 'Helmet',
                  type: 'extras',
                  usage: 'extra',
                  quantity: 2,
                  price: 500,
                  currency: 'EUR',
                  stock_quantity: 9,
                },
              ],
            }
          : { results: [], count: 0, total_pages: 1, current_page_number: 1, next: null, previous: null };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const store = configureStore({
    reducer: { user: userSlice.reducer, appInfo: appInfoSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
    preloadedState: {
      appInfo: { appInfo: { permission_sets: sets(['Manage experiences', 'Manage inventory', 'View experiences']) } as never },
      user: {
        user: {
          role: { id: 'r', name: 'Role', permission_sets: sets(titles) },
          base_account: { active_subscription_features: features },
        } as never,
      },
    },
  });
  render(
    <Provider store={store}>
      <MantineProvider theme={theme}>
        <InventorySection experience={{ id: 'e1', type: 'ticket' } as Experience} />
      </MantineProvider>
    </Provider>,
  );
  return requested;
};

describe('InventorySection', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the attached items and a sentence, and never asks for the item list, without 'Manage inventory'", async () => {
    const requested = setup(['Manage experiences'], ['experiences', 'inventory']);
    expect(await screen.findByText('Helmet')).toBeTruthy();
    expect(screen.getByText("Choosing extras and equipment needs the 'Manage inventory' permission.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save items' })).toBeNull();
    expect(requested).toEqual(['/api/experiences/e1/inventory-items/']);
  });

  it('says when the plan has no inventory', async () => {
    setup(['Manage experiences', 'Manage inventory'], ['experiences']);
    expect(await screen.findByText(/subscription plan does not include inventory/)).toBeTruthy();
  });

  it('offers the picker with the permission', async () => {
    const requested = setup(['Manage experiences', 'Manage inventory'], ['experiences', 'inventory']);
    expect(await screen.findByText('Helmet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save items' })).toBeTruthy();
    expect(requested).toContain('/api/inventory-items/');
  });
});

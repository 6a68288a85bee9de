// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/"}
import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api/api.ts';
import { userSlice } from '../../../lib/auth/user.slice.ts';
import { theme } from '../../../lib/theme.ts';
import { SupplierPlansPage } from './plans-page.tsx';

const tier = (code: string, name: string, price: number, features: string[]) => ({
  id: `0198f1d2-7c3a-7b8e-9f00-${code.padStart(12, '0')}`,
  code,
  name,
  account_type: 'supplier',
  price_minor: price,
  currency: 'EUR',
  interval: 'month',
  features,
  platform_fee_bp: 200,
});
const STARTER = tier('1', 'Starter', 0, ['experiences']);
const GROWTH = tier('2', 'Growth', 4900, ['experiences', 'stores']);
const PRO = tier('3', 'Pro', 14900, ['experiences', 'stores', 'resales']);
const state = (current: typeof STARTER, status: string | null) => ({
  provider: 'test',
  test_mode: true,
  tier: current,
  status,
  current_period_end: null,
  cancel_at_period_end: false,
  grace_until: null,
  can_manage: status !== null,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API of the plans page: the tiers, the subscription, and what a change answers. */
const serve = (current: ReturnType<typeof state>, change: { url: string | null; subscription: unknown }) => {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/subscription-tiers/') return json(200, { results: [STARTER, GROWTH, PRO], count: 3 });
      if (pathname === '/api/subscription/' && request.method === 'POST') {
        posted.push(await request.json());
        return json(200, change);
      }
      if (pathname === '/api/subscription/') return json(200, current);
      if (pathname === '/api/users/me/') return json(200, { base_account: { id: 'a', type: 'supplier' } });
      return json(404, {});
    }),
  );
  return posted;
};

const renderAt = (path: string) => {
  const store = configureStore({
    reducer: { user: userSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
    preloadedState: { user: { user: { base_account: { id: '', type: 'supplier', active_subscription_features: [] } } as never } },
  });
  const router = createMemoryRouter(
    [
      { path: '/settings/subscription/supplier-plans', element: <SupplierPlansPage /> },
      { path: '/resales/overview', element: <p>The resales</p> },
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
  return router;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the supplier plans page', () => {
  it('leaves for the provider’s checkout with the page the guard came from', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const posted = serve(state(STARTER, null), { url: '/test-mode/subscription-checkout/t', subscription: state(STARTER, null) });
    renderAt('/settings/subscription/supplier-plans?return_path=%2Fresales%2Foverview');
    const button = await screen.findByRole('button', { name: 'Switch to Pro' });
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/test-mode/subscription-checkout/t'));
    expect(posted).toEqual([{ tier_id: PRO.id, return_path: '/resales/overview' }]);
  });

  it('after a change made at once, goes back to the page the guard came from', async () => {
    serve(state(GROWTH, 'active'), { url: null, subscription: state(PRO, 'active') });
    const router = renderAt('/settings/subscription/supplier-plans?return_path=%2Fresales%2Foverview');
    const button = await screen.findByRole('button', { name: 'Switch to Pro' });
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/resales/overview'));
  });

  it('asks before a downgrade, naming what is lost, and sends nothing when canceled', async () => {
    const posted = serve(state(PRO, 'active'), { url: null, subscription: state(GROWTH, 'active') });
    renderAt('/settings/subscription/supplier-plans');
    const button = await screen.findByRole('button', { name: 'Switch to Growth' });
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText(/Your organization loses Resales/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(posted).toEqual([]);
  });
});

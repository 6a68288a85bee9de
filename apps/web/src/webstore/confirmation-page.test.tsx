// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/s/harbour/confirmation?session_id=cs_1"}
import type { Webstore } from '@excursio/contract/webstore';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import './i18n.ts';
import { cartKey, loadCart } from './cart.ts';
import { ConfirmationPage } from './confirmation-page.tsx';
import { paymentUnderway } from './payment-return.ts';
import { StoreProvider } from './store-context.tsx';

const STORE = { slug: 'harbour', name: 'Harbour', currency: 'EUR' } as unknown as Webstore;
const ORDER = {
  reference: '#7',
  status: 'confirmed',
  first_name: 'Ana',
  currency: 'EUR',
  total: 4000,
  paid: 4000,
  bookings: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * `GET /api/order?session_id=`: not there for the first `missing` asks, then the order (counted).
 * The confirmed order's tickets (`/api/order/tickets/`) have none here.
 */
const serve = (missing: number) => {
  let asked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/api/order/tickets/')) return json(200, { tickets: [] });
      return asked++ < missing ? json(404, { errors: [{ code: 'not_found', detail: 'No.', attr: null }] }) : json(200, ORDER);
    }),
  );
  return () => asked;
};

const renderPage = () =>
  render(
    <StoreProvider store={STORE} embed={false} language="en" chooseLanguage={() => {}}>
      <ConfirmationPage />
    </StoreProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the confirmation page after the provider’s checkout', () => {
  it('waits for the order while the payment is on its way, then shows it and empties the cart', async () => {
    sessionStorage.setItem('excursio.webstore.paying.harbour', String(Date.now()));
    localStorage.setItem(
      cartKey('harbour'),
      JSON.stringify([{ holdId: 'h', expiresAt: 'x', experienceId: 'e', units: [], extras: [] }]),
    );
    const asked = serve(1);
    renderPage();
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Booking confirmed' }, { timeout: 3000 })).toBeTruthy();
    expect(asked()).toBe(2);
    expect(loadCart('harbour')).toEqual([]);
    expect(paymentUnderway('harbour')).toBe(false);
  });

  it('without a payment on its way, an unknown session is not found at once (no waiting)', async () => {
    const asked = serve(1);
    renderPage();
    expect(await screen.findByText('We could not find this booking.')).toBeTruthy();
    expect(asked()).toBe(1);
  });
});

// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/s/harbour/checkout"}
import type { Webstore } from '@excursio/contract/webstore';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './i18n.ts';
import { type CartLine, cartKey, loadCart } from './cart.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { paymentUnderway } from './payment-return.ts';
import { StoreProvider } from './store-context.tsx';

const STORE = {
  slug: 'harbour',
  name: 'Harbour',
  currency: 'EUR',
  payment_mode: 'full',
  deposit_percent: 30,
  recaptcha_site_key: null,
  payment_test_mode: true,
  payment_available: true,
  reserve_without_payment: false,
  organization_name: 'Harbour Tours',
  contact_email: 'hello@harbour.test',
  contact_phone: '',
  terms_url: 'https://harbour.test/terms',
  privacy_url: '',
} as unknown as Webstore;

const LINE: CartLine = {
  holdId: '0198f1d2-7c3a-7b8e-9f00-000000000001',
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  experienceId: '0198f1d2-7c3a-7b8e-9f00-0000000000e1',
  title: 'Sunset paddle',
  imageUrl: null,
  availabilityId: 'a',
  rateId: 'r',
  startsAt: '2026-12-01T10:00:00Z',
  date: '2026-12-01',
  timeZone: 'Europe/Lisbon',
  allDay: false,
  units: [{ pricingCategoryId: 'p', name: 'Adult', quantity: 1 }],
  extras: [],
  currency: 'EUR',
  partyTotal: 4000,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: the offer (no questions), and the order's answer. */
const serve = (order: Response) => {
  const sent: { url: string; body: Record<string, unknown> | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.startsWith('/api/webstores/experiences/')) return json(200, { id: LINE.experienceId, questions: [] });
      if (url === '/api/webstores/order/') return order.clone();
      return json(404, {});
    }),
  );
  return sent;
};

const renderCheckout = (store: Partial<Webstore>) =>
  render(
    <StoreProvider store={{ ...STORE, ...store }} embed={false} language="en" chooseLanguage={() => {}}>
      <CheckoutPage />
    </StoreProvider>,
  );

const fillContact = async () => {
  fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Ana' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Silva' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
};

beforeEach(() => {
  localStorage.setItem(cartKey('harbour'), JSON.stringify([LINE]));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the checkout without card payments', () => {
  it('needing them: says so, and offers no form and no Pay button', async () => {
    serve(json(500, {}));
    renderCheckout({ payment_available: false });
    expect(await screen.findByText('Card payments are not available at this store right now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the store' })).toBeTruthy();
  });

  it('with the store’s fallback: books now to pay later, without a card token', async () => {
    const sent = serve(json(201, { session_id: 'cs_1', checkout_url: null }));
    renderCheckout({ payment_available: false, reserve_without_payment: true });
    await screen.findAllByText('Book now, pay later');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book now, pay later' }));
    await vi.waitFor(() => expect(sent.some((s) => s.url === '/api/webstores/order/')).toBe(true));
    const order = sent.find((s) => s.url === '/api/webstores/order/')?.body ?? {};
    expect(order).not.toHaveProperty('payment_token');
    await vi.waitFor(() => expect(window.location.pathname).toMatch(/confirmation$/));
  });

  it('turns to the fallback when the server says card payments just became unavailable (409 payment_unavailable)', async () => {
    serve(json(409, { errors: [{ code: 'payment_unavailable', detail: 'No card payments.', attr: null }] }));
    renderCheckout({ payment_test_mode: false, reserve_without_payment: true });
    await fillContact();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to payment: €40.00' }));
    expect(await screen.findByText(/Card payment has just become unavailable/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book now, pay later' })).toBeTruthy();
  });
});

describe('the checkout with the provider’s hosted page (Stripe Checkout)', () => {
  it('sends no card, leaves for the answered checkout_url and keeps the cart until the order exists', async () => {
    const assign = vi.fn();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
    const sent = serve(json(201, { session_id: 'cs_1', checkout_url: 'https://checkout.stripe.test/c/pay/cs_1' }));
    renderCheckout({ payment_test_mode: false });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await fillContact();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to payment: €40.00' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(sent.find((s) => s.url === '/api/webstores/order/')?.body).not.toHaveProperty('payment_token');
    expect(loadCart('harbour')).toHaveLength(1);
    expect(paymentUnderway('harbour')).toBe(true);
  });
});

describe('the terms', () => {
  it('a store without terms asks for none; the order still says nothing was refused', async () => {
    const sent = serve(json(201, { session_id: 'cs_1', checkout_url: null }));
    renderCheckout({ terms_url: '', payment_available: false, reserve_without_payment: true });
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Silva' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    expect(screen.queryByRole('checkbox', { name: /accept/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Book now, pay later' }));
    await vi.waitFor(() => expect(sent.some((s) => s.url === '/api/webstores/order/')).toBe(true));
    expect(sent.find((s) => s.url === '/api/webstores/order/')?.body).toMatchObject({ terms_accepted: true });
  });

  it('a store with terms links them and asks to accept them before booking', async () => {
    const sent = serve(json(201, { session_id: 'cs_1', checkout_url: null }));
    renderCheckout({ payment_available: false, reserve_without_payment: true });
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Silva' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('https://harbour.test/terms');
    fireEvent.click(screen.getByRole('button', { name: 'Book now, pay later' }));
    expect(await screen.findByText('Please accept the terms to book.')).toBeTruthy();
    expect(sent.some((s) => s.url === '/api/webstores/order/')).toBe(false);
  });
});

// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/"}
import type { Cart } from '@excursio/contract/cart';
import { MESSAGES } from '@excursio/contract/messages';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, renderPage } from '../../../lib/testing/render-page.tsx';
import { BookingPicker } from './booking-picker.tsx';
import { CartPanel } from './cart-panel.tsx';

const CART = {
  id: '0198f1d2-7c3a-7b8e-9f00-0000000000c1',
  customer_id: null,
  currency: 'EUR',
  total: 9000,
  expires_at: '2099-01-01T00:00:00.000Z',
  lines: [
    {
      id: 'l1',
      experience_id: 'e9',
      experience_title: 'Sintra day trip',
      rate_id: null,
      availability_id: 'a1',
      date: '2026-12-01',
      time: '09:00',
      time_zone: 'Europe/Lisbon',
      starts_at: '2026-12-01T09:00:00.000Z',
      participants: 2,
      units: [],
      group_size: null,
      extras: [],
      answers: [],
      currency: 'EUR',
      party_total: 9000,
      extras_total: 0,
      total: 9000,
      hold: { id: 'h1', expires_at: '2099-01-01T00:00:00.000Z', active: true },
    },
  ],
} as Cart;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the back-office checkout', () => {
  it('treats an order answer without an id as a resale: "Resale completed!" and the resales list', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { router, calls } = renderPage({
      path: '/bookings/checkout-editor',
      routes: [
        { path: '/bookings/checkout-editor', element: <CartPanel cart={CART} /> },
        { path: '/resales/overview', element: <p>Resales</p> },
      ],
      respond: ({ method }) => (method === 'POST' ? { reference: '#2001', status: 'created' } : page([])),
    });
    fireEvent.click(screen.getByRole('radio', { name: 'New customer' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Silva' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resales/overview'));
    expect(router.state.location.search).toBe('?pageSize=25');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: MESSAGES.resaleCompleted }));
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/orders/');
  });

  it('offers the suppliers’ shared offers as a second group, and asks for them only with the resales feature', async () => {
    const respond = ({ path }: { path: string }) =>
      path.startsWith('/api/partners/offers/')
        ? page([
            {
              id: 'p1',
              title: 'Sintra day trip',
              type: 'ticket',
              currency: 'EUR',
              supplier: { id: 's1', name: 'Lisbon Kayaks' },
            },
          ])
        : path.startsWith('/api/experiences/')
          ? page([{ id: 'o1', title: 'Old Town Walk' }])
          : page([]);
    const { calls } = renderPage({
      path: '/bookings/checkout-editor',
      routes: [{ path: '/bookings/checkout-editor', element: <BookingPicker cartId={CART.id} /> }],
      respond,
    });
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/partners/offers/?page=1&page_size=50'));
    fireEvent.click(screen.getByPlaceholderText('Search the offers on sale'));
    expect(await screen.findByText('Partners’ offers (resold)')).toBeTruthy();
    expect(screen.getByText('Our offers')).toBeTruthy();
    expect(screen.getByText('Sintra day trip · Lisbon Kayaks')).toBeTruthy();
    cleanup();

    const without = renderPage({
      path: '/bookings/checkout-editor',
      routes: [{ path: '/bookings/checkout-editor', element: <BookingPicker cartId={CART.id} /> }],
      respond,
      features: ['bookings', 'experiences'],
    });
    await waitFor(() => expect(without.calls.some((c) => c.path.startsWith('/api/experiences/'))).toBe(true));
    expect(without.calls.some((c) => c.path.startsWith('/api/partners/'))).toBe(false);
  });
});

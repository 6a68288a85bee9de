// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/"}
import type { Resale, ResaleDetail } from '@excursio/contract/partners';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, renderPage } from '../../../lib/testing/render-page.tsx';
import { ResalesPage } from './resales-page.tsx';

const RESALE: Resale = {
  id: '0198f1d2-7c3a-7b8e-9f00-00000000000a',
  reference: '#1042',
  side: 'supplier',
  partnership_id: '0198f1d2-7c3a-7b8e-9f00-000000000001',
  supplier: { id: 'org-us', name: 'Harbour & Hills' },
  reseller: { id: 'org-2', name: 'Lisbon Agency' },
  store: { id: 'store-1', name: 'Agency shop' },
  status: 'confirmed',
  payment_status: 'fully_paid',
  currency: 'EUR',
  contact_name: 'Ana Silva',
  offers: ['Old Town Walk'],
  gross: 12000,
  total: 12000,
  collected: 12000,
  commission_percent: 15,
  pricing_mode: 'commission',
  commission: 1800,
  net: 10200,
  payment_collector: 'reseller',
  settlement: { reseller_owes_supplier: 10200, label: 'Lisbon Agency owes you €102.00' },
  created_at: '2026-11-20T10:00:00.000Z',
  canceled_at: null,
};
const DETAIL: ResaleDetail = {
  ...RESALE,
  lines: [
    { id: 'l1', title: 'Old Town Walk', status: 'active', starts_at: '2026-11-28T09:00:00.000Z', participants: 3, total: 12000 },
  ],
  contact: { first_name: 'Ana', last_name: 'Silva', email: 'ana@example.com', phone: '+351 900 000 000' },
};
const OPTIONS = {
  side: [
    { value: 'reseller', label: 'Sold by us (as reseller)' },
    { value: 'supplier', label: 'Sold for us (by resellers)' },
  ],
  partner: [{ value: RESALE.partnership_id, label: 'Lisbon Agency' }],
  status: ['created', 'confirmed', 'canceled'],
  payment_status: ['not_paid', 'partially_paid', 'fully_paid', 'refunded'],
  date_range: [{ value: 'last_7_days', label: 'Last 7 days' }],
};

const setup = (path = '/resales/overview?pageSize=25') =>
  renderPage({
    path,
    routes: [{ path: '/resales/overview', element: <ResalesPage /> }],
    respond: ({ method, path: p }) => {
      if (method === 'POST') return { resale: { ...DETAIL, status: 'canceled' }, proposed_refund: 6000 };
      if (p.startsWith('/api/resales/filter-options/')) return OPTIONS;
      if (p.startsWith(`/api/resales/${RESALE.id}/`)) return DETAIL;
      return page([RESALE]);
    },
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the resales page', () => {
  it('lists resales with the side said in words and the figures in money', async () => {
    const { calls } = setup('/resales/overview?pageSize=25&side=supplier');
    expect(await screen.findByText('Resold for us')).toBeTruthy();
    expect(screen.getByText('Lisbon Agency owes you €102.00')).toBeTruthy();
    expect(screen.getByText('€18.00')).toBeTruthy();
    expect(screen.getByText('€102.00')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/api/resales/?page=1&page_size=25&side=supplier');
  });

  it('opens a row’s details in a drawer: every figure, who owes whom, the bookings and the contact', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Open resale #1042' }));
    const drawer = await screen.findByRole('dialog', { name: 'Resale #1042' });
    expect(within(drawer).getByTestId('resale-gross').textContent).toBe('€120.00');
    expect(within(drawer).getByTestId('resale-commission').textContent).toBe('€18.00');
    expect(within(drawer).getByTestId('resale-net').textContent).toBe('€102.00');
    expect(within(drawer).getByText('Commission (15 %)')).toBeTruthy();
    expect(within(drawer).getByTestId('resale-settlement').textContent).toBe('Lisbon Agency owes you €102.00');
    expect(await within(drawer).findByText('ana@example.com')).toBeTruthy();
    expect(within(drawer).getByText(/3 participants/)).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain(`/api/resales/${RESALE.id}/`);

    // Cancel sale: asked first, then the whole sale is canceled.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel sale' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel sale' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel sale' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/api/resales/${RESALE.id}/cancel/`)).toBe(true),
    );
  });
});

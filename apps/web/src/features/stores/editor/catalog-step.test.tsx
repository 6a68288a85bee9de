// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/"}
import type { Store } from '@excursio/contract/stores';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, renderPage } from '../../../lib/testing/render-page.tsx';
import { CatalogStep } from './catalog-step.tsx';

const STORE = { id: '0198f1d2-7c3a-7b8e-9f00-0000000000s1', name: 'Lake tours', currency: 'EUR' } as Store;
const SUPPLIER = { id: '0198f1d2-7c3a-7b8e-9f00-00000000a0b1', name: 'Lisbon Kayaks', subdomain: 'kayaks' };

const setup = (path: string, features?: string[]) =>
  renderPage({
    path,
    routes: [{ path: '/catalog', element: <CatalogStep store={STORE} /> }],
    respond: ({ path: p }) => (p.startsWith('/api/partners/') ? page([{ id: 'p1', partner: SUPPLIER }]) : page([])),
    features,
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Global catalog', () => {
  it('filters by supplier (our active suppliers), sent to the eligible offers as `supplier`', async () => {
    const { calls } = setup(`/catalog?pageSize=25&supplier=${SUPPLIER.id}`);
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain(
        `/api/stores/${STORE.id}/eligible-experiences/?page=1&page_size=25&supplier=${SUPPLIER.id}`,
      ),
    );
    expect(calls.map((c) => c.path)).toContain('/api/partners/?type=suppliers&status=active&page=1&page_size=50');
    expect(await screen.findByDisplayValue('Lisbon Kayaks')).toBeTruthy();
    expect(screen.getByText(/External offers are the Active offers your suppliers share with you/)).toBeTruthy();
  });

  it('does not ask for partners on a plan without them', async () => {
    const { calls } = setup('/catalog?pageSize=25', ['stores']);
    await waitFor(() => expect(calls.some((c) => c.path.includes('/eligible-experiences/'))).toBe(true));
    expect(calls.some((c) => c.path.startsWith('/api/partners/'))).toBe(false);
    expect(screen.queryByLabelText('Supplier')).toBeNull();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { salesMix } from '../../test/sales-mix-factories.ts';

// The orders list says when, what and who: the first service date, the offer, the seller or the
// reseller (a resale is not a direct sale), and the language the order was made in.
const t = useTestApp();
const DAY1 = '2026-12-01';
const DAY2 = '2026-12-03';
let mix: Awaited<ReturnType<typeof salesMix>>;
beforeAll(async () => {
  t.clock.now = new Date('2026-11-30T08:00:00Z');
  mix = await salesMix(t, DAY1, DAY2);
});

type Row = Record<string, unknown> & { reference: string; customer_id: string | null };
const list = async (query = '') => {
  const res = await t.app.inject({ url: `/api/orders/?page_size=25${query}`, headers: mix.supplier.owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as Row[];
};

describe('GET /api/orders/ columns', () => {
  it('gives each order its first service date, its offer (+ n more), who sold it and its language', async () => {
    const rows = new Map((await list()).map((r) => [r.reference, r]));
    expect(rows.get(mix.references.backoffice)).toMatchObject({
      // The second line starts first: the order's activity is the walk on DAY1 at 15:30 in Berlin.
      first_service: { starts_at: '2026-12-01T14:30:00.000Z', local_date: DAY1, time_zone: 'Europe/Berlin' },
      offer: { title: 'Harbour kayak tour', more: 1 },
      sold_by: { kind: 'member', name: 'Mia Member', store: null },
      channel: 'backoffice',
      store: null,
      language: 'sl',
    });
    expect(rows.get(mix.references.online)).toMatchObject({
      first_service: { local_date: DAY1 },
      offer: { title: 'Harbour kayak tour', more: 0 },
      sold_by: null,
      store: { id: mix.kiosk.id, name: 'Harbour kiosk' },
      language: 'de',
    });
    expect(rows.get(mix.references.resale)).toMatchObject({
      sold_by: {
        kind: 'reseller',
        id: mix.reseller.account.id,
        name: `Org ${mix.reseller.subdomain}`,
        store: 'City Guide Store',
      },
      // Not one of the supplier's stores.
      store: null,
      language: 'en',
    });
  });

  it('the order detail says the same', async () => {
    const res = await t.app.inject({ url: `/api/orders/${mix.backofficeId}/`, headers: mix.supplier.owner.headers });
    expect(res.json()).toMatchObject({ offer: { more: 1 }, sold_by: { kind: 'member' }, language: 'sl' });
  });

  it('filters by customer (the customer drawer’s orders)', async () => {
    const all = await list();
    const online = all.find((r) => r.reference === mix.references.online);
    const theirs = await list(`&customer=${online?.customer_id}`);
    expect(theirs.map((r) => r.reference)).toEqual([mix.references.online]);
    expectError(await t.app.inject({ url: '/api/orders/?customer=bogus', headers: mix.supplier.owner.headers }), 400, {
      attr: 'customer',
    });
  });
});

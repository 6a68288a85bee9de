import type { OrderDetail } from '@excursio/contract/orders';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { experiences } from '../../db/schema/catalog.ts';
import { orders as ordersTable } from '../../db/schema/sales.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount, useAccount } from '../../test/factories.ts';
import { contact, createOrder, orderRequests, reserveParty } from '../../test/order-factories.ts';
import { partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder } from '../../test/webstore-factories.ts';
import { cardProviderForTests } from '../orders/payments.service.ts';
import { expectedFigures, figuresOf, seededRandom } from './analytics-model.test-helpers.ts';

const t = useTestApp();
const a = useAccount(t);
const NOW = new Date('2026-11-30T09:00:00Z');
const RANGE = 'date_from=2026-11-01&date_to=2026-12-31';
beforeEach(() => {
  t.clock.now = NOW;
});
afterEach(() => {
  cardProviderForTests.current = null;
});

const analytics = async (who: TestAccount, query: string, path = '/api/analytics/') => {
  const res = await t.app.inject({ url: `${path}?${query}`, headers: who.owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const allRows = async (who: TestAccount, query: string) => (await analytics(who, `${RANGE}&page_size=100&${query}`)).results;

type Offer = Awaited<ReturnType<typeof createSellableOffer>>;
const { get, post, pay } = orderRequests(t, a);
const detail = async (id: string) => (await get(`/api/orders/${id}/`)).json() as OrderDetail;

/** A confirmed webstore order of one hold per offer given (paid in full by the test card). */
const storeOrder = async (slug: string, offers: Offer[], day: string, rand: () => number) => {
  const holds = [];
  for (const [i, offer] of offers.entries())
    holds.push(await reserveParty(t, a, offer, day, { adults: 1 + Math.floor(rand() * 3), children: i }, 0, slug));
  const res = await placeOrder(t, a, orderBody(holds.map((h) => h.id)));
  expect(res.statusCode, res.body).toBe(201);
  const number = Number(res.json().reference.slice(1));
  const [row] = await t.db
    .select({ id: ordersTable.id })
    .from(ordersTable)
    .where(and(eq(ordersTable.accountId, a.account.id), eq(ordersTable.number, number)));
  return row.id;
};

describe('figures equal what the orders say (generated orders, refunds, cancellations)', () => {
  const made: string[] = [];
  let offers: Offer[] = [];
  let store: { id: string; slug: string };

  beforeAll(async () => {
    t.clock.now = NOW;
    await connectTestProvider(t.db, a.account.id);
    offers = [
      await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 40 }] }),
      await createSellableOffer(t, a, { lines: [{ time: '11:00', capacity: 40 }], prices: { adult: 4999, child: 1333 } }),
      await createSellableOffer(t, a, { lines: [{ time: '12:00', capacity: 40 }], overrides: { currency: 'USD' } }),
    ];
    store = await createStore(t, a, { name: 'Harbour kiosk' });
    await addToStore(t, a, store.id, [offers[0].offer.id, offers[1].offer.id]);
    const rand = seededRandom(15);
    for (let i = 0; i < 14; i++) {
      const day = `2026-12-0${1 + Math.floor(rand() * 9)}`;
      const id =
        rand() < 0.45
          ? (
              await createOrder(t, a, offers[Math.floor(rand() * 3)], day, {
                adults: 1 + Math.floor(rand() * 3),
                children: Math.floor(rand() * 2),
              })
            ).id
          : await storeOrder(store.slug, rand() < 0.5 ? [offers[0]] : [offers[0], offers[1]], day, rand);
      made.push(id);
      const order = await detail(id);
      if (order.paid === 0 && rand() < 0.7) {
        const amount = rand() < 0.5 ? order.total : Math.max(1, Math.floor(order.total / 3));
        expect((await pay(id, { method: 'cash', amount })).statusCode).toBe(201);
      }
      const step = rand();
      if (step < 0.25 && order.lines.length > 1) {
        const res = await post(`/api/orders/${id}/lines/${order.lines[1].id}/cancel/`);
        expect(res.statusCode, res.body).toBe(200);
      } else if (step < 0.45) {
        const res = await post(`/api/orders/${id}/cancel/`);
        expect(res.statusCode, res.body).toBe(200);
      }
      const now = await detail(id);
      if (now.refundable > 0 && rand() < 0.6) {
        const amount = Math.max(1, Math.floor(now.refundable * rand()));
        expect((await pay(id, { kind: 'refund', method: 'cash', amount })).statusCode).toBe(201);
      }
    }
  });

  const orders = () => Promise.all(made.map(detail));
  // node-postgres and PGlite both answer `{ rows }`.
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

  it('per offer, per store, per channel and in total', async () => {
    const said = await orders();
    // The generator made every kind of change this test is about.
    expect(said.some((o) => o.status === 'canceled')).toBe(true);
    expect(said.some((o) => o.refunded > 0)).toBe(true);
    expect(said.some((o) => o.lines.length > 1)).toBe(true);
    expect(said.some((o) => o.currency === 'USD')).toBe(true);

    const byOffer = expectedFigures(said, ({ line }) => line.experience_id ?? 'none');
    expect(figuresOf(await allRows(a, 'group=offer'))).toEqual(byOffer);
    const byStore = expectedFigures(said, ({ order }) => order.store?.id ?? 'none');
    expect(figuresOf(await allRows(a, 'group=store'))).toEqual(byStore);
    const byChannel = expectedFigures(said, ({ order }) => order.channel);
    expect(figuresOf(await allRows(a, 'group=channel'))).toEqual(byChannel);
    const byDay = expectedFigures(said, ({ order }) => order.created_at.slice(0, 10));
    expect(figuresOf(await allRows(a, 'group=day'))).toEqual(byDay);

    const totals = expectedFigures(said, () => '');
    const page = await analytics(a, RANGE);
    expect(new Map(page.totals.map((f: { currency: string }) => [`|${f.currency}`, f]))).toEqual(totals);

    // The timeline adds up to the same totals.
    const timeline = await analytics(a, RANGE, '/api/analytics/timeline/');
    expect(timeline.days.length).toBe(61 * totals.size);
    for (const [, total] of totals) {
      const days = timeline.days.filter((d: { currency: string }) => d.currency === total.currency);
      expect(days.reduce((s: number, d: { net: number }) => s + d.net, 0)).toBe(total.net);
      expect(days.reduce((s: number, d: { gross: number }) => s + d.gross, 0)).toBe(total.gross);
    }
  });

  it('the rollup equals the orders recomputed from scratch (the maintained sums never drift)', async () => {
    const recomputed = await t.db.execute<Record<string, unknown>>(sql`
      select p.experience_id::text as key, p.currency, sum(p.bookings)::int as bookings, sum(p.net_minor)::int as net,
        sum(p.refunds_minor)::int as refunds, sum(p.gross_minor)::int as gross
      from orders o cross join lateral analytics_order_parts(o.id) p
      where o.account_id = ${a.account.id} group by 1, 2 order by 1, 2`);
    const rollup = await t.db.execute<Record<string, unknown>>(sql`
      select experience_id::text as key, currency, sum(bookings)::int as bookings, sum(net_minor)::int as net,
        sum(refunds_minor)::int as refunds, sum(gross_minor)::int as gross
      from sales_daily where account_id = ${a.account.id} group by 1, 2 order by 1, 2`);
    expect(rowsOf(rollup)).toEqual(rowsOf(recomputed));
    expect(rowsOf(rollup).length).toBe(3);
  });

  it('filters by offer and store, searches labels, orders rows', async () => {
    const said = await orders();
    const first = offers[0].offer;
    const one = await allRows(a, `group=store&experience=${first.id}`);
    // Order-level money is spread over all of an order's lines first, then only this offer's lines count.
    const expected = expectedFigures(said, ({ order, line }) =>
      line.experience_id === first.id ? (order.store?.id ?? 'none') : 'other',
    );
    for (const id of [...expected.keys()]) if (id.startsWith('other|')) expected.delete(id);
    expect(figuresOf(one)).toEqual(expected);
    const inStore = await allRows(a, `group=offer&store=${store.id}`);
    expect(inStore.map((r: { key: string }) => r.key).sort()).toEqual([offers[0].offer.id, offers[1].offer.id].sort());

    const found = await allRows(a, `group=offer&search=${encodeURIComponent(first.title.slice(-6).toUpperCase())}`);
    expect(found.map((r: { label: string }) => r.label)).toEqual([first.title]);
    expect((await allRows(a, 'group=store&search=kiosk')).map((r: { label: string }) => r.label)).toEqual(['Harbour kiosk']);

    const byGross = await allRows(a, 'group=offer&ordering=-gross');
    const grosses = byGross.map((r: { gross: number }) => r.gross);
    expect(grosses).toEqual([...grosses].sort((x, y) => y - x));
    const byLabel = await allRows(a, 'group=offer&ordering=label');
    const labels = byLabel.map((r: { label: string }) => r.label.toLowerCase());
    expect(labels).toEqual([...labels].sort());

    const paged = await analytics(a, `${RANGE}&group=offer&page_size=1&page=2&ordering=label`);
    expect(paged).toMatchObject({ count: 3, total_pages: 3, current_page_number: 2 });
    expect(paged.results[0].key).toBe(byLabel[1].key);
  });

  it('gives the utilisation of the offer’s starts in the range from the capacity engine', async () => {
    const said = await orders();
    const first = offers[0].offer.id;
    const booked = said
      .flatMap((o) => o.lines)
      .filter((l) => l.status === 'active' && l.experience_id === first)
      .reduce((s, l) => s + (l.booking?.participants ?? 0), 0);
    // 2026-11-01…12-10: forty daily starts of 40 places (the bookings are on 12-01…09).
    const [row] = (await analytics(a, `group=offer&experience=${first}&date_from=2026-11-01&date_to=2026-12-10`)).results;
    expect(booked).toBeGreaterThan(0);
    expect(row.utilisation).toBe(Math.round((booked * 100) / 1600));
    const [store] = await allRows(a, 'group=store');
    expect(store.utilisation).toBeNull();
  });

  it('exports CSV with every cell escaped against formulas', async () => {
    await t.db.update(experiences).set({ title: '=HYPERLINK("http://evil")' }).where(eq(experiences.id, offers[2].offer.id));
    const res = await t.app.inject({ url: `/api/analytics/csv/?${RANGE}&ordering=label`, headers: a.owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-2026-11-01-2026-12-31.csv"');
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil"")","USD"');
    expect(res.body.split('\r\n')[1]).toBe(
      '"Offer","Currency","Bookings","Participants","Gross","Canceled","Refunds","Net","Utilisation %"',
    );
  });

  it('refuses a bad ordering and a reversed or too long range', async () => {
    expectError(await get(`/api/analytics/?ordering=price`), 400, { attr: 'ordering' });
    expectError(await get(`/api/analytics/?date_from=2026-12-02&date_to=2026-12-01`), 400, { attr: 'date_to' });
    expectError(await get(`/api/analytics/?date_from=2020-01-01&date_to=2026-12-01`), 400, { attr: 'date_from' });
    expectError(await get(`/api/analytics/?group=seller`), 400, { attr: 'group' });
    // The default range: the last 30 days up to the app's today.
    expect(await analytics(a, '')).toMatchObject({ date_from: '2026-11-01', date_to: '2026-11-30' });
  });
});

describe('who may read analytics', () => {
  it('needs Manage orders and the plan’s analytics feature; another organization sees none of it', async () => {
    const clerk = await createMember(t, a, ['Manage stores', 'Manage cart']);
    expectError(await get('/api/analytics/', clerk.headers), 403, { code: 'permission_denied' });
    const manager = await createMember(t, a, ['Manage orders']);
    expect((await get(`/api/analytics/?${RANGE}`, manager.headers)).statusCode).toBe(200);

    const starter = await createAccount(t, { plan: 'default' });
    expectError(await t.app.inject({ url: '/api/analytics/', headers: starter.owner.headers }), 403, {
      code: 'feature_not_in_plan',
    });

    const other = await createAccount(t);
    const offer = await createSellableOffer(t, other);
    await createOrder(t, other, offer, '2026-12-04');
    const mine = await allRows(a, 'group=offer');
    expect(mine.some((r: { key: string }) => r.key === offer.offer.id)).toBe(false);
    const theirs = await allRows(other, 'group=offer');
    expect(theirs.map((r: { key: string }) => r.key)).toEqual([offer.offer.id]);
    // Someone else's store or offer as a filter finds nothing of theirs.
    const aStore = await createStore(t, a);
    expect(await allRows(other, `store=${aStore.id}`)).toEqual([]);
    // On another organization's host the token does not count.
    expectError(
      await t.app.inject({ url: '/api/analytics/', headers: { ...a.owner.headers, ...hostHeaders(other.subdomain) } }),
      403,
      { code: 'wrong_tenant' },
    );
  });

  it('a reseller sees its resales (its store, the supplier as partner); the supplier sees them by reseller', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const offer = await createSellableOffer(t, supplier, { prices: { adult: 4000, child: 2000 } });
    await partnerUp(t, supplier, reseller, { commission_percent: 15 });
    const shop = await createStore(t, reseller, { name: 'City Guide Store' });
    await addToStore(t, reseller, shop.id, [offer.offer.id]);
    const hold = await reserveParty(t, reseller, offer, '2026-12-03', { adults: 2 }, 0, shop.slug);
    const res = await placeOrder(t, reseller, orderBody([hold.id], { contact: { ...contact(), phone: '+1 555' } }));
    expect(res.statusCode, res.body).toBe(201);
    await createOrder(t, supplier, offer, '2026-12-03', { adults: 1 });

    const figures = { currency: 'EUR', bookings: 1, participants: 2, gross: 8000, net: 8000, refunds: 0 };
    expect(await allRows(reseller, 'group=offer')).toEqual([
      expect.objectContaining({ key: offer.offer.id, label: offer.offer.title, ...figures, utilisation: null }),
    ]);
    expect(await allRows(reseller, 'group=store')).toEqual([
      expect.objectContaining({ key: shop.id, label: 'City Guide Store' }),
    ]);
    expect(await allRows(reseller, 'group=partner')).toEqual([
      expect.objectContaining({ key: supplier.account.id, label: `Org ${supplier.subdomain}`, ...figures }),
    ]);
    expect(await allRows(reseller, `store=${shop.id}`)).toHaveLength(1);

    const bySeller = await allRows(supplier, 'group=partner&ordering=label');
    expect(bySeller).toEqual([
      expect.objectContaining({ key: 'none', label: 'Direct sales', bookings: 1, gross: 4000 }),
      expect.objectContaining({ key: reseller.account.id, label: `Org ${reseller.subdomain}`, ...figures }),
    ]);
    // The supplier does not see the reseller's store as a store of its own.
    expect((await allRows(supplier, 'group=store')).map((r: { key: string }) => r.key)).toEqual(['none']);
  });
});

describe('net revenue subtracts refunds (issue 23)', () => {
  it('a fully paid €115 order refunded €20 as goodwill nets €95; a canceled line refunded is not subtracted twice; a fee kept counts', async () => {
    const b = await createAccount(t);
    const offer = await createSellableOffer(t, b, { prices: { adult: 11500, child: 5000 } });
    const r = orderRequests(t, b);
    const goodwill = await createOrder(t, b, offer, '2026-12-02', { adults: 1 });
    expect(goodwill.total).toBe(11500);
    expect((await r.pay(goodwill.id, { method: 'cash', amount: 11500 })).statusCode).toBe(201);
    expect((await r.pay(goodwill.id, { kind: 'refund', method: 'cash', amount: 2000 })).statusCode).toBe(201);
    // Canceled in full and refunded but €15 kept: net €15.
    const canceled = await createOrder(t, b, offer, '2026-12-02', { adults: 1 });
    expect((await r.pay(canceled.id, { method: 'cash', amount: 11500 })).statusCode).toBe(201);
    expect((await r.post(`/api/orders/${canceled.id}/cancel/`)).statusCode).toBe(200);
    expect((await r.pay(canceled.id, { kind: 'refund', method: 'cash', amount: 10000 })).statusCode).toBe(201);
    const [totals] = (await analytics(b, RANGE)).totals;
    expect(totals).toMatchObject({ currency: 'EUR', gross: 23000, canceled: 11500, refunds: 12000, net: 9500 + 1500 });
    // The rebuild (the migration's repair of existing rows) gives the same.
    await t.db.execute(sql`select analytics_rebuild(${b.account.id})`);
    expect((await analytics(b, RANGE)).totals[0].net).toBe(11000);
  });
});

describe('under concurrent orders, refunds and cancellations', () => {
  it('the rollup still equals what the orders say', async () => {
    const b = await createAccount(t);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00', capacity: 100 }] });
    const day = '2026-12-05';
    const first = await Promise.all(Array.from({ length: 6 }, () => createOrder(t, b, offer, day, { adults: 2 })));
    const r = orderRequests(t, b);
    await Promise.all(first.map((o) => r.pay(o.id, { method: 'cash', amount: o.total })));
    // New bookings, refunds and cancellations of the same offer and day, all at once.
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => createOrder(t, b, offer, day, { adults: 1 })),
      ...first
        .slice(0, 3)
        .flatMap((o) => [
          r.pay(o.id, { kind: 'refund', method: 'cash', amount: 1000 }),
          r.pay(o.id, { kind: 'refund', method: 'cash', amount: 500 }),
        ]),
      ...first.slice(3).flatMap((o) => [r.post(`/api/orders/${o.id}/cancel/`), r.post(`/api/orders/${o.id}/cancel/`)]),
    ]);
    const ids = [...first.map((o) => o.id), ...results.slice(0, 4).map((o) => (o as { id: string }).id)];
    const said = await Promise.all(ids.map(async (id) => (await r.get(`/api/orders/${id}/`)).json() as OrderDetail));
    expect(said.filter((o) => o.status === 'canceled')).toHaveLength(3);
    expect(said.filter((o) => o.refunded === 1500)).toHaveLength(3);
    expect(figuresOf(await allRows(b, 'group=offer'))).toEqual(expectedFigures(said, ({ line }) => line.experience_id ?? ''));
  });
});

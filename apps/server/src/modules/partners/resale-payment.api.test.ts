import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { holds } from '../../db/schema/availability.ts';
import { orders } from '../../db/schema/sales.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer, keyAt } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import type { TestAccount } from '../../test/factories.ts';
import { supplierAndReseller } from '../../test/partner-factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, reserveInStore } from '../../test/webstore-factories.ts';

/**
 * Who takes a resale's money in the reseller's store: the party its terms name as collector, through
 * its own provider (issue 23, point 2). Nobody able to take it → said on the offer page, in the
 * Global catalog, on accepting and activating, and no place is held.
 */
const t = useTestApp();
const DAY = '2026-12-03';
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});

/** Neither side connected; the supplier's offer shared on these terms. */
const resale = async (terms: Record<string, unknown>, storeBody: Record<string, unknown> = {}) => {
  const { supplier, reseller } = await supplierAndReseller(t, { card: false });
  const offer = await createSellableOffer(t, supplier, {
    lines: [{ time: '10:00', capacity: 10 }],
    prices: { adult: 4000, child: 2000 },
  });
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/partners/',
    headers: supplier.owner.headers,
    payload: { partner_type: 'resellers', subdomain: reseller.subdomain, terms: { commission_percent: 15, ...terms } },
  });
  const store = await createStore(t, reseller, { name: 'City Guide Store', status: 'draft', ...storeBody });
  return { supplier, reseller, offer, store, invitation: invited.json().id as string };
};
const accept = (reseller: TestAccount, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/partners/${id}/accept/`, headers: reseller.owner.headers });
const activate = (reseller: TestAccount, storeId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/stores/${storeId}/`,
    headers: reseller.owner.headers,
    payload: { status: 'active' },
  });
const offerPage = async (reseller: TestAccount, slug: string, offerId: string) => {
  const res = await t.app.inject({
    url: `/api/webstores/experiences/${offerId}/?store=${slug}`,
    headers: hostHeaders(reseller.subdomain),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const catalog = async (reseller: TestAccount, storeId: string) =>
  (await t.app.inject({ url: `/api/stores/${storeId}/eligible-experiences/`, headers: reseller.owner.headers })).json().results;
const storeOffers = async (reseller: TestAccount, storeId: string) =>
  (await t.app.inject({ url: `/api/stores/${storeId}/experiences/`, headers: reseller.owner.headers })).json().results;

describe('the supplier collects', () => {
  it('and is connected (test mode): the reseller’s unconnected store takes the card payment through the supplier’s provider', async () => {
    const { supplier, reseller, offer, store, invitation } = await resale({ payment_collector: 'supplier' });
    await connectTestProvider(t.db, supplier.account.id);
    const accepted = await accept(reseller, invitation);
    expect(accepted.json()).toMatchObject({ status: 'active', payment_warning: null });
    expect((await catalog(reseller, store.id))[0]).toMatchObject({ id: offer.offer.id, payment_unavailable_reason: null });
    await addToStore(t, reseller, store.id, [offer.offer.id]);
    expect((await activate(reseller, store.id)).json()).toMatchObject({ status: 'active', payment_warning: null });

    expect((await offerPage(reseller, store.slug, offer.offer.id)).payment).toEqual({
      available: true,
      test_mode: true,
      pay_later: false,
    });
    const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 2);
    const res = await placeOrder(t, reseller, orderBody([hold.id]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 8000, paid: 8000, payment_status: 'fully_paid', payment_test_mode: true });
    const [order] = await t.db.select().from(orders).where(eq(orders.accountId, supplier.account.id));
    // Both sides read the resale as paid; the supplier holds the money and owes the commission.
    for (const side of [supplier, reseller]) {
      const read = await t.app.inject({ url: `/api/resales/${order.id}/`, headers: side.owner.headers });
      expect(read.json()).toMatchObject({
        payment_status: 'fully_paid',
        collected: 8000,
        commission: 1200,
        payment_collector: 'supplier',
        settlement: { reseller_owes_supplier: -1200 },
      });
    }
  });

  it('and is not connected: the offer page, the Global catalog, accepting and activating say so, and no place is held', async () => {
    const { supplier, reseller, offer, store, invitation } = await resale({ payment_collector: 'supplier' });
    await connectTestProvider(t.db, reseller.account.id); // The reseller's own provider does not help.
    const accepted = await accept(reseller, invitation);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'active',
      payment_warning: expect.stringMatching(/^Visitors of your stores cannot pay for these offers yet: The supplier collects/),
    });
    expect((await catalog(reseller, store.id))[0]).toMatchObject({
      id: offer.offer.id,
      payment_unavailable_reason: expect.stringMatching(/^The supplier collects the payment/),
    });
    await addToStore(t, reseller, store.id, [offer.offer.id]);
    expect((await storeOffers(reseller, store.id))[0].payment_unavailable_reason).toMatch(/^The supplier collects/);
    const activated = await activate(reseller, store.id);
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({
      status: 'active',
      payment_warning: expect.stringMatching(
        /^Some offers of this store cannot be paid: .*Visitors cannot book them until this is fixed\.$/,
      ),
    });

    expect((await offerPage(reseller, store.slug, offer.offer.id)).payment).toEqual({
      available: false,
      test_mode: false,
      pay_later: false,
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/1/reserve/',
      headers: hostHeaders(reseller.subdomain),
      payload: {
        store: store.slug,
        productId: offer.offer.id,
        availabilityId: keyAt(DAY, offer.startTimes[0].id),
        rateId: offer.rate.id,
        units: [{ pricingCategoryId: offer.adult.id, quantity: 2 }],
      },
    });
    expectError(refused, 409, { code: 'payment_unavailable', detail: /no places were held/ });
    expect(await t.db.select().from(holds).where(eq(holds.accountId, supplier.account.id))).toHaveLength(0);

    // Once the supplier connects, the same store sells it.
    await connectTestProvider(t.db, supplier.account.id);
    expect((await offerPage(reseller, store.slug, offer.offer.id)).payment).toMatchObject({ available: true, test_mode: true });
    const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 1);
    expect((await placeOrder(t, reseller, orderBody([hold.id]))).statusCode).toBe(201);
  });

  it('not connected, but the store reserves without payment: offered as pay later, the order is made unpaid', async () => {
    const { reseller, offer, store, invitation } = await resale(
      { payment_collector: 'supplier' },
      { reserve_without_payment: true },
    );
    await accept(reseller, invitation);
    await addToStore(t, reseller, store.id, [offer.offer.id]);
    expect((await activate(reseller, store.id)).json().payment_warning).toMatch(
      /Visitors can only reserve them and pay later\.$/,
    );
    expect((await offerPage(reseller, store.slug, offer.offer.id)).payment).toEqual({
      available: false,
      test_mode: false,
      pay_later: true,
    });
    const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 2);
    const res = await placeOrder(t, reseller, orderBody([hold.id], { payment_token: undefined }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ payment_status: 'not_paid', paid: 0 });
  });
});

describe('the reseller collects', () => {
  it('through its own test-mode provider, the supplier unconnected', async () => {
    const { supplier, reseller, offer, store, invitation } = await resale({ payment_collector: 'reseller' });
    await connectTestProvider(t.db, reseller.account.id);
    expect((await accept(reseller, invitation)).json().payment_warning).toBeNull();
    await addToStore(t, reseller, store.id, [offer.offer.id]);
    await activate(reseller, store.id);
    expect((await offerPage(reseller, store.slug, offer.offer.id)).payment).toMatchObject({ available: true, test_mode: true });
    const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 2);
    const res = await placeOrder(t, reseller, orderBody([hold.id]));
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.accountId, supplier.account.id));
    const read = await t.app.inject({ url: `/api/resales/${order.id}/`, headers: reseller.owner.headers });
    // The reseller holds the money: it owes the supplier all but its commission.
    expect(read.json()).toMatchObject({ collected: 8000, settlement: { reseller_owes_supplier: 6800 } });
  });

  it('not connected: the warning on accepting names the reseller’s own connection', async () => {
    const { supplier, reseller, invitation } = await resale({ payment_collector: 'reseller' });
    await connectTestProvider(t.db, supplier.account.id);
    expect((await accept(reseller, invitation)).json().payment_warning).toMatch(/Your organization collects the payment/);
  });
});

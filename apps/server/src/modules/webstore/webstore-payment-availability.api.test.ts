import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { holds } from '../../db/schema/availability.ts';
import { orders, payments } from '../../db/schema/sales.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer, keyAt } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, type TestAccount } from '../../test/factories.ts';
import { connectStripeAccount, connectTestProvider } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, reserveInStore } from '../../test/webstore-factories.ts';

/** The server in its default test mode (no Stripe keys): what a store says and does by its organization's connection. */
const t = useTestApp();
const DAY = '2026-12-03';
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});

type Offer = Awaited<ReturnType<typeof createSellableOffer>>;
const shop = async (storeBody: Record<string, unknown> = {}) => {
  const b = await createAccount(t);
  const store = await createStore(t, b, { name: 'Quay Store', ...storeBody });
  const offer = await createSellableOffer(t, b, {
    lines: [{ time: '10:00', capacity: 10 }],
    prices: { adult: 4000, child: 2000 },
  });
  await addToStore(t, b, store.id, [offer.offer.id]);
  return { b, store, offer };
};
const storeOf = async (subdomain: string) =>
  (await t.app.inject({ url: '/api/webstores/', headers: hostHeaders(subdomain) })).json().results[0];
const reserveRaw = (b: TestAccount, slug: string, offer: Offer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/1/reserve/',
    headers: hostHeaders(b.subdomain),
    payload: {
      store: slug,
      productId: offer.offer.id,
      availabilityId: keyAt(DAY, offer.startTimes[0].id),
      rateId: offer.rate.id,
      units: [{ pricingCategoryId: offer.adult.id, quantity: 1 }],
    },
  });
const ordersOf = (accountId: string) => t.db.select().from(orders).where(eq(orders.accountId, accountId));

describe('card payments follow the organization’s connection', () => {
  it('not connected: the store says payment is not available, and an order that owes money is refused (409), nothing written', async () => {
    const { b, store, offer } = await shop();
    expect(await storeOf(b.subdomain)).toMatchObject({
      payment_available: false,
      payment_test_mode: false,
      reserve_without_payment: false,
    });
    // Said before any place is held.
    expectError(await reserveRaw(b, store.slug, offer), 409, { code: 'payment_unavailable', detail: /no places were held/ });
    expect(await t.db.select().from(holds).where(eq(holds.accountId, b.account.id))).toHaveLength(0);
    // Connected while the visitor reserves, disconnected before the order: refused, nothing written.
    await connectTestProvider(t.db, b.account.id);
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 2);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/stripe/connect/', headers: b.owner.headers })).statusCode).toBe(
      204,
    );
    expectError(await placeOrder(t, b, orderBody([hold.id])), 409, {
      code: 'payment_unavailable',
      detail: 'Card payments are not available at this store right now.',
    });
    expect(await ordersOf(b.account.id)).toHaveLength(0);
    const [held] = await t.db.select().from(holds).where(eq(holds.id, hold.id));
    expect(held.status).toBe('active');
    // Connected again (test mode): the same visitor pays and books.
    await connectTestProvider(t.db, b.account.id);
    expect(await storeOf(b.subdomain)).toMatchObject({ payment_available: true, payment_test_mode: true });
    const paid = await placeOrder(t, b, orderBody([hold.id]));
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ payment_status: 'fully_paid', paid: 8000, payment_test_mode: true, checkout_url: null });
  });

  it('not connected but the store reserves without payment: the order is made unpaid (nothing charged, pay later)', async () => {
    const { b, store, offer } = await shop({ reserve_without_payment: true });
    expect(await storeOf(b.subdomain)).toMatchObject({ payment_available: false, reserve_without_payment: true });
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 2);
    const res = await placeOrder(t, b, orderBody([hold.id], { payment_token: undefined }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'confirmed',
      payment_status: 'not_paid',
      total: 8000,
      paid: 0,
      checkout_url: null,
    });
    expect(await t.db.select().from(payments).where(eq(payments.accountId, b.account.id))).toHaveLength(0);
  });

  it('charges not enabled yet, or a Stripe account on a server without Stripe keys: not available', async () => {
    const pending = await shop();
    await connectStripeAccount(t.db, pending.b.account.id, `acct_p${randomUUID().slice(0, 8)}`, { chargesEnabled: false });
    expect(await storeOf(pending.b.subdomain)).toMatchObject({ payment_available: false });
    const keyless = await shop();
    await connectStripeAccount(t.db, keyless.b.account.id, `acct_k${randomUUID().slice(0, 8)}`);
    expect(await storeOf(keyless.b.subdomain)).toMatchObject({ payment_available: false });
    expectError(await reserveRaw(keyless.b, keyless.store.slug, keyless.offer), 409, { code: 'payment_unavailable' });
  });

  it('a store that takes no payment books without any connection', async () => {
    const { b, store, offer } = await shop({ payment_mode: 'none' });
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 1);
    const res = await placeOrder(t, b, orderBody([hold.id], { payment_token: undefined }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ payment_status: 'not_paid', paid: 0 });
  });
});

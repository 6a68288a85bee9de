import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/sales.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { createAccount, type TestAccount } from '../../test/factories.ts';
import { addPayments, chargeOf, payCheckout } from '../../test/fake-stripe/payments.ts';
import { type FakeStripe, startFakeStripe, stripeConfig } from '../../test/fake-stripe/server.ts';
import { createOrder, orderRequests } from '../../test/order-factories.ts';
import { partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';
import { connectStripeAccount, openCheckout, returnFromStripe, stripeShop } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { unsafeTesting } from '../orders/payments.service.ts';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  addPayments(fake);
});
afterAll(() => fake.close());
const t = useTestApp(() => stripeConfig(fake));
const DAY = '2026-12-03';
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterEach(() => {
  unsafeTesting.crashAfterProvider = false;
});

const refundsOf = (intent: string) => fake.all('refund').filter((r) => r.payment_intent === intent);
const payTab = (account: TestAccount, orderId: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments/`,
    headers: account.owner.headers,
    payload: { idempotency_key: randomUUID(), ...body },
  });
const orderOf = async (accountId: string) => (await t.db.select().from(orders).where(eq(orders.accountId, accountId)))[0];

/** A webstore order paid through Stripe Checkout and fulfilled by the return. */
const stripePaidOrder = async () => {
  const shop = await stripeShop(t);
  const opened = await openCheckout(t, shop, DAY, 2);
  const session = payCheckout(fake, opened.stripeSession);
  await returnFromStripe(t, shop.b.subdomain, opened.checkout.id);
  return { shop, intent: session.payment_intent, order: await orderOf(shop.b.account.id) };
};

describe('refunds of a Stripe-paid order from its Payments tab', () => {
  it('go back through Stripe: refunds.create with reverse_transfer and refund_application_fee, keyed by our refund row', async () => {
    const { shop, intent, order } = await stripePaidOrder();
    const res = await payTab(shop.b, order.id, { kind: 'refund', method: 'card', amount: 3000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'refund',
      method: 'card',
      provider: 'stripe',
      status: 'succeeded',
      test_mode: false,
    });
    const [call] = fake.calls('POST', /^\/v1\/refunds$/).filter((c) => c.body.payment_intent === intent);
    expect(call).toMatchObject({
      idempotencyKey: `refund:${res.json().id}`,
      body: { amount: 3000, reverse_transfer: true, refund_application_fee: true, metadata: { payment_id: res.json().id } },
    });
    expect(chargeOf(fake, intent)).toMatchObject({ amount_refunded: 3000 });
    expect(await orderOf(shop.b.account.id)).toMatchObject({ paymentStatus: 'partially_refunded' }); // a refund is not an unpaid balance
    // More than is left on the card is refused before Stripe is asked.
    const tooMuch = await payTab(shop.b, order.id, { kind: 'refund', method: 'card', amount: 6000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(refundsOf(intent)).toHaveLength(1);
  });

  it('a crash between Stripe’s answer and our commit, then the same request again: one refund at Stripe', async () => {
    const { shop, intent, order } = await stripePaidOrder();
    const body = { kind: 'refund', method: 'card', amount: 8000, idempotency_key: randomUUID() };
    unsafeTesting.crashAfterProvider = true;
    expect((await payTab(shop.b, order.id, body)).statusCode).toBe(500);
    unsafeTesting.crashAfterProvider = false;
    const [pending] = await t.db.select().from(payments).where(eq(payments.idempotencyKey, body.idempotency_key));
    expect(pending).toMatchObject({ status: 'pending', provider: 'stripe' });
    const retry = await payTab(shop.b, order.id, body);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toMatchObject({ id: pending.id, status: 'succeeded' });
    // Two calls with one key, one refund at Stripe.
    const calls = fake.calls('POST', /^\/v1\/refunds$/).filter((c) => c.body.payment_intent === intent);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([`refund:${pending.id}`, `refund:${pending.id}`]);
    expect(refundsOf(intent)).toHaveLength(1);
    expect(await orderOf(shop.b.account.id)).toMatchObject({ paymentStatus: 'refunded' });
    // A third time answers the recorded refund without asking Stripe.
    expect((await payTab(shop.b, order.id, body)).json()).toMatchObject({ id: pending.id, status: 'succeeded' });
    expect(fake.calls('POST', /^\/v1\/refunds$/).filter((c) => c.body.payment_intent === intent)).toHaveLength(2);
  });
});

describe('a resale paid through Stripe', () => {
  it('splits at checkout (application fee = plan fee + commission, the commission transferred to the reseller) and reverses a refund’s share', async () => {
    const { supplier, reseller } = await supplierAndReseller(t, { card: false });
    const supplierAcct = `acct_s${randomUUID().slice(0, 8)}`;
    const resellerAcct = `acct_r${randomUUID().slice(0, 8)}`;
    await connectStripeAccount(t.db, supplier.account.id, supplierAcct);
    await connectStripeAccount(t.db, reseller.account.id, resellerAcct);
    const offer = await createSellableOffer(t, supplier, {
      lines: [{ time: '10:00', capacity: 10 }],
      prices: { adult: 4000, child: 2000 },
    });
    const partnership = await partnerUp(t, supplier, reseller, { commission_percent: 15 });
    const store = await createStore(t, reseller, { name: 'City Guide Store' });
    await addToStore(t, reseller, store.id, [offer.offer.id]);

    const { checkout, stripeSession } = await openCheckout(t, { b: reseller, store, offer }, DAY, 2);
    const [create] = fake
      .calls('POST', /^\/v1\/checkout\/sessions$/)
      .filter((c) => c.idempotencyKey === `checkout:${checkout.id}`);
    // 80.00: the supplier's plan takes 1 % (0.80), the reseller 15 % (12.00); the supplier gets the rest.
    expect(create.body).toMatchObject({
      payment_intent_data: {
        transfer_data: { destination: supplierAcct },
        application_fee_amount: 80 + 1200,
        transfer_group: checkout.id,
      },
    });
    expect(checkout).toMatchObject({ accountId: supplier.account.id, storeAccountId: reseller.account.id });
    const session = payCheckout(fake, stripeSession);
    const back = await returnFromStripe(t, reseller.subdomain, checkout.id);
    expect(back.headers.location).toMatch(new RegExp(`^/s/${store.slug}/confirmation`));
    const transfers = fake.calls('POST', /^\/v1\/transfers$/).filter((c) => c.idempotencyKey === `transfer:${checkout.id}`);
    expect(transfers).toHaveLength(1);
    expect(transfers[0].body).toMatchObject({
      amount: 1200,
      destination: resellerAcct,
      source_transaction: chargeOf(fake, session.payment_intent).id,
      transfer_group: checkout.id,
    });
    const order = await orderOf(supplier.account.id);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    const transferId = fake.all('transfer').find((tr) => tr.transfer_group === checkout.id)?.id;
    expect(payment).toMatchObject({
      providerAccount: supplierAcct,
      transfers: [{ account: resellerAcct, transfer: transferId, amount: 1200 }],
    });

    // The statement knows the split: the supplier holds the money, the reseller has its commission.
    const owed = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/resales/${order.id}/`, headers: reseller.owner.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().settlement;
    };
    expect(await owed()).toEqual({ reseller_owes_supplier: 0, label: 'Settled: nobody owes anything' });

    // The supplier refunds half from the order's Payments tab: half of the commission comes back too.
    const half = await payTab(supplier, order.id, { kind: 'refund', method: 'card', amount: 4000 });
    expect(half.statusCode, half.body).toBe(201);
    const reversals = fake.calls('POST', /^\/v1\/transfers\/[^/]+\/reversals$/);
    expect(reversals.at(-1)).toMatchObject({
      path: `/v1/transfers/${transferId}/reversals`,
      idempotencyKey: `reversal:${half.json().id}:${transferId}`,
      body: { amount: 600 },
    });
    // A refund that cancels nothing, through the split: Stripe took 6.00 of the transfer back with it,
    // so the commission is on what the customer kept (6.00) and the split is still the settlement.
    expect(await owed()).toEqual({ reseller_owes_supplier: 0, label: 'Settled: nobody owes anything' });
    const month = '2026-11';
    const statement = (format: string) =>
      t.app.inject({
        url: `/api/partners/${partnership.id}/statement/?month=${month}&format=${format}`,
        headers: supplier.owner.headers,
      });
    expect((await statement('json')).json()).toMatchObject({
      totals: { collected: 4000, commission: 600, split_to_reseller: 600, reseller_owes_supplier: 0 },
      settlement: { label: 'Settled: nobody owes anything' },
    });
    const csv = (await statement('csv')).body;
    expect(csv).toContain('Commission paid at checkout');
    expect(csv).toContain('"Total (1 sales)","","","80.00","0.00","40.00","6.00","6.00","34.00","0.00"');
    expect(csv).toContain('"Balance","Settled: nobody owes anything"');
    // The rest: what is left of the transfer, never more.
    expect((await payTab(supplier, order.id, { kind: 'refund', method: 'card', amount: 4000 })).statusCode).toBe(201);
    expect(fake.get(transferId ?? '')).toMatchObject({ amount: 1200, amount_reversed: 1200 });
    expect(refundsOf(session.payment_intent).map((r) => r.amount)).toEqual([4000, 4000]);
  });
});

describe('card payments at the desk', () => {
  it('with a Stripe connection: recorded as taken on the card terminal, nothing charged through Stripe; a refund likewise', async () => {
    const b = await createAccount(t);
    await connectStripeAccount(t.db, b.account.id, `acct_${randomUUID().slice(0, 8)}`);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, b, offer, DAY);
    const before = fake.requests.length;
    const { pay } = orderRequests(t, b);
    const paid = await pay(order.id, { method: 'card', amount: 5000 });
    expect(paid.json()).toMatchObject({
      provider: 'manual',
      status: 'succeeded',
      test_mode: false,
      note: expect.stringMatching(/card terminal/),
    });
    const back = await pay(order.id, { kind: 'refund', method: 'card', amount: 1000 });
    expect(back.json()).toMatchObject({ provider: 'manual', status: 'succeeded', note: expect.stringMatching(/card terminal/) });
    expect(fake.requests.length).toBe(before);
  });

  it('without a connection: recorded as taken outside Excursio', async () => {
    const b = await createAccount(t);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, b, offer, DAY);
    const paid = await orderRequests(t, b).pay(order.id, { method: 'card', amount: 5000, note: 'Visa at the kiosk' });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      provider: 'manual',
      status: 'succeeded',
      note: 'Taken outside Excursio: no card payment provider is connected. Visa at the kiosk',
    });
  });
});

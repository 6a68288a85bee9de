import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { holds } from '../../db/schema/availability.ts';
import { cardCheckouts } from '../../db/schema/payments.ts';
import { orders, payments } from '../../db/schema/sales.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { addPayments, expireCheckout, payCheckout } from '../../test/fake-stripe/payments.ts';
import { type FakeStripe, startFakeStripe, stripeConfig } from '../../test/fake-stripe/server.ts';
import { deliver, openCheckout, returnFromStripe, stripeShop } from '../../test/payment-factories.ts';
import { orderBody, placeOrder, reserveInStore } from '../../test/webstore-factories.ts';
import { checkoutTesting } from './card-checkout.service.ts';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  addPayments(fake);
});
afterAll(() => fake.close());
const t = useTestApp(() => stripeConfig(fake));
const DAY = '2026-12-03';
const NOW = new Date('2026-11-30T09:00:00Z');
beforeEach(() => {
  t.clock.now = NOW;
  checkoutTesting.crashAfterCreate = false;
});

const ordersOf = (accountId: string) => t.db.select().from(orders).where(eq(orders.accountId, accountId));
const paymentsOf = (accountId: string) => t.db.select().from(payments).where(eq(payments.accountId, accountId));
const checkoutRow = async (id: string) => (await t.db.select().from(cardCheckouts).where(eq(cardCheckouts.id, id)))[0];
const mailsTo = async (to: string) => {
  await t.settled();
  return (t.mailer.outbox ?? []).filter((m) => m.to === to);
};

describe('the holds while the visitor is on Stripe’s page', () => {
  it('are extended to the checkout session’s expiry when it is opened; a hold that ran out is not, and no page opens', async () => {
    const shop = await stripeShop(t);
    const opened = await openCheckout(t, shop, DAY, 2);
    const session = fake.get(opened.stripeSession) as unknown as { expires_at: number };
    const [held] = await t.db.select().from(holds).where(eq(holds.id, opened.hold.id));
    expect(Date.parse(opened.hold.utcExpiresAt)).toBeLessThan(session.expires_at * 1000);
    expect(held.expiresAt.getTime()).toBe(session.expires_at * 1000);
    // Paid on Stripe's page 25 minutes later (after the store's hold time): the places were still held.
    t.clock.now = new Date(NOW.getTime() + 25 * 60_000);
    expect(
      (
        await t.app.inject({
          url: `/api/webstores/experiences/${shop.offer.offer.id}/availability/?store=${shop.store.slug}&date=${DAY}`,
          headers: hostHeaders(shop.b.subdomain),
        })
      ).json().results[0],
    ).toMatchObject({ available: 8 });
    // A hold that already ran out opens no page.
    t.clock.now = NOW;
    const late = await reserveInStore(t, shop.b, shop.store.slug, shop.offer, DAY, 1);
    t.clock.now = new Date(Date.parse(late.utcExpiresAt) + 1000);
    const res = await placeOrder(t, shop.b, orderBody([late.id], { payment_token: undefined }));
    expect(res.statusCode).toBe(409);
    expect(fake.calls('POST', /^\/v1\/checkout\/sessions$/)).toHaveLength(1);
  });
});

describe('webstore orders through Stripe Checkout', () => {
  it('opens a destination-charge Checkout Session on the platform and books nothing until it is paid', async () => {
    const shop = await stripeShop(t);
    const { answer, checkout, stripeSession, body } = await openCheckout(t, shop, DAY, 2);
    expect(answer).toMatchObject({
      checkout_url: expect.stringContaining('/pay/'),
      payment_status: 'not_paid',
      reference: '',
      total: 8000,
    });
    expect(checkout).toMatchObject({
      status: 'open',
      amountMinor: 8000,
      accountId: shop.b.account.id,
      storeAccountId: shop.b.account.id,
    });
    const [create] = fake
      .calls('POST', /^\/v1\/checkout\/sessions$/)
      .filter((c) => c.idempotencyKey === `checkout:${checkout.id}`);
    expect(create.account).toBeNull(); // on the platform, not on the connected account
    expect(create.body).toMatchObject({
      mode: 'payment',
      metadata: { checkout_id: checkout.id, account_id: shop.b.account.id },
      payment_intent_data: {
        transfer_data: { destination: shop.acct },
        // The supplier's top plan: 1 % of 80.00.
        application_fee_amount: 80,
        metadata: { checkout_id: checkout.id },
      },
      expires_at: NOW.getTime() / 1000 + 30 * 60,
      success_url: `http://${shop.b.subdomain}.excursio.test/api/stripe/return/?checkout=${checkout.id}`,
      cancel_url: `http://${shop.b.subdomain}.excursio.test/s/${shop.store.slug}/checkout?payment=canceled`,
    });
    expect(await ordersOf(shop.b.account.id)).toHaveLength(0);
    // The same attempt again: the same checkout, the same page, no second session.
    const again = await placeOrder(t, shop.b, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().checkout_url).toBe(answer.checkout_url);
    expect(
      fake.calls('POST', /^\/v1\/checkout\/sessions$/).filter((c) => c.idempotencyKey === `checkout:${checkout.id}`),
    ).toHaveLength(1);
    expect((await returnFromStripe(t, shop.b.subdomain, checkout.id)).headers.location).toBe(
      `/s/${shop.store.slug}/confirmation?session_id=${answer.session_id}&payment=pending`,
    );
    expect(stripeSession).toMatch(/^cs_/);
  });

  it('the return from Stripe fulfils: one order with the Stripe payment, one confirmation, and the confirmation page', async () => {
    const shop = await stripeShop(t);
    const { answer, checkout, stripeSession, body } = await openCheckout(t, shop, DAY, 2);
    const paid = payCheckout(fake, stripeSession);
    const back = await returnFromStripe(t, shop.b.subdomain, checkout.id);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/s/${shop.store.slug}/confirmation?session_id=${answer.session_id}`);
    const [order] = await ordersOf(shop.b.account.id);
    expect(order).toMatchObject({ channel: 'webstore', storeId: shop.store.id, paymentStatus: 'fully_paid', totalMinor: 8000 });
    expect(await paymentsOf(shop.b.account.id)).toEqual([
      expect.objectContaining({
        kind: 'payment',
        method: 'card',
        provider: 'stripe',
        providerReference: paid.payment_intent,
        providerAccount: shop.acct,
        amountMinor: 8000,
        status: 'succeeded',
      }),
    ]);
    expect(await checkoutRow(checkout.id)).toMatchObject({
      status: 'completed',
      orderId: order.id,
      providerPaymentId: paid.payment_intent,
    });
    const page = await t.app.inject({
      url: `/api/order?session_id=${answer.session_id}`,
      headers: hostHeaders(shop.b.subdomain),
    });
    expect(page.json()).toMatchObject({ paid: 8000, status: 'confirmed' });
    // Coming back again, the webhook afterwards, the visitor's request again: still one order, one email.
    await returnFromStripe(t, shop.b.subdomain, checkout.id);
    expect((await deliver(t, fake, fake.event('checkout.session.completed', fake.get(stripeSession) ?? {}))).statusCode).toBe(
      200,
    );
    const repeat = await placeOrder(t, shop.b, body);
    expect(repeat.json()).toMatchObject({ reference: `#${order.number}`, checkout_url: null, paid: 8000 });
    expect(await ordersOf(shop.b.account.id)).toHaveLength(1);
    expect(await paymentsOf(shop.b.account.id)).toHaveLength(1);
    const mails = await mailsTo(body.contact.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/is confirmed$/)]);
  });

  it('an unpaid return books nothing; checkout.session.expired marks the checkout expired and the attempt is over', async () => {
    const shop = await stripeShop(t);
    const { checkout, stripeSession, body } = await openCheckout(t, shop, DAY, 1);
    expireCheckout(fake, stripeSession);
    const res = await deliver(t, fake, fake.event('checkout.session.expired', fake.get(stripeSession) ?? {}));
    expect(res.statusCode).toBe(200);
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: 'expired' });
    expect((await placeOrder(t, shop.b, body)).statusCode).toBe(409);
    expect((await returnFromStripe(t, shop.b.subdomain, checkout.id)).headers.location).toBe(
      `/s/${shop.store.slug}/checkout?payment=expired`,
    );
    expect(await ordersOf(shop.b.account.id)).toHaveLength(0);
  });

  it('paid after the hold expired and its places were sold: no order, refunded in full, listed as a late payment', async () => {
    const shop = await stripeShop(t, { capacity: 2 });
    const { checkout, stripeSession } = await openCheckout(t, shop, DAY, 2);
    // The visitor dawdles on Stripe's page: the hold expires, another visitor takes both places.
    t.clock.now = new Date(NOW.getTime() + 60 * 60_000);
    const rival = await reserveInStore(t, shop.b, shop.store.slug, shop.offer, DAY, 2);
    const sessionsBefore = fake.all('checkout.session').length;
    const rivalAttempt = await placeOrder(t, shop.b, orderBody([rival.id], { payment_token: undefined }));
    expect(rivalAttempt.statusCode).toBe(201);
    const rivalSession = fake.all('checkout.session').slice(sessionsBefore)[0];
    payCheckout(fake, rivalSession.id);
    const rivalCheckout = rivalSession.metadata as { checkout_id: string };
    expect((await returnFromStripe(t, shop.b.subdomain, rivalCheckout.checkout_id)).headers.location).toMatch(/confirmation/);
    // Now the first visitor's payment arrives.
    const paid = payCheckout(fake, stripeSession);
    const res = await deliver(t, fake, fake.event('checkout.session.completed', fake.get(stripeSession) ?? {}));
    expect(res.statusCode).toBe(200);
    expect(await ordersOf(shop.b.account.id)).toHaveLength(1); // the rival's only: never an oversell
    const late = await checkoutRow(checkout.id);
    expect(late).toMatchObject({ status: 'refunded', orderId: null, problem: expect.stringContaining('places were sold') });
    const refunds = fake.calls('POST', /^\/v1\/refunds$/).filter((c) => c.body.payment_intent === paid.payment_intent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ idempotencyKey: `checkout-refund:${checkout.id}`, body: { reverse_transfer: true } });
    // The return and a redelivery change nothing more.
    expect((await returnFromStripe(t, shop.b.subdomain, checkout.id)).headers.location).toBe(
      `/s/${shop.store.slug}/checkout?payment=refunded`,
    );
    await deliver(t, fake, fake.event('checkout.session.completed', fake.get(stripeSession) ?? {}));
    expect(fake.calls('POST', /^\/v1\/refunds$/).filter((c) => c.body.payment_intent === paid.payment_intent)).toHaveLength(1);
    // The operator hears of it once (the bell; mailed by the queue), however often Stripe tells us.
    const notices = await t.app.inject({ url: '/api/notifications/?kind=payment_failed', headers: shop.b.owner.headers });
    expect(notices.json().results).toEqual([
      expect.objectContaining({
        title: 'A card payment of €80.00 made no booking',
        message: expect.stringContaining('places were sold'),
        link: '/settings/payment-providers',
      }),
    ]);
    const reconciliation = await t.app.inject({ url: '/api/stripe/reconciliation/', headers: shop.b.owner.headers });
    expect(reconciliation.json().late_payments).toEqual([
      expect.objectContaining({
        id: checkout.id,
        amount: 8000,
        status: 'refunded',
        problem: expect.stringContaining('Refunded in full'),
      }),
    ]);
  });

  it('a crash between creating the session and our commit: the retry finds the same session at Stripe', async () => {
    const shop = await stripeShop(t);
    const hold = await reserveInStore(t, shop.b, shop.store.slug, shop.offer, DAY, 1);
    const body = orderBody([hold.id], { payment_token: undefined });
    checkoutTesting.crashAfterCreate = true;
    expect((await placeOrder(t, shop.b, body)).statusCode).toBe(500);
    checkoutTesting.crashAfterCreate = false;
    const retry = await placeOrder(t, shop.b, body);
    expect(retry.statusCode).toBe(200);
    const [row] = await t.db.select().from(cardCheckouts).where(eq(cardCheckouts.sessionId, retry.json().session_id));
    const sessions = fake.all('checkout.session').filter((s) => (s.metadata as { checkout_id?: string }).checkout_id === row.id);
    expect(sessions).toHaveLength(1);
    expect(row.providerSessionId).toBe(sessions[0].id);
    expect(retry.json().checkout_url).toBe(sessions[0].url);
  });

  it('a return to another organization’s host is not found', async () => {
    const shop = await stripeShop(t);
    const other = await stripeShop(t);
    const { checkout } = await openCheckout(t, shop, DAY, 1);
    expect((await returnFromStripe(t, other.b.subdomain, checkout.id)).statusCode).toBe(404);
  });
});

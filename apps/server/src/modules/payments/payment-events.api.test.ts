import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/integrations.ts';
import { cardCheckouts, providerEvents } from '../../db/schema/payments.ts';
import { orders, payments } from '../../db/schema/sales.ts';
import { useTestApp } from '../../test/app.ts';
import { addPayments, chargeOf, dashboardRefund, payCheckout } from '../../test/fake-stripe/payments.ts';
import { type FakeStripe, startFakeStripe, stripeConfig } from '../../test/fake-stripe/server.ts';
import { deliver, openCheckout, returnFromStripe, stripeShop } from '../../test/payment-factories.ts';

/**
 * The card checkout's webhooks (also on PostgreSQL with DATABASE_URL, where parallel deliveries
 * really race: the checkout's row lock and the event claim are what keep them to one order).
 */
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

const ordersOf = (accountId: string) => t.db.select().from(orders).where(eq(orders.accountId, accountId));
const paymentsOf = (accountId: string) => t.db.select().from(payments).where(eq(payments.accountId, accountId));
const mailsTo = async (to: string) => {
  await t.settled();
  return (t.mailer.outbox ?? []).filter((m) => m.to === to);
};

/** Exactly one fulfilment: the checkout completed with its order, nothing refunded at Stripe. */
const fulfilledOnce = async (checkoutId: string, paymentIntent: string) => {
  const [row] = await t.db.select().from(cardCheckouts).where(eq(cardCheckouts.id, checkoutId));
  expect(row).toMatchObject({ status: 'completed', orderId: expect.any(String), problem: null });
  expect(fake.calls('POST', /^\/v1\/refunds$/).filter((c) => c.body.payment_intent === paymentIntent)).toHaveLength(0);
};

/** A paid Checkout Session of a fresh shop (Stripe has the payment; we know nothing of it yet). */
const paidCheckout = async () => {
  const shop = await stripeShop(t);
  const opened = await openCheckout(t, shop, DAY, 2);
  const session = payCheckout(fake, opened.stripeSession);
  return { shop, ...opened, session, email: opened.body.contact.email };
};

describe('webhook signatures', () => {
  it('refuses a missing signature, a wrong secret, a re-serialized body and a timestamp older than 5 minutes — writing nothing', async () => {
    const { shop, session } = await paidCheckout();
    const event = fake.event('checkout.session.completed', session);
    const post = (payload: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook/',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        payload,
      });
    const good = fake.signedEvent(event);
    const refusals = [
      await post(good.payload),
      await deliver(t, fake, event, { secret: 'whsec_not_ours' }),
      await post(JSON.stringify(JSON.parse(good.payload), null, 2), good.header),
      await deliver(t, fake, event, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].code).toBe('invalid_signature');
    }
    expect(await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id))).toHaveLength(0);
    expect(await ordersOf(shop.b.account.id)).toHaveLength(0);
    // The same event, signed as Stripe signs it, goes through.
    expect((await deliver(t, fake, event)).statusCode).toBe(200);
    expect(await ordersOf(shop.b.account.id)).toHaveLength(1);
  });
});

describe('checkout.session.completed', () => {
  it('the same event 5 times in sequence, then 5 times in parallel: one order, one payment, one email', async () => {
    const { shop, session, email, checkout } = await paidCheckout();
    const event = fake.event('checkout.session.completed', session);
    const sequence = [];
    for (let i = 0; i < 5; i += 1) sequence.push((await deliver(t, fake, event)).json());
    expect(sequence.map((a) => a.duplicate)).toEqual([false, true, true, true, true]);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => deliver(t, fake, event)));
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await fulfilledOnce(checkout.id, session.payment_intent);
    expect(await ordersOf(shop.b.account.id)).toHaveLength(1);
    expect(await paymentsOf(shop.b.account.id)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('5 different deliveries about the same session (new event ids) in parallel: one order, one payment, one email', async () => {
    const { shop, session, email, checkout } = await paidCheckout();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deliver(t, fake, fake.event('checkout.session.completed', session))),
    );
    expect(answers.map((r) => r.json().duplicate)).toEqual([false, false, false, false, false]);
    await fulfilledOnce(checkout.id, session.payment_intent);
    expect(await ordersOf(shop.b.account.id)).toHaveLength(1);
    expect(await paymentsOf(shop.b.account.id)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('the return redirect and the webhook fulfilling the same session at once: one order, one confirmation', async () => {
    const { shop, session, checkout, email } = await paidCheckout();
    const [back, hook] = await Promise.all([
      returnFromStripe(t, shop.b.subdomain, checkout.id),
      deliver(t, fake, fake.event('checkout.session.completed', session)),
      returnFromStripe(t, shop.b.subdomain, checkout.id),
      deliver(t, fake, fake.event('checkout.session.completed', session)),
    ]);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toMatch(/\/confirmation\?session_id=/);
    expect(hook.statusCode).toBe(200);
    await fulfilledOnce(checkout.id, session.payment_intent);
    expect(await ordersOf(shop.b.account.id)).toHaveLength(1);
    expect(await paymentsOf(shop.b.account.id)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('a session that is not ours (a subscription, another platform object) is left alone', async () => {
    const res = await deliver(
      t,
      fake,
      fake.event('checkout.session.completed', { id: 'cs_other', object: 'checkout.session', mode: 'subscription' }),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('charge.refunded', () => {
  it('before checkout.session.completed: the order is made, the dashboard refund recorded once, the later events add nothing', async () => {
    const { shop, session, email } = await paidCheckout();
    // An integrator listening for refunds (written directly: its address is not what this test is about).
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({
        accountId: shop.b.account.id,
        url: 'https://hooks.example.com/refunds',
        events: ['refund.recorded'],
        secret: 'whsec_test',
      })
      .returning();
    const refund = dashboardRefund(fake, session.payment_intent, 3000);
    const charge = chargeOf(fake, session.payment_intent);
    expect((await deliver(t, fake, fake.event('charge.refunded', charge))).statusCode).toBe(200);
    const [order] = await ordersOf(shop.b.account.id);
    expect(order).toMatchObject({ paymentStatus: 'partially_refunded' }); // paid in full, part given back: nothing is due
    const recorded = () => paymentsOf(shop.b.account.id);
    expect(await recorded()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'payment', amountMinor: 8000, provider: 'stripe' }),
        expect.objectContaining({ kind: 'refund', amountMinor: 3000, provider: 'stripe', providerReference: refund.id }),
      ]),
    );
    // Late and repeated: the completion, the same refund event again under a new id.
    await deliver(t, fake, fake.event('checkout.session.completed', session));
    await deliver(t, fake, fake.event('charge.refunded', charge));
    expect(await ordersOf(shop.b.account.id)).toHaveLength(1);
    expect(await recorded()).toHaveLength(2);
    // The integrator hears of the dashboard refund once.
    const events = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(events.map((e) => [e.eventType, JSON.parse(e.payload).data.payment.amount])).toEqual([['refund.recorded', 3000]]);
    // The confirmation, and the refund notice once.
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/is confirmed$/),
      expect.stringMatching(/^Refund of/),
    ]);
  });
});

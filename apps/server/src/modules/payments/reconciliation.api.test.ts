import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createAccount, createMember } from '../../test/factories.ts';
import { addPayments, chargeOf, dashboardRefund, payCheckout } from '../../test/fake-stripe/payments.ts';
import { type FakeStripe, startFakeStripe, stripeConfig } from '../../test/fake-stripe/server.ts';
import { connectTestProvider, deliver, openCheckout, returnFromStripe, stripeShop } from '../../test/payment-factories.ts';

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

const URL = '/api/stripe/reconciliation/';

describe('reconciliation with Stripe', () => {
  it('finds a refund made only on Stripe, an amount that differs and a payment with no order; GET answers the last run', async () => {
    const shop = await stripeShop(t);
    // Two orders paid and fulfilled; a third paid at Stripe but never fulfilled here.
    const first = await openCheckout(t, shop, DAY, 2);
    const firstPaid = payCheckout(fake, first.stripeSession);
    await returnFromStripe(t, shop.b.subdomain, first.checkout.id);
    const second = await openCheckout(t, shop, DAY, 1);
    const secondPaid = payCheckout(fake, second.stripeSession);
    await returnFromStripe(t, shop.b.subdomain, second.checkout.id);
    const third = await openCheckout(t, shop, DAY, 1);
    const thirdPaid = payCheckout(fake, third.stripeSession);

    const before = await t.app.inject({ url: URL, headers: shop.b.owner.headers });
    expect(before.json()).toEqual({ checked_at: null, checked: 0, mismatches: [], late_payments: [] });

    // On the dashboard, without a webhook reaching us: a refund; and Stripe's amount differs from ours.
    const refund = dashboardRefund(fake, firstPaid.payment_intent, 2500);
    fake.save({ ...(fake.get(secondPaid.payment_intent) ?? { id: '', object: '' }), amount_received: 3900 });

    const run = await t.app.inject({ method: 'POST', url: URL, headers: shop.b.owner.headers });
    expect(run.statusCode, run.body).toBe(200);
    const answer = run.json();
    expect(answer).toMatchObject({ checked: 2, checked_at: '2026-11-30T09:00:00.000Z', late_payments: [] });
    expect(answer.mismatches).toHaveLength(3);
    expect(answer.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'missing_here',
          provider_reference: refund.id,
          detail: expect.stringContaining('25.00 EUR'),
        }),
        expect.objectContaining({
          kind: 'amount_differs',
          provider_reference: secondPaid.payment_intent,
          detail: expect.stringContaining('39.00'),
        }),
        expect.objectContaining({ kind: 'missing_here', provider_reference: thirdPaid.payment_intent, payment_id: null }),
      ]),
    );
    expect((await t.app.inject({ url: URL, headers: shop.b.owner.headers })).json()).toEqual(answer);

    // Once the refund is recorded (its webhook arrives) and the checkout fulfilled, a new run finds only the amount.
    const charge = chargeOf(fake, firstPaid.payment_intent);
    expect((await deliver(t, fake, fake.event('charge.refunded', charge))).statusCode).toBe(200);
    await returnFromStripe(t, shop.b.subdomain, third.checkout.id);
    const again = (await t.app.inject({ method: 'POST', url: URL, headers: shop.b.owner.headers })).json();
    expect(again.checked).toBe(3);
    expect(again.mismatches).toEqual([
      expect.objectContaining({ kind: 'amount_differs', provider_reference: secondPaid.payment_intent }),
    ]);
  });

  it('reading needs Manage orders or Manage account, running needs Manage account; a test-mode organization has nothing to check', async () => {
    const b = await createAccount(t);
    await connectTestProvider(t.db, b.account.id);
    const clerk = await createMember(t, b, ['Manage orders']);
    const nobody = await createMember(t, b, []);
    expect((await t.app.inject({ url: URL, headers: clerk.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: URL, headers: nobody.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: URL, headers: clerk.headers })).statusCode).toBe(403);
    const run = await t.app.inject({ method: 'POST', url: URL, headers: b.owner.headers });
    expect(run.json()).toMatchObject({ checked: 0, mismatches: [], checked_at: expect.any(String) });
  });

  it('Stripe not answering: 502, and the last findings stay as they were', async () => {
    const shop = await stripeShop(t);
    const first = await t.app.inject({ method: 'POST', url: URL, headers: shop.b.owner.headers });
    fake.failNext('GET', /^\/v1\/payment_intents\/search$/);
    const failed = await t.app.inject({ method: 'POST', url: URL, headers: shop.b.owner.headers });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().errors[0].code).toBe('provider_unreachable');
    expect((await t.app.inject({ url: URL, headers: shop.b.owner.headers })).json()).toEqual(first.json());
  });
});

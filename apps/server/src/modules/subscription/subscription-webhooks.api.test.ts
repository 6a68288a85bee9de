import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.ts';
import { completeCheckout, setSubscription } from '../../test/fake-stripe/billing.ts';
import type { FakeObject } from '../../test/fake-stripe/server.ts';
import { subscriptionApi, tierIds, useFakeBilling } from './subscription.test-helpers.ts';

// Stripe's webhooks drive the plan: signed deliveries at /api/stripe/webhook/, each processed once,
// each handler re-reading the subscription from (fake) Stripe, so late, repeated and out-of-order
// deliveries all end in Stripe's current state.

const billing = useFakeBilling();
const { t } = billing;
const api = subscriptionApi(t);
let tiers: Record<string, string>;
const STORES = '/api/stores/';

beforeAll(async () => {
  tiers = await tierIds(t);
});
afterEach(() => {
  t.clock.now = null;
});

/** The organization asked for `code` and paid on Stripe (no event delivered yet). */
const paidAtStripe = async (account: TestAccount, code: string, status = 'active') => {
  expect((await api.change(account, { tier_id: tiers[code] })).statusCode).toBe(200);
  const open = billing.fake
    .all('checkout.session')
    .filter((s) => (s.metadata as { account_id?: string }).account_id === account.account.id && s.status === 'open')
    .at(-1);
  if (!open) throw new Error('no open checkout session');
  return completeCheckout(billing.fake, open.id, status);
};
const retrievals = (sub: FakeObject) => billing.fake.calls('GET', new RegExp(`^/v1/subscriptions/${sub.id}$`)).length;

describe('billing webhooks', () => {
  it('sets the plan when the checkout completes', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const { session } = await paidAtStripe(a, 'supplier-growth');
    expect(await api.statusOf(a, STORES)).toBe(403);
    expect(await billing.deliverOk(billing.fake.event('checkout.session.completed', session))).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await api.state(a)).toMatchObject({ status: 'active', tier: { code: 'supplier-growth' }, can_manage: true });
    expect(await api.statusOf(a, STORES)).toBe(200);
  });

  it('ignores a payment-mode checkout and refuses a bad signature without writing', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const { session } = await paidAtStripe(a, 'supplier-growth');
    const forged = await billing.deliver(billing.fake.event('checkout.session.completed', session), { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors[0].code).toBe('invalid_signature');
    await billing.deliverOk(billing.fake.event('checkout.session.completed', { ...session, mode: 'payment' }));
    expect(await api.state(a)).toMatchObject({ status: null, tier: { code: 'supplier-starter' } });
  });

  it('ends in Stripe\'s state when "updated" arrives before "created"', async () => {
    const a = await createAccount(t, { plan: 'default' });
    // Stripe made the subscription incomplete (first invoice open), then it was paid: active.
    const { subscription } = await paidAtStripe(a, 'supplier-pro', 'incomplete');
    const created = billing.fake.event('customer.subscription.created', { ...subscription });
    const active = setSubscription(billing.fake, subscription.id, { status: 'active' });
    const updated = billing.fake.event('customer.subscription.updated', { ...active });
    await billing.deliverOk(updated);
    await billing.deliverOk(created);
    expect(await api.state(a)).toMatchObject({ status: 'active', tier: { code: 'supplier-pro' } });
    expect(await api.statusOf(a, '/api/partners/offers/')).toBe(200);
  });

  it('re-reads the subscription: a stale copy in the event does not win over Stripe', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const { subscription } = await paidAtStripe(a, 'supplier-growth');
    setSubscription(billing.fake, subscription.id, { status: 'canceled' });
    // Both events carry the active copy they were made with; Stripe says canceled by now.
    await billing.deliverOk(billing.fake.event('customer.subscription.updated', { ...subscription }));
    await billing.deliverOk(billing.fake.event('customer.subscription.created', { ...subscription }));
    expect(await api.state(a)).toMatchObject({ status: 'canceled', tier: { code: 'supplier-starter' } });
  });

  it('processes the same event delivered 5 times, in sequence or at once, once', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const { session, subscription } = await paidAtStripe(a, 'supplier-growth');
    const event = billing.fake.event('checkout.session.completed', session);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await billing.deliverOk(event));
    expect(answers.map((x) => x.duplicate)).toEqual([false, true, true, true, true]);
    expect(retrievals(subscription)).toBe(1);
    expect((await api.state(a)).tier.code).toBe('supplier-growth');

    const paid = billing.fake.event('invoice.paid', {
      id: billing.fake.newId('in'),
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    const parallel = await Promise.all(Array.from({ length: 5 }, () => billing.deliver(paid)));
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(parallel.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(retrievals(subscription)).toBe(2);
  });

  it('keeps the plan through the grace period of a failed payment, not after it; a later payment restores it', async () => {
    // Past every grace period another file's sweep could reach (files share one PostgreSQL
    // database; the sweep itself is tested in subscription.api.test.ts).
    const start = new Date('2032-06-01T08:00:00Z');
    t.clock.now = start;
    const a = await createAccount(t, { plan: 'default' });
    const { session, subscription } = await paidAtStripe(a, 'supplier-growth');
    await billing.deliverOk(billing.fake.event('checkout.session.completed', session));
    const invoice = (type: string) =>
      billing.fake.event(type, {
        id: billing.fake.newId('in'),
        object: 'invoice',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      });

    setSubscription(billing.fake, subscription.id, { status: 'past_due' });
    await billing.deliverOk(invoice('invoice.payment_failed'));
    const graceEnd = new Date(start.getTime() + t.config.SUBSCRIPTION_GRACE_DAYS * 86_400_000);
    expect(await api.state(a)).toMatchObject({
      status: 'past_due',
      grace_until: graceEnd.toISOString(),
      tier: { code: 'supplier-growth' },
    });
    expect(await api.statusOf(a, STORES)).toBe(200);

    // Stripe's retries fail again: within the grace period the plan and its end stay…
    t.clock.now = new Date(graceEnd.getTime() - 3_600_000);
    await billing.deliverOk(invoice('invoice.payment_failed'));
    expect(await api.state(a)).toMatchObject({ grace_until: graceEnd.toISOString(), tier: { code: 'supplier-growth' } });
    // …after it, the free plan applies.
    t.clock.now = new Date(graceEnd.getTime() + 3_600_000);
    await billing.deliverOk(invoice('invoice.payment_failed'));
    expect(await api.state(a)).toMatchObject({ status: 'past_due', tier: { code: 'supplier-starter' } });
    expect(await api.statusOf(a, STORES)).toBe(403);

    setSubscription(billing.fake, subscription.id, { status: 'active' });
    await billing.deliverOk(invoice('invoice.paid'));
    expect(await api.state(a)).toMatchObject({ status: 'active', grace_until: null, tier: { code: 'supplier-growth' } });
    expect(await api.statusOf(a, STORES)).toBe(200);
  });

  it('ignores a late word about an older, ended subscription while a newer one runs', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const first = await paidAtStripe(a, 'supplier-growth');
    setSubscription(billing.fake, first.subscription.id, { status: 'canceled' });
    const second = await paidAtStripe(a, 'supplier-pro');
    await billing.deliverOk(billing.fake.event('checkout.session.completed', second.session));
    await billing.deliverOk(
      billing.fake.event('customer.subscription.deleted', billing.fake.get(first.subscription.id) as never),
    );
    expect(await api.state(a)).toMatchObject({ status: 'active', tier: { code: 'supplier-pro' } });
  });

  it('two checkouts paid within the same half hour: the newer subscription is the plan, the older one is canceled at Stripe', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const first = await paidAtStripe(a, 'supplier-growth');
    const second = await paidAtStripe(a, 'supplier-pro'); // opened before the first one's event arrived
    await billing.deliverOk(billing.fake.event('checkout.session.completed', first.session));
    await billing.deliverOk(billing.fake.event('checkout.session.completed', second.session));
    expect(billing.fake.get(first.subscription.id)).toMatchObject({ status: 'canceled' });
    expect(billing.fake.get(second.subscription.id)).toMatchObject({ status: 'active' });
    expect(await api.state(a)).toMatchObject({ status: 'active', tier: { code: 'supplier-pro' } });
    // Stripe's word that the older one ended changes nothing; the same event again cancels nothing twice.
    await billing.deliverOk(
      billing.fake.event('customer.subscription.deleted', billing.fake.get(first.subscription.id) as never),
    );
    await billing.deliverOk(billing.fake.event('checkout.session.completed', second.session));
    expect(await api.state(a)).toMatchObject({ status: 'active', tier: { code: 'supplier-pro' } });
    expect(billing.fake.calls('DELETE', new RegExp(`^/v1/subscriptions/${first.subscription.id}$`))).toHaveLength(1);
  });

  it('drops events about customers it does not know (answered, nothing changed)', async () => {
    const stranger = {
      id: billing.fake.newId('sub'),
      object: 'subscription',
      customer: 'cus_unknown',
      status: 'active',
      items: { data: [] },
    };
    billing.fake.save(stranger);
    const res = await billing.deliverOk(billing.fake.event('customer.subscription.updated', stranger));
    expect(res.duplicate).toBe(false);
  });
});

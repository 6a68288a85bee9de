import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/errors.ts';
import { createAccount, type TestAccount } from '../../test/factories.ts';
import { completeCheckout } from '../../test/fake-stripe/billing.ts';
import { subscriptionApi, tierIds, useFakeBilling } from './subscription.test-helpers.ts';

// Subscriptions with PAYMENT_PROVIDER=stripe: the real Stripe SDK against the loopback fake Stripe
// server. What the product asks Stripe (and with which idempotency keys), and what the client sees.

const billing = useFakeBilling();
const { t } = billing;
const api = subscriptionApi(t);
let tiers: Record<string, string>;

beforeAll(async () => {
  tiers = await tierIds(t);
});

const customerCalls = (account: TestAccount) =>
  billing.fake
    .calls('POST', /^\/v1\/customers$/)
    .filter((r) => (r.body.metadata as { account_id?: string })?.account_id === account.account.id);
const sessionCalls = (account: TestAccount) =>
  billing.fake
    .calls('POST', /^\/v1\/checkout\/sessions$/)
    .filter((r) => (r.body.metadata as { account_id?: string })?.account_id === account.account.id);

/** Pays for `code` on Stripe and delivers checkout.session.completed: the running subscription. */
const subscribed = async (account: TestAccount, code: string) => {
  expect((await api.change(account, { tier_id: tiers[code] })).statusCode).toBe(200);
  const session = sessionCalls(account).at(-1);
  const created = billing.fake
    .all('checkout.session')
    .find((s) => s.metadata && (s.metadata as { account_id?: string }).account_id === account.account.id && s.status === 'open');
  if (!session || !created) throw new Error('no checkout session');
  const { session: done, subscription } = completeCheckout(billing.fake, created.id);
  await billing.deliverOk(billing.fake.event('checkout.session.completed', done));
  return subscription;
};

describe('subscriptions with Stripe', () => {
  it('starts a paid plan on Stripe Checkout: the customer once per organization, the product by its fixed id, our metadata and return addresses', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const res = await api.change(a, { tier_id: tiers['supplier-growth'], return_path: '/stores' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/);
    expect(answer.subscription).toMatchObject({ provider: 'stripe', test_mode: false, status: null, can_manage: true });
    expect(answer.subscription.tier.code).toBe('supplier-starter');

    const [customer] = customerCalls(a);
    expect(customerCalls(a)).toHaveLength(1);
    expect(customer.idempotencyKey).toBe(`excursio-customer-${a.account.id}`);
    const product = billing.fake.calls('POST', /^\/v1\/products$/).find((r) => r.body.id === 'excursio-supplier-growth');
    expect(product?.idempotencyKey).toBe('excursio-product-supplier-growth');
    const [session] = sessionCalls(a);
    const customerId = billing.fake
      .all('customer')
      .find((c) => (c.metadata as { account_id?: string }).account_id === a.account.id)?.id;
    expect(session.body).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: a.account.id,
      line_items: [
        { quantity: 1, price_data: { product: 'excursio-supplier-growth', unit_amount: 4900, recurring: { interval: 'month' } } },
      ],
      metadata: { account_id: a.account.id, tier_id: tiers['supplier-growth'] },
      subscription_data: { metadata: { account_id: a.account.id, tier_id: tiers['supplier-growth'] } },
      success_url: `http://${a.subdomain}.excursio.test/stores?subscription=success`,
      cancel_url: `http://${a.subdomain}.excursio.test/stores?subscription=canceled`,
    });
    expect(session.idempotencyKey).toMatch(/^excursio-subscription-checkout-[0-9a-f-]{36}$/);

    // Another checkout: the same customer (no new one), a new operation key.
    const again = await api.change(a, { tier_id: tiers['supplier-growth'] });
    expect(again.statusCode).toBe(200);
    expect(customerCalls(a)).toHaveLength(1);
    expect(sessionCalls(a)[1].body.customer).toBe(customerId);
    expect(sessionCalls(a)[1].idempotencyKey).not.toBe(session.idempotencyKey);
    expect(sessionCalls(a)[1].body.success_url).toBe(
      `http://${a.subdomain}.excursio.test/settings/subscription/supplier-plans?subscription=success`,
    );
  });

  it('makes one customer when an organization asks several times at once', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const answers = await Promise.all(Array.from({ length: 4 }, () => api.change(a, { tier_id: tiers['supplier-pro'] })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const keys = new Set(customerCalls(a).map((r) => r.idempotencyKey));
    expect(keys).toEqual(new Set([`excursio-customer-${a.account.id}`]));
    const customers = billing.fake
      .all('customer')
      .filter((c) => (c.metadata as { account_id?: string }).account_id === a.account.id);
    expect(customers).toHaveLength(1);
    expect(new Set(sessionCalls(a).map((r) => r.body.customer))).toEqual(new Set([customers[0].id]));
  });

  it('takes a product that already exists at Stripe', async () => {
    const a = await createAccount(t, { type: 'affiliate', plan: 'default' });
    billing.fake.save({ id: 'excursio-affiliate-pro', object: 'product', name: 'Made earlier' });
    const res = await api.change(a, { tier_id: tiers['affiliate-pro'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(sessionCalls(a)[0].body.line_items).toMatchObject([{ price_data: { product: 'excursio-affiliate-pro' } }]);
  });

  it('changes a running subscription to another paid plan: the price replaced, prorated and invoiced now; the plan follows', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const sub = await subscribed(a, 'supplier-pro');
    expect((await api.state(a)).tier.code).toBe('supplier-pro');
    const res = await api.change(a, { tier_id: tiers['supplier-growth'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ url: null, subscription: { status: 'active', tier: { code: 'supplier-growth' } } });
    const [update] = billing.fake.calls('POST', new RegExp(`^/v1/subscriptions/${sub.id}$`));
    expect(update.body).toMatchObject({
      items: [
        {
          id: (sub.items as { data: { id: string }[] }).data[0].id,
          price_data: { product: 'excursio-supplier-growth', unit_amount: 4900 },
        },
      ],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(update.idempotencyKey).toMatch(/^excursio-subscription-change-[0-9a-f-]{36}$/);
    expect(customerCalls(a)).toHaveLength(1);
    expect(await api.statusOf(a, '/api/partners/offers/')).toBe(403);
  });

  it('cancels the subscription at Stripe for the free plan', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const sub = await subscribed(a, 'supplier-growth');
    const res = await api.change(a, { tier_id: tiers['supplier-starter'] });
    expect(res.json()).toMatchObject({ url: null, subscription: { status: 'canceled', tier: { code: 'supplier-starter' } } });
    const [cancel] = billing.fake.calls('DELETE', new RegExp(`^/v1/subscriptions/${sub.id}$`));
    expect(cancel.idempotencyKey).toBe(`excursio-subscription-cancel-${sub.id}`);
    expect(billing.fake.get(sub.id)?.status).toBe('canceled');
    expect(await api.statusOf(a, '/api/stores/')).toBe(403);
    // Stripe's own word afterwards changes nothing.
    await billing.deliverOk(billing.fake.event('customer.subscription.deleted', billing.fake.get(sub.id) as never));
    expect((await api.state(a)).tier.code).toBe('supplier-starter');
  });

  it("opens the customer's billing portal, back to the plans page; 409 before there is a customer", async () => {
    const a = await createAccount(t, { type: 'affiliate', plan: 'default' });
    expectError(await api.manage(a), 409, { code: 'nothing_to_manage' });
    await subscribed(a, 'affiliate-pro');
    const res = await api.manage(a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const call = billing.fake.calls('POST', /^\/v1\/billing_portal\/sessions$/).at(-1);
    expect(call?.body.return_url).toBe(`http://${a.subdomain}.excursio.test/settings/subscription/affiliate-plans`);
    expect(call?.idempotencyKey).toMatch(/^excursio-billing-portal-[0-9a-f-]{36}$/);
  });

  it('answers 502 when Stripe fails, and nothing changes', async () => {
    const a = await createAccount(t, { plan: 'default' });
    billing.fake.failNext('POST', /^\/v1\/checkout\/sessions$/);
    expectError(await api.change(a, { tier_id: tiers['supplier-growth'] }), 502, { code: 'provider_failed' }, 'server_error');
    expect(await api.state(a)).toMatchObject({ status: null, tier: { code: 'supplier-starter' } });
    expect((await api.change(a, { tier_id: tiers['supplier-growth'] })).statusCode).toBe(200);
  });

  it('sends every call to Stripe with an idempotency key', () => {
    const posts = billing.fake.requests.filter((r) => r.method !== 'GET');
    expect(posts.length).toBeGreaterThan(10);
    expect(posts.filter((r) => !r.idempotencyKey).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('has no test-mode pages', async () => {
    const a = await createAccount(t, { plan: 'default' });
    expectError(await api.page(a.owner.headers, 'anything'), 404, {
      code: 'not_found',
      detail: /only when the built-in test mode/,
    });
    expectError(await api.act(a.owner.headers, 'anything', 'complete'), 404, { code: 'not_found' });
  });
});

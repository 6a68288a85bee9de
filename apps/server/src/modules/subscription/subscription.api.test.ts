import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember } from '../../test/factories.ts';
import { PLAN_DENIED, subscriptionApi, tierIds } from './subscription.test-helpers.ts';
import { expireGracePeriods } from './subscription-sync.service.ts';

// Subscriptions in the built-in test mode (the default provider): plans change through the test
// mode's checkout and billing portal pages, whose outcomes arrive as signed test events at the
// same webhook handlers Stripe's would reach. What a client observes: the plan, the subscription's
// state, and the plan's features on gated routes (specification §6).

const t = useTestApp();
const api = subscriptionApi(t);
let tiers: Record<string, string>;
const STORES = '/api/stores/'; // feature 'stores': Growth and Pro, not Starter
const SHARED_OFFERS = '/api/partners/offers/'; // feature 'resales': Pro, not Growth

beforeAll(async () => {
  tiers = await tierIds(t);
});
afterEach(() => {
  t.clock.now = null;
});

describe('the plan in test mode', () => {
  it('answers the plan of a new organization: the free tier, nothing subscribed, nothing to manage', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const state = await api.state(a);
    expect(state).toMatchObject({ provider: 'test', test_mode: true, status: null, can_manage: false, grace_until: null });
    expect(state.tier).toMatchObject({ code: 'supplier-starter', price_minor: 0 });
    expectError(await api.manage(a), 409, { code: 'nothing_to_manage' });
  });

  it('pays for a plan on the checkout page: the plan, its features and the return path follow', async () => {
    const a = await createAccount(t, { plan: 'default' });
    expect(await api.statusOf(a, STORES)).toBe(403);
    const res = await api.change(a, { tier_id: tiers['supplier-growth'], return_path: '/stores?tab=list' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    // Nothing changes before paying.
    expect(answer.subscription.tier.code).toBe('supplier-starter');
    const token = api.tokenOf(answer.url, 'subscription-checkout');
    const page = await api.page(a.owner.headers, token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      kind: 'subscription_checkout',
      organization: `Org ${a.subdomain}`,
      tier: { code: 'supplier-growth', price_minor: 4900 },
      subscription: null,
    });
    const paid = await api.act(a.owner.headers, token, 'complete');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ url: '/stores?tab=list&subscription=success' });
    const state = await api.state(a);
    expect(state).toMatchObject({ status: 'active', can_manage: true, cancel_at_period_end: false, grace_until: null });
    expect(state.tier.code).toBe('supplier-growth');
    expect(new Date(state.current_period_end).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await api.statusOf(a, STORES)).toBe(200);
    const me = (await t.app.inject({ url: '/api/users/me/', headers: a.owner.headers })).json();
    expect(me.base_account.active_subscription_features).toContain('stores');
  });

  it('leaves the plan as it was when the person cancels on the checkout page', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const token = api.tokenOf((await api.change(a, { tier_id: tiers['supplier-pro'] })).json().url, 'subscription-checkout');
    const res = await api.act(a.owner.headers, token, 'cancel');
    expect(res.json()).toEqual({ url: '/settings/subscription/supplier-plans?subscription=canceled' });
    expect((await api.state(a)).tier.code).toBe('supplier-starter');
    expect((await api.state(a)).status).toBeNull();
    expectError(await api.act(a.owner.headers, token, 'complete'), 404, { code: 'not_found' });
  });

  it('moves to the free plan at once: the gated route refuses with the guard message; upgrading restores it', async () => {
    const a = await createAccount(t, { plan: 'default' });
    await api.subscribe(a, tiers['supplier-growth']);
    expect(await api.statusOf(a, STORES)).toBe(200);

    const down = await api.change(a, { tier_id: tiers['supplier-starter'] });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().url).toBeNull();
    expect(down.json().subscription).toMatchObject({ status: 'canceled', tier: { code: 'supplier-starter' } });
    const refused = await t.app.inject({ url: STORES, headers: a.owner.headers });
    expectError(refused, 403, { code: 'feature_not_in_plan', detail: PLAN_DENIED });

    // No running subscription any more: paying again goes through the checkout page.
    await api.subscribe(a, tiers['supplier-growth']);
    expect(await api.statusOf(a, STORES)).toBe(200);
    expect((await api.state(a)).status).toBe('active');
  });

  it('changes a running subscription to a lower paid plan at once; the feature it lacks is refused, upgrading restores it', async () => {
    const a = await createAccount(t, { plan: 'default' });
    await api.subscribe(a, tiers['supplier-pro']);
    expect(await api.statusOf(a, SHARED_OFFERS)).toBe(200);
    const down = await api.change(a, { tier_id: tiers['supplier-growth'] });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ url: null, subscription: { status: 'active', tier: { code: 'supplier-growth' } } });
    expect(await api.statusOf(a, SHARED_OFFERS)).toBe(403);
    expect(await api.statusOf(a, STORES)).toBe(200);
    const up = await api.change(a, { tier_id: tiers['supplier-pro'] });
    expect(up.json()).toMatchObject({ url: null, subscription: { tier: { code: 'supplier-pro' } } });
    expect(await api.statusOf(a, SHARED_OFFERS)).toBe(200);
  });

  it('keeps the features of a past-due plan through the grace period, then the sweep applies the free plan', async () => {
    // The only test that sweeps (files share one PostgreSQL database): its grace ends before any
    // other file's (subscription-webhooks.api.test.ts is in 2032), after the real clock's.
    const start = new Date('2031-03-01T10:00:00Z');
    t.clock.now = start;
    const a = await createAccount(t, { plan: 'default' });
    await api.subscribe(a, tiers['supplier-growth']);
    const portal = await api.manage(a);
    expect(portal.statusCode, portal.body).toBe(200);
    const token = api.tokenOf(portal.json().url, 'billing-portal');
    const page = (await api.page(a.owner.headers, token)).json();
    expect(page).toMatchObject({ kind: 'billing_portal', tier: null, subscription: { status: 'active' } });

    const failed = await api.act(a.owner.headers, token, 'fail_payment');
    expect(failed.json()).toEqual({ url: '/settings/subscription/supplier-plans' });
    const graceEnd = new Date(start.getTime() + 7 * 86_400_000);
    expect(await api.state(a)).toMatchObject({
      status: 'past_due',
      grace_until: graceEnd.toISOString(),
      tier: { code: 'supplier-growth' },
    });
    expect(await api.statusOf(a, STORES)).toBe(200);

    // A second failure does not move the grace period.
    t.clock.now = new Date(start.getTime() + 2 * 86_400_000);
    const again = api.tokenOf((await api.manage(a)).json().url, 'billing-portal');
    await api.act(a.owner.headers, again, 'fail_payment');
    expect((await api.state(a)).grace_until).toBe(graceEnd.toISOString());

    expect(await expireGracePeriods(t.db, new Date(graceEnd.getTime() - 1000))).not.toContain(a.account.id);
    await t.settled();
    expect(await api.statusOf(a, STORES)).toBe(200);
    expect(await expireGracePeriods(t.db, graceEnd)).toContain(a.account.id);
    await t.settled();
    expect(await api.statusOf(a, STORES)).toBe(403);
    expect(await api.state(a)).toMatchObject({ status: 'past_due', tier: { code: 'supplier-starter' } });
    // Swept once: a second sweep changes nothing.
    expect(await expireGracePeriods(t.db, graceEnd)).not.toContain(a.account.id);

    // Paying again (a plan change settles the subscription in test mode) restores the plan at once.
    t.clock.now = new Date(graceEnd.getTime() + 86_400_000);
    const back = await api.change(a, { tier_id: tiers['supplier-growth'] });
    expect(back.json()).toMatchObject({ url: null, subscription: { status: 'active', grace_until: null } });
    expect(await api.statusOf(a, STORES)).toBe(200);
  });

  it('cancels the subscription from the billing portal: the free plan applies; a canceled subscription cannot fail again', async () => {
    const a = await createAccount(t, { plan: 'default' });
    await api.subscribe(a, tiers['supplier-growth']);
    const token = api.tokenOf((await api.manage(a)).json().url, 'billing-portal');
    const res = await api.act(a.owner.headers, token, 'cancel_subscription');
    expect(res.statusCode, res.body).toBe(200);
    expect(await api.state(a)).toMatchObject({ status: 'canceled', tier: { code: 'supplier-starter' }, can_manage: true });
    expect(await api.statusOf(a, STORES)).toBe(403);
    const next = api.tokenOf((await api.manage(a)).json().url, 'billing-portal');
    expectError(await api.act(a.owner.headers, next, 'fail_payment'), 409, { code: 'no_subscription' });
    // Refused before the page was used: leaving it still works.
    expect((await api.act(a.owner.headers, next, 'cancel')).statusCode).toBe(200);
  });

  it('works the same for an affiliate with its own plans', async () => {
    const a = await createAccount(t, { type: 'affiliate', plan: 'default' });
    expect(await api.statusOf(a, STORES)).toBe(403);
    const paid = await api.subscribe(a, tiers['affiliate-pro']);
    expect(paid.url).toBe('/settings/subscription/affiliate-plans?subscription=success');
    expect(await api.statusOf(a, STORES)).toBe(200);
  });
});

describe('refusals', () => {
  it('refuses a plan of the other account type, an unknown plan and the current plan', async () => {
    const supplier = await createAccount(t, { plan: 'default' });
    const affiliate = await createAccount(t, { type: 'affiliate', plan: 'default' });
    expectError(await api.change(affiliate, { tier_id: tiers['supplier-growth'] }), 400, {
      code: 'wrong_account_type',
      attr: 'tier_id',
      detail: /This plan is for suppliers; your organization is an affiliate/,
    });
    expectError(await api.change(supplier, { tier_id: tiers['affiliate-pro'] }), 400, {
      code: 'wrong_account_type',
      attr: 'tier_id',
      detail: /This plan is for affiliates; your organization is a supplier/,
    });
    expectError(await api.change(supplier, { tier_id: '01890000-0000-7000-8000-000000000000' }), 400, {
      code: 'unknown_tier',
      attr: 'tier_id',
      detail: 'This plan does not exist.',
    });
    expectError(await api.change(supplier, { tier_id: tiers['supplier-starter'] }), 409, {
      code: 'already_on_plan',
      attr: 'tier_id',
    });
    await api.subscribe(supplier, tiers['supplier-growth']);
    expectError(await api.change(supplier, { tier_id: tiers['supplier-growth'] }), 409, { code: 'already_on_plan' });
    expect((await api.state(affiliate)).tier.code).toBe('affiliate-basic');
  });

  it('refuses a return path off the site', async () => {
    const a = await createAccount(t, { plan: 'default' });
    for (const return_path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/a b', '/x\u0000']) {
      const res = await api.change(a, { tier_id: tiers['supplier-growth'], return_path });
      expect(res.statusCode, return_path).toBe(400);
      expect(res.json().errors[0].attr, return_path).toBe('return_path');
    }
  });

  it('is for those who manage the account: a member without Manage account is refused', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const member = await createMember(t, a, ['Manage stores', 'Manage orders']);
    expectError(await api.change(a, { tier_id: tiers['supplier-growth'] }, member.headers), 403, { code: 'permission_denied' });
    expectError(await t.app.inject({ url: '/api/subscription/', headers: member.headers }), 403, { code: 'permission_denied' });
    expectError(await api.manage(a, member.headers), 403, { code: 'permission_denied' });
    expect((await api.state(a)).tier.code).toBe('supplier-starter');
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/payments.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember } from '../../test/factories.ts';
import { ONBOARDING } from '../payments/connect.service.ts';
import { createProviderState } from '../payments/provider-states.ts';
import { subscriptionApi, tierIds } from '../subscription/subscription.test-helpers.ts';

// The test mode's hosted pages (onboarding, subscription checkout, billing portal) through their
// API: a page is a signed single-use state for one organization; nobody else sees or answers it.

const t = useTestApp();
const api = subscriptionApi(t);
let tiers: Record<string, string>;
const GONE = /This test-mode page is no longer valid/;

beforeAll(async () => {
  tiers = await tierIds(t);
});
afterEach(() => {
  t.clock.now = null;
});

const checkoutToken = async (account: Awaited<ReturnType<typeof createAccount>>, code = 'supplier-growth') =>
  api.tokenOf((await api.change(account, { tier_id: tiers[code] })).json().url, 'subscription-checkout');

describe('test-mode pages', () => {
  it('refuses a used page, on reading and on answering', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const token = await checkoutToken(a);
    expect((await api.act(a.owner.headers, token, 'complete')).statusCode).toBe(200);
    expectError(await api.page(a.owner.headers, token), 404, { code: 'not_found', detail: GONE });
    expectError(await api.act(a.owner.headers, token, 'complete'), 404, { code: 'not_found', detail: GONE });
  });

  it('refuses forged and unknown tokens', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const token = await checkoutToken(a);
    const [id, mac] = token.split('.');
    const flipped = `${id}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    for (const forged of [flipped, `${id}.`, id, '01890000-0000-7000-8000-000000000000.abc', 'x'.repeat(100)]) {
      expectError(await api.page(a.owner.headers, forged), 404, { code: 'not_found' });
      expectError(await api.act(a.owner.headers, forged, 'complete'), 404, { code: 'not_found' });
    }
    expect((await api.state(a)).tier.code).toBe('supplier-starter');
    // The real one still works.
    expect((await api.act(a.owner.headers, token, 'complete')).statusCode).toBe(200);
    expect((await api.state(a)).tier.code).toBe('supplier-growth');
  });

  it('refuses an expired page', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const token = await checkoutToken(a);
    t.clock.now = new Date(Date.now() + (t.config.STRIPE_CHECKOUT_MINUTES + 1) * 60_000);
    expectError(await api.page(a.owner.headers, token), 404, { code: 'not_found', detail: GONE });
    expectError(await api.act(a.owner.headers, token, 'complete'), 404, { code: 'not_found' });
    expect((await api.state(a)).tier.code).toBe('supplier-starter');
  });

  it("refuses another organization's page, without using it up", async () => {
    const a = await createAccount(t, { plan: 'default' });
    const b = await createAccount(t, { plan: 'default' });
    const token = await checkoutToken(a);
    expectError(await api.page(b.owner.headers, token), 404, { code: 'not_found', detail: GONE });
    expectError(await api.act(b.owner.headers, token, 'complete'), 404, { code: 'not_found', detail: GONE });
    // A's session on B's address is refused before anything else.
    const aOnB = { ...hostHeaders(b.subdomain), cookie: a.owner.headers.cookie };
    expectError(await api.act(aOnB, token, 'complete'), 403, { code: 'wrong_tenant' });
    expect((await api.state(b)).tier.code).toBe('supplier-starter');
    expect((await api.state(a)).tier.code).toBe('supplier-starter');
    expect((await api.act(a.owner.headers, token, 'complete')).statusCode).toBe(200);
    expect((await api.state(a)).tier.code).toBe('supplier-growth');
    expect((await api.state(b)).tier.code).toBe('supplier-starter');
  });

  it('is for those who manage the account', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const token = await checkoutToken(a);
    const member = await createMember(t, a, ['Manage orders']);
    expectError(await api.page(member.headers, token), 403, { code: 'permission_denied' });
    expectError(await api.act(member.headers, token, 'complete'), 403, { code: 'permission_denied' });
  });

  it('refuses an action the page does not offer, leaving the page usable', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const token = await checkoutToken(a);
    expectError(await api.act(a.owner.headers, token, 'cancel_subscription'), 400, { code: 'invalid_choice', attr: 'action' });
    expectError(await api.act(a.owner.headers, token, 'refund'), 400, { attr: 'action' });
    expect((await api.act(a.owner.headers, token, 'complete')).statusCode).toBe(200);
  });

  it('shows the onboarding page (the organization), which has no actions here', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const { token } = await createProviderState(t.db, t.config.JWT_SECRET, {
      accountId: a.account.id,
      userId: a.owner.id,
      purpose: ONBOARDING,
      ttlMinutes: 30,
      now: new Date(),
    });
    const page = await api.page(a.owner.headers, token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ kind: 'onboarding', organization: `Org ${a.subdomain}`, tier: null, subscription: null });
    expectError(await api.act(a.owner.headers, token, 'complete'), 400, { attr: 'action' });
    const other = await createAccount(t, { plan: 'default' });
    expectError(await api.page(other.owner.headers, token), 404, { code: 'not_found' });
  });

  it('does not show states made for other purposes', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const { token } = await createProviderState(t.db, t.config.JWT_SECRET, {
      accountId: a.account.id,
      userId: a.owner.id,
      purpose: 'subscription_change',
      ttlMinutes: 30,
      now: new Date(),
    });
    expectError(await api.page(a.owner.headers, token), 404, { code: 'not_found' });
  });

  it('completes one checkout page once when it is answered many times at once', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const token = await checkoutToken(a);
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.act(a.owner.headers, token, 'complete')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404, 404]);
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, a.account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'test', status: 'active' });
    expect((await api.state(a)).tier.code).toBe('supplier-growth');
  });

  it('starts a new subscription only for a paid page: a second checkout while one runs changes its plan', async () => {
    const a = await createAccount(t, { plan: 'default' });
    const first = await checkoutToken(a, 'supplier-growth');
    const second = await checkoutToken(a, 'supplier-pro');
    expect((await api.act(a.owner.headers, first, 'complete')).statusCode).toBe(200);
    const [before] = await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, a.account.id));
    expect((await api.act(a.owner.headers, second, 'complete')).statusCode).toBe(200);
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, a.account.id));
    expect(after.externalSubscriptionId).toBe(before.externalSubscriptionId);
    expect((await api.state(a)).tier.code).toBe('supplier-pro');
  });
});

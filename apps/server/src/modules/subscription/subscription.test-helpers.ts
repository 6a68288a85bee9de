import { afterAll, beforeAll, expect } from 'vitest';
import { subscriptionTiers } from '../../db/schema/accounts.ts';
import { TEST_DOMAIN, type TestApp, useTestApp } from '../../test/app.ts';
import type { TestAccount } from '../../test/factories.ts';
import { addBilling } from '../../test/fake-stripe/billing.ts';
import { type FakeStripe, startFakeStripe, stripeConfig } from '../../test/fake-stripe/server.ts';

/** What the subscription tests share: the plans by code, the calls a browser makes. */

export const tierIds = async (t: TestApp) =>
  Object.fromEntries((await t.db.select().from(subscriptionTiers)).map((tier) => [tier.code, tier.id])) as Record<string, string>;

export const subscriptionApi = (t: TestApp) => {
  const api = {
    state: async (account: TestAccount, headers = account.owner.headers) => {
      const res = await t.app.inject({ url: '/api/subscription/', headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    change: (account: TestAccount, payload: Record<string, unknown>, headers = account.owner.headers) =>
      t.app.inject({ method: 'POST', url: '/api/subscription/', headers, payload }),
    manage: (account: TestAccount, headers = account.owner.headers) =>
      t.app.inject({ method: 'POST', url: '/api/subscription/manage/', headers, payload: {} }),
    page: (headers: Record<string, string>, token: string) =>
      t.app.inject({ url: `/api/test-mode/pages/${encodeURIComponent(token)}/`, headers }),
    act: (headers: Record<string, string>, token: string, action: string) =>
      t.app.inject({ method: 'POST', url: `/api/test-mode/pages/${encodeURIComponent(token)}/`, headers, payload: { action } }),
    /** The token at the end of a test-mode page URL (`/test-mode/<page>/<token>`). */
    tokenOf: (url: string, page: 'subscription-checkout' | 'billing-portal') => {
      const match = new RegExp(`^/test-mode/${page}/([^/?#]+)$`).exec(url);
      expect(match, url).not.toBeNull();
      return match?.[1] ?? '';
    },
    /** Test mode: asks for a paid plan, pays on the checkout page, and returns the page's answer. */
    subscribe: async (account: TestAccount, tierId: string) => {
      const res = await api.change(account, { tier_id: tierId });
      expect(res.statusCode, res.body).toBe(200);
      const token = api.tokenOf(res.json().url, 'subscription-checkout');
      const paid = await api.act(account.owner.headers, token, 'complete');
      expect(paid.statusCode, paid.body).toBe(200);
      return paid.json() as { url: string };
    },
    /** Status of a GET as this account's owner (a route gated by a plan feature). */
    statusOf: async (account: TestAccount, url: string) =>
      (await t.app.inject({ url, headers: account.owner.headers })).statusCode,
  };
  return api;
};

export const PLAN_DENIED = 'Your current subscription plan does not grant access to this feature!';

/**
 * A file's app in Stripe mode against its own fake Stripe server (billing resources added), and
 * webhook deliveries signed as Stripe signs them.
 */
export const useFakeBilling = () => {
  const holder = {} as { fake: FakeStripe };
  beforeAll(async () => {
    holder.fake = await startFakeStripe();
    addBilling(holder.fake);
  });
  afterAll(() => holder.fake?.close());
  const t = useTestApp(() => stripeConfig(holder.fake));
  const deliver = (event: Record<string, unknown>, options: { secret?: string } = {}) => {
    const { payload, header } = holder.fake.signedEvent(event, options);
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { host: TEST_DOMAIN, 'stripe-signature': header, 'content-type': 'application/json' },
      payload,
    });
  };
  /** Delivers `event`, expects it processed (not a duplicate), and lets the plan change reach the access cache. */
  const deliverOk = async (event: Record<string, unknown>) => {
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    await t.settled();
    return res.json() as { received: boolean; duplicate: boolean };
  };
  return {
    t,
    get fake() {
      return holder.fake;
    },
    deliver,
    deliverOk,
  };
};

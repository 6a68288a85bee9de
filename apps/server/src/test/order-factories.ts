import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cancellationPolicies, experiences } from '../db/schema/catalog.ts';
import { hostHeaders, type TestApp } from './app.ts';
import { type createSellableOffer, keyAt } from './availability-factories.ts';
import type { TestAccount } from './factories.ts';

type Offer = Awaited<ReturnType<typeof createSellableOffer>>;

/** The public API's hold request (Adults and Children of the offer's rate), answered as it is (a race counts its 409s). */
export const reserveRequest = (
  t: TestApp,
  account: TestAccount,
  offer: Offer,
  day: string,
  party: { adults: number; children?: number },
  line = 0,
  /** A webstore's slug: the store must sell the offer, its hold time applies. */
  store?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/1/reserve/',
    headers: hostHeaders(account.subdomain),
    payload: {
      ...(store ? { store } : {}),
      productId: offer.offer.id,
      availabilityId: keyAt(day, offer.startTimes[line].id),
      rateId: offer.rate.id,
      units: [
        { pricingCategoryId: offer.adult.id, quantity: party.adults },
        ...(party.children ? [{ pricingCategoryId: offer.child.id, quantity: party.children }] : []),
      ],
    },
  });

/** Holds places through the public API and answers the hold. */
export const reserveParty = async (...args: Parameters<typeof reserveRequest>) => {
  const res = await reserveRequest(...args);
  if (res.statusCode !== 201) throw new Error(`reserve failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; utcExpiresAt: string; price: { total: number } };
};

export const contact = () => ({
  first_name: 'Ada',
  last_name: `Lovelace ${randomUUID().slice(0, 6)}`,
  email: `ada-${randomUUID().slice(0, 8)}@example.test`,
});

/** Books a hold through the public API: the raw response. */
export const book = (t: TestApp, account: TestAccount, holdId: string, who = contact()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/1/book/',
    headers: hostHeaders(account.subdomain),
    payload: { holdId, contact: who },
  });

/** A confirmed order of one booking on `day` (through reserve and book); answers its detail. */
export const createOrder = async (
  t: TestApp,
  account: TestAccount,
  offer: Offer,
  day: string,
  party: { adults: number; children?: number } = { adults: 2, children: 1 },
) => {
  const hold = await reserveParty(t, account, offer, day, party);
  const res = await book(t, account, hold.id);
  if (res.statusCode !== 201) throw new Error(`book failed: ${res.statusCode} ${res.body}`);
  return res.json();
};

/** A cancellation policy used by the offer. */
export const usePolicy = async (
  t: TestApp,
  account: TestAccount,
  offer: Offer,
  tiers: { hours_before: number; refund_percent: number }[],
) => {
  const [policy] = await t.db
    .insert(cancellationPolicies)
    .values({ accountId: account.account.id, name: `Policy ${randomUUID().slice(0, 6)}`, tiers })
    .returning();
  await t.db.update(experiences).set({ cancellationPolicyId: policy.id }).where(eq(experiences.id, offer.offer.id));
  return policy;
};

/**
 * Requests as the account's owner (or the headers given): GET, POST, and a payment with a fresh
 * idempotency key. Reads the account when called, so it can be made before `useAccount` filled it.
 */
export const orderRequests = (t: TestApp, account: TestAccount) => {
  const get = (url: string, headers = account.owner.headers) => t.app.inject({ url, headers });
  const post = (url: string, payload: object = {}, headers = account.owner.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const pay = (orderId: string, body: object, headers = account.owner.headers) =>
    post(`/api/orders/${orderId}/payments/`, { idempotency_key: crypto.randomUUID(), ...body }, headers);
  return { get, post, pay };
};

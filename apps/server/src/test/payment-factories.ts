import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cardCheckouts } from '../db/schema/payments.ts';
import { upsertConnection } from '../modules/payments/connections.repository.ts';
import { connectTestMode } from '../modules/payments/provider-for.ts';
import { hostHeaders, type TestApp } from './app.ts';
import { createSellableOffer } from './availability-factories.ts';
import { createAccount } from './factories.ts';
import type { FakeStripe } from './fake-stripe/server.ts';
import { addToStore, createStore } from './store-factories.ts';
import { orderBody, placeOrder, reserveInStore } from './webstore-factories.ts';

/**
 * The organization takes card payments through the built-in test mode (as after Settings → Payment
 * providers → Connect in test mode): provider test, every flag on.
 */
export const connectTestProvider = (db: Executor, accountId: string) => connectTestMode(db, accountId, null);

/** The organization's Stripe (Connect) account `acct`; charges enabled unless told otherwise. */
export const connectStripeAccount = (db: Executor, accountId: string, acct: string, flags: { chargesEnabled?: boolean } = {}) =>
  upsertConnection(db, {
    accountId,
    provider: 'stripe',
    externalAccountId: acct,
    detailsSubmitted: true,
    chargesEnabled: flags.chargesEnabled ?? true,
    payoutsEnabled: flags.chargesEnabled ?? true,
  });

type Shop = Awaited<ReturnType<typeof stripeShop>>;

/**
 * An organization with a Stripe connection (`acct`), an Active store selling one offer (10 places at
 * 10:00, adults 40.00, children 20.00) — the webstore's visitors pay through Stripe Checkout.
 */
export const stripeShop = async (t: TestApp, options: { storeBody?: Record<string, unknown>; capacity?: number } = {}) => {
  const b = await createAccount(t);
  const acct = `acct_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await connectStripeAccount(t.db, b.account.id, acct);
  const store = await createStore(t, b, { name: 'Quay Store', ...options.storeBody });
  const offer = await createSellableOffer(t, b, {
    lines: [{ time: '10:00', capacity: options.capacity ?? 10 }],
    prices: { adult: 4000, child: 2000 },
  });
  await addToStore(t, b, store.id, [offer.offer.id]);
  return { b, store, offer, acct };
};

/** The visitor's checkout through Stripe: holds `adults`, orders, and answers the checkout opened. */
export const openCheckout = async (t: TestApp, shop: Pick<Shop, 'b' | 'store' | 'offer'>, day: string, adults = 2) => {
  const hold = await reserveInStore(t, shop.b, shop.store.slug, shop.offer, day, adults);
  const body = orderBody([hold.id], { payment_token: undefined });
  const res = await placeOrder(t, shop.b, body);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  const answer = res.json() as { session_id: string; checkout_url: string | null };
  const [checkout] = await t.db.select().from(cardCheckouts).where(eq(cardCheckouts.sessionId, answer.session_id));
  return { hold, body, answer, checkout, stripeSession: checkout.providerSessionId ?? '' };
};

/** A webhook delivery as Stripe makes it (signed with the fake's secret unless told otherwise). */
export const deliver = (
  t: TestApp,
  fake: FakeStripe,
  event: Record<string, unknown>,
  options: { secret?: string; timestamp?: number } = {},
) => {
  const { payload, header } = fake.signedEvent(event, options);
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook/',
    headers: { ...hostHeaders(null), 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
};

/** The visitor coming back from Stripe Checkout to the store's host. */
export const returnFromStripe = (t: TestApp, subdomain: string, checkoutId: string) =>
  t.app.inject({ url: `/api/stripe/return/?checkout=${checkoutId}`, headers: hostHeaders(subdomain) });

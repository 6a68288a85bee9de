import { randomUUID } from 'node:crypto';
import { hostHeaders, type TestApp } from './app.ts';
import { type createSellableOffer, keyAt } from './availability-factories.ts';
import type { TestAccount } from './factories.ts';

type Offer = Awaited<ReturnType<typeof createSellableOffer>>;

/** A visitor's hold in a store (through the public reserve with the store's slug). */
export const reserveInStore = async (
  t: TestApp,
  account: TestAccount,
  store: string,
  offer: Offer,
  day: string,
  adults: number,
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/1/reserve/',
    headers: hostHeaders(account.subdomain),
    payload: {
      store,
      productId: offer.offer.id,
      availabilityId: keyAt(day, offer.startTimes[0].id),
      rateId: offer.rate.id,
      units: [{ pricingCategoryId: offer.adult.id, quantity: adults }],
    },
  });
  if (res.statusCode !== 201) throw new Error(`reserve failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; utcExpiresAt: string; price: { total: number } };
};

/** The body of a webstore order for these holds (test card, terms accepted, a fresh key). */
export const orderBody = (holdIds: string[], extra: Record<string, unknown> = {}) => ({
  lines: holdIds.map((hold_id) => ({ hold_id })),
  contact: {
    first_name: 'Vera',
    last_name: 'Visitor',
    email: `vera-${randomUUID().slice(0, 8)}@example.test`,
    phone: '+49 30 1234',
  },
  terms_accepted: true,
  payment_token: 'tok_visa',
  idempotency_key: randomUUID(),
  ...extra,
});

export const placeOrder = (t: TestApp, account: TestAccount, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/webstores/order/', headers: hostHeaders(account.subdomain), payload: body });

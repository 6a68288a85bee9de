import { randomUUID } from 'node:crypto';
import { hostHeaders, type TestApp } from './app.ts';
import type { createSellableOffer } from './availability-factories.ts';
import type { TestAccount } from './factories.ts';
import { reserveParty } from './order-factories.ts';

type Offer = Awaited<ReturnType<typeof createSellableOffer>>;

/** A visitor's hold in a store (the public reserve with the store's slug): adults on the offer's first start. */
export const reserveInStore = (t: TestApp, account: TestAccount, store: string, offer: Offer, day: string, adults: number) =>
  reserveParty(t, account, offer, day, { adults }, 0, store);

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

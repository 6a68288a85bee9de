import { randomUUID } from 'node:crypto';
import { testModeProvider } from '../integrations/payments/payment-provider.ts';
import { cardProviderForTests } from '../modules/orders/payments.service.ts';
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

/**
 * The test-mode card provider, recording what it charged and refunded by idempotency key (a
 * repeated key is the same charge): `kept()` is what the provider still holds.
 */
export const providerLedger = () => {
  const charges = new Map<string, number>();
  const refunds = new Map<string, number>();
  cardProviderForTests.current = {
    ...testModeProvider,
    charge: async (input) => {
      charges.set(input.idempotencyKey, input.amountMinor);
      return testModeProvider.charge(input);
    },
    refund: async (input) => {
      refunds.set(input.idempotencyKey, input.amountMinor);
      return testModeProvider.refund(input);
    },
  };
  const sum = (m: Map<string, number>) => [...m.values()].reduce((s, v) => s + v, 0);
  return { kept: () => sum(charges) - sum(refunds), charges, refunds };
};

import { v7 as uuidv7 } from 'uuid';
import { baseUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import type { PlaceOrderInput } from '../orders/place-order.service.ts';
import {
  type CheckoutRow,
  insertCheckout,
  platformFeeBpOf,
  storeOfCheckout,
  updateCheckout,
} from './card-checkouts.repository.ts';
import { splitOf } from './split.ts';

/**
 * A webstore order paid through Stripe Checkout (the order's owner has a Stripe connection). The
 * visitor's validated order is kept in `card_checkouts` (one row per webstore session) and a hosted
 * Checkout Session is created on the platform as a destination charge: the money goes to the
 * owner's connected account less the application fee (the plan's platform fee, plus a resale's
 * commission, which is transferred on to the reseller once paid). Nothing is booked yet: the holds
 * become the order when the payment is confirmed (fulfilment.service.ts).
 */

/**
 * What the order will be once paid (PlaceOrderInput without the payment, which comes then), and
 * its total (the amount paid may be a deposit).
 */
export type CheckoutRequest = Omit<PlaceOrderInput, 'payment' | 'sessionId'> & { orderTotalMinor?: number };

/** Test-only: fail between the provider's answer and our commit (a retry must find the same session). */
export const checkoutTesting = { crashAfterCreate: false };

const unreachable = () =>
  new AppError(502, [
    {
      code: 'provider_unreachable',
      detail: 'The card payment page could not be opened. Nothing was charged: please try again.',
      attr: null,
    },
  ]);

type Deps = {
  db: Db;
  stripe: StripeClient;
  config: Pick<Config, 'APP_PROTOCOL' | 'APP_DOMAIN' | 'STRIPE_CHECKOUT_MINUTES'>;
  now: Date;
};

export const startCardCheckout = async (
  deps: Deps,
  input: {
    sessionId: string;
    storeAccountId: string;
    store: { id: string; name: string };
    owner: { accountId: string; externalAccountId: string };
    reseller: { accountId: string; externalAccountId: string; commissionMinor: number } | null;
    amountMinor: number;
    currency: string;
    request: CheckoutRequest;
  },
): Promise<{ checkout: CheckoutRow; url: string | null }> => {
  const { db } = deps;
  const feeBp = await platformFeeBpOf(db, input.owner.accountId);
  const split = splitOf({ amountMinor: input.amountMinor, feeBp, owner: input.owner, reseller: input.reseller });
  // One checkout per visitor attempt: a repeated request (same webstore session) finds this row.
  const checkout = await insertCheckout(db, {
    id: uuidv7(),
    accountId: input.owner.accountId,
    storeAccountId: input.storeAccountId,
    storeId: input.store.id,
    provider: 'stripe',
    sessionId: input.sessionId,
    request: input.request as unknown as Record<string, unknown>,
    amountMinor: input.amountMinor,
    currency: input.currency,
    split: split.parts,
  });
  if (!checkout) throw new Error('card checkout not written');
  return openCheckoutPage(deps, checkout, input.store.name);
};

/**
 * The checkout's Stripe page: the session already created (its URL while open), or created now —
 * again after a crash, with the same idempotency key (`checkout:{id}`), so Stripe answers the same
 * session.
 */
export const openCheckoutPage = async (
  deps: Deps,
  checkout: CheckoutRow,
  storeName: string,
): Promise<{ checkout: CheckoutRow; url: string | null }> => {
  const { db, stripe } = deps;
  if (checkout.status !== 'open') return { checkout, url: null };
  if (checkout.providerSessionId) {
    const session = await stripe.checkout.sessions.retrieve(checkout.providerSessionId).catch(() => null);
    if (!session) throw unreachable();
    return { checkout, url: session.status === 'open' ? session.url : null };
  }
  const applicationFee = (checkout.split as { role: string; amount: number }[])
    .filter((p) => p.role !== 'owner')
    .reduce((sum, p) => sum + p.amount, 0);
  const destination = (checkout.split as { role: string; external_account_id: string | null }[]).find(
    (p) => p.role === 'owner',
  )?.external_account_id;
  if (!destination) throw new Error(`card checkout ${checkout.id} has no destination account`);
  const place = await storeOfCheckout(db, checkout);
  const origin = baseUrl(deps.config as Config, place.subdomain);
  const metadata = { checkout_id: checkout.id, account_id: checkout.accountId, store_account_id: checkout.storeAccountId };
  const session = await stripe.checkout.sessions
    .create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: checkout.currency.toLowerCase(),
              unit_amount: checkout.amountMinor,
              product_data: { name: `${storeName}: your booking` },
            },
          },
        ],
        customer_email: (checkout.request as unknown as CheckoutRequest).contact?.email || undefined,
        payment_intent_data: {
          transfer_data: { destination },
          application_fee_amount: applicationFee,
          transfer_group: checkout.id,
          metadata,
        },
        metadata,
        client_reference_id: checkout.id,
        expires_at: Math.floor(deps.now.getTime() / 1000) + deps.config.STRIPE_CHECKOUT_MINUTES * 60,
        success_url: `${origin}/api/stripe/return/?checkout=${checkout.id}`,
        cancel_url: place.slug ? `${origin}/s/${place.slug}/checkout?payment=canceled` : `${origin}/s/`,
      },
      { idempotencyKey: `checkout:${checkout.id}` },
    )
    .catch(() => null);
  if (!session) throw unreachable();
  if (checkoutTesting.crashAfterCreate) throw new Error('Test crash between the provider and our commit');
  const saved = (await updateCheckout(db, checkout.id, { providerSessionId: session.id })) ?? checkout;
  return { checkout: saved, url: session.url };
};

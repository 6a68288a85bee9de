import Stripe from 'stripe';
import { AppError } from '../../http/app-error.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import { productIdOf } from './provider-subscription.ts';
import type { TierRow } from './subscription.repository.ts';

/**
 * The Stripe Billing calls of subscriptions (no database here). Every create carries an
 * idempotency key built from our own ids: the organization for its customer, the plan for its
 * product, the recorded operation (a provider state's id) for checkouts, plan changes and portal
 * sessions, the subscription for its cancellation.
 */

const failed = () =>
  new AppError(502, [
    {
      code: 'provider_failed',
      detail: 'The billing provider did not answer as expected: nothing changed. Try again in a moment.',
      attr: null,
    },
  ]);

/** A Stripe call; a Stripe failure becomes a 502 the client can show (details go to the log). */
const call = async <T>(work: () => Promise<T>, log: (error: unknown) => void): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log(error);
    throw failed();
  }
};

const alreadyExists = (error: unknown) => error instanceof Stripe.errors.StripeError && error.code === 'resource_already_exists';

const priceData = (tier: TierRow) => ({
  currency: tier.currency.toLowerCase(),
  product: productIdOf(tier.code),
  unit_amount: tier.priceMinor,
  recurring: { interval: tier.interval },
});

export const stripeBilling = (stripe: StripeClient, log: (error: unknown) => void) => {
  /** The plan's product, created once under its fixed id ("already exists" is fine). */
  const ensureProduct = async (tier: TierRow) =>
    call(async () => {
      try {
        await stripe.products.create(
          { id: productIdOf(tier.code), name: `Excursio ${tier.name}`, metadata: { tier_code: tier.code } },
          { idempotencyKey: `excursio-product-${tier.code}` },
        );
      } catch (error) {
        if (!alreadyExists(error)) throw error;
      }
    }, log);

  return {
    /** The organization's customer: created once per organization (the key is the organization's id). */
    createCustomer: (account: { id: string; name: string; email: string | null }) =>
      call(
        async () =>
          (
            await stripe.customers.create(
              { name: account.name, ...(account.email ? { email: account.email } : {}), metadata: { account_id: account.id } },
              { idempotencyKey: `excursio-customer-${account.id}` },
            )
          ).id,
        log,
      ),

    /** A hosted checkout for a new subscription to `tier`; its URL. */
    createCheckout: async (input: {
      operationId: string;
      customer: string;
      accountId: string;
      tier: TierRow;
      successUrl: string;
      cancelUrl: string;
      expiresAt: Date;
    }) => {
      await ensureProduct(input.tier);
      const metadata = { account_id: input.accountId, tier_id: input.tier.id };
      const session = await call(
        () =>
          stripe.checkout.sessions.create(
            {
              mode: 'subscription',
              customer: input.customer,
              client_reference_id: input.accountId,
              line_items: [{ quantity: 1, price_data: priceData(input.tier) }],
              metadata,
              subscription_data: { metadata },
              success_url: input.successUrl,
              cancel_url: input.cancelUrl,
              expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            },
            { idempotencyKey: `excursio-subscription-checkout-${input.operationId}` },
          ),
        log,
      );
      if (!session.url) throw failed();
      return session.url;
    },

    /**
     * Moves a running subscription to another plan's price, prorated and invoiced now. Pending
     * until paid (`pending_if_incomplete`): the answer shows the new price only once it is paid.
     * Answers the subscription as Stripe has it after the call.
     */
    changePlan: async (input: { operationId: string; subscriptionId: string; tier: TierRow }) => {
      await ensureProduct(input.tier);
      return call(async () => {
        const current = await stripe.subscriptions.retrieve(input.subscriptionId);
        const item = current.items.data[0];
        if (!item) throw failed();
        return stripe.subscriptions.update(
          input.subscriptionId,
          {
            items: [{ id: item.id, price_data: priceData(input.tier), quantity: 1 }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'pending_if_incomplete',
          },
          { idempotencyKey: `excursio-subscription-change-${input.operationId}` },
        );
      }, log);
    },

    /** Ends a subscription now; answers it as Stripe has it after the call (canceled). */
    cancel: (subscriptionId: string) =>
      call(
        () =>
          stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `excursio-subscription-cancel-${subscriptionId}` }),
        log,
      ),

    /** A billing portal session of the customer; its URL. */
    portal: (input: { operationId: string; customer: string; returnUrl: string }) =>
      call(
        async () =>
          (
            await stripe.billingPortal.sessions.create(
              { customer: input.customer, return_url: input.returnUrl },
              { idempotencyKey: `excursio-billing-portal-${input.operationId}` },
            )
          ).url,
        log,
      ),

    /** A fresh read of a subscription (webhook handlers act on this, not on the event's copy). */
    retrieve: (subscriptionId: string) => stripe.subscriptions.retrieve(subscriptionId),
  };
};
export type StripeBilling = ReturnType<typeof stripeBilling>;

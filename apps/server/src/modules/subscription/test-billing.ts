import type { WebhookReceiver } from '../payments/webhooks.service.ts';
import { productIdOf } from './provider-subscription.ts';
import type { TierRow } from './subscription.repository.ts';

/**
 * The built-in test mode's billing provider: no network. It builds subscription objects of
 * Stripe's shape and delivers them as signed events through the webhook receiver, so the very
 * handlers a Stripe delivery reaches set the plan (the test mode's events are taken as the truth).
 */

export type TestSubscriptionInput = {
  id: string;
  customer: string;
  accountId: string;
  tier: TierRow;
  status: 'active' | 'past_due' | 'canceled';
  periodEnd: Date;
  now: Date;
};

const compact = (id: string) => id.replaceAll('-', '');
export const testCustomerId = (accountId: string) => `cus_test_${compact(accountId)}`;
/** A test subscription's id, from the checkout operation that started it. */
export const testSubscriptionId = (operationId: string) => `sub_test_${compact(operationId)}`;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The end of the period that starts now: a month or a year later. */
export const periodEndFrom = (now: Date, interval: 'month' | 'year') => {
  const end = new Date(now);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
};

export const testSubscriptionObject = (input: TestSubscriptionInput) => ({
  id: input.id,
  object: 'subscription',
  customer: input.customer,
  status: input.status,
  livemode: false,
  created: seconds(input.now),
  cancel_at_period_end: false,
  ...(input.status === 'canceled' ? { canceled_at: seconds(input.now), ended_at: seconds(input.now) } : {}),
  metadata: { account_id: input.accountId, tier_id: input.tier.id, test_mode: 'true' },
  items: {
    object: 'list',
    data: [
      {
        id: `si_${input.id.slice(4)}`,
        object: 'subscription_item',
        quantity: 1,
        current_period_end: seconds(input.periodEnd),
        price: {
          id: `price_test_${input.tier.code}`,
          object: 'price',
          product: productIdOf(input.tier.code),
          unit_amount: input.tier.priceMinor,
          currency: input.tier.currency.toLowerCase(),
          recurring: { interval: input.tier.interval },
        },
      },
    ],
  },
});

export const testBilling = (webhooks: WebhookReceiver) => ({
  /** A paid test checkout: the session completed, then the subscription created (both delivered). */
  started: async (operationId: string, input: TestSubscriptionInput) => {
    const subscription = testSubscriptionObject(input);
    await webhooks.deliverTestEvent('checkout.session.completed', {
      id: `cs_test_${compact(operationId)}`,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer: input.customer,
      client_reference_id: input.accountId,
      metadata: { account_id: input.accountId, tier_id: input.tier.id },
      // Expanded: the test mode has nothing to re-read it from.
      subscription,
    });
    await webhooks.deliverTestEvent('customer.subscription.created', subscription);
  },
  /** The subscription changed (another plan, or a failed payment: past due). */
  updated: (input: TestSubscriptionInput) =>
    webhooks.deliverTestEvent('customer.subscription.updated', testSubscriptionObject(input)),
  /** The subscription ended. */
  deleted: (input: Omit<TestSubscriptionInput, 'status'>) =>
    webhooks.deliverTestEvent('customer.subscription.deleted', testSubscriptionObject({ ...input, status: 'canceled' })),
});

import { baseUrl } from '../../config.ts';
import type { AppContext } from '../../http/types.ts';
import { createProviderState } from '../payments/provider-states.ts';
import { readSubscription } from './provider-subscription.ts';
import { withOutcome } from './return-paths.ts';
import { stripeBilling } from './stripe-billing.ts';
import { type AccountPlan, recordCustomer, type SubscriptionRow, type TierRow } from './subscription.repository.ts';
import { type Caller, liveSubscription, PURPOSE, syncDepsOf } from './subscription-rows.ts';
import { syncSubscription } from './subscription-sync.service.ts';

/**
 * Subscriptions with Stripe Billing (PAYMENT_PROVIDER=stripe). What Stripe answers to a change or a
 * cancellation is a fresh read of the subscription: the plan is synced with it at once, and the
 * webhooks that follow confirm it (or move it on).
 */

const billingOf = (ctx: AppContext, who: Caller) => {
  if (!ctx.stripe) throw new Error('PAYMENT_PROVIDER=stripe without a Stripe client');
  return stripeBilling(ctx.stripe, who.log);
};

/** The change, and the URL to pay at (null when it was done at once). */
export const changeAtStripe = async (
  ctx: AppContext,
  change: { who: Caller; account: AccountPlan; tier: TierRow; row: SubscriptionRow | null; returnPath: string },
): Promise<string | null> => {
  const { who, account, tier, row, returnPath } = change;
  const billing = billingOf(ctx, who);
  const live = liveSubscription(row);
  const now = ctx.clock();
  const sync = async (object: unknown) => {
    const sub = readSubscription(object);
    if (sub) await syncSubscription(syncDepsOf(ctx), sub, ctx.clock());
  };

  if (live && tier.priceMinor === 0) {
    await sync(await billing.cancel(live.externalSubscriptionId));
    return null;
  }
  if (live) {
    const operation = await createProviderState(ctx.db, ctx.config.JWT_SECRET, {
      accountId: account.id,
      userId: who.userId,
      purpose: PURPOSE.change,
      data: { tier_id: tier.id, subscription: live.externalSubscriptionId },
      ttlMinutes: 60,
      now,
    });
    await sync(await billing.changePlan({ operationId: operation.row.id, subscriptionId: live.externalSubscriptionId, tier }));
    return null;
  }
  if (tier.priceMinor === 0) return null;

  const customer =
    row?.externalCustomerId ??
    (await recordCustomer(
      ctx.db,
      account.id,
      'stripe',
      await billing.createCustomer({ id: account.id, name: account.name, email: account.billingEmail || null }),
    ));
  const operation = await createProviderState(ctx.db, ctx.config.JWT_SECRET, {
    accountId: account.id,
    userId: who.userId,
    purpose: PURPOSE.checkout,
    data: { tier_id: tier.id, return_path: returnPath },
    ttlMinutes: ctx.config.STRIPE_CHECKOUT_MINUTES,
    now,
  });
  const origin = baseUrl(ctx.config, account.subdomain);
  return billing.createCheckout({
    operationId: operation.row.id,
    customer,
    accountId: account.id,
    tier,
    successUrl: origin + withOutcome(returnPath, 'success'),
    cancelUrl: origin + withOutcome(returnPath, 'canceled'),
    // A minute beyond the configured time: Stripe refuses less than 30 minutes by its own clock.
    expiresAt: new Date(now.getTime() + (ctx.config.STRIPE_CHECKOUT_MINUTES + 1) * 60_000),
  });
};

/** A billing portal session of the organization's customer, returning to the plans page. */
export const portalAtStripe = async (
  ctx: AppContext,
  who: Caller,
  input: { operationId: string; customer: string; returnPath: string; subdomain: string },
) =>
  billingOf(ctx, who).portal({
    operationId: input.operationId,
    customer: input.customer,
    returnUrl: baseUrl(ctx.config, input.subdomain) + input.returnPath,
  });

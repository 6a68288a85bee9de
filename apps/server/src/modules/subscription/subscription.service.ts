import type { SubscriptionChangeAnswer, SubscriptionChangeInput, SubscriptionState } from '@excursio/contract/payments';
import { invalid, refusedByState } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { toTier } from '../accounts/reference.service.ts';
import { createProviderState } from '../payments/provider-states.ts';
import { checkedReturnPath, plansPathOf } from './return-paths.ts';
import { type AccountPlan, setAccountTier, tierById } from './subscription.repository.ts';
import { accountOrNotFound, type Caller, currentSubscription, liveSubscription, PURPOSE } from './subscription-rows.ts';
import { changeAtStripe, portalAtStripe } from './subscription-stripe.service.ts';
import { testModeSubscriptions } from './subscription-test-mode.service.ts';

/**
 * The organization's plan: what it is (`GET /api/subscription/`), changing it (`POST`), and the
 * provider's billing portal (`POST /api/subscription/manage/`). A paid plan without a running
 * subscription is paid for on the provider's hosted checkout first; a running subscription moves
 * to another paid plan at once (prorated), or is canceled for the free plan. The plan itself
 * always follows the provider's word (`syncSubscription`): the answers of its API, its webhooks.
 */

export const subscriptionStateOf = async (ctx: AppContext, accountId: string): Promise<SubscriptionState> => {
  const provider = ctx.config.PAYMENT_PROVIDER;
  const account = await accountOrNotFound(ctx, accountId);
  const tier = account.tierId ? await tierById(ctx.db, account.tierId) : null;
  const row = await currentSubscription(ctx, accountId);
  const subscribed = row?.externalSubscriptionId ? row : null;
  return {
    provider,
    test_mode: provider === 'test',
    tier: tier ? toTier(tier) : null,
    status: subscribed?.status ?? null,
    current_period_end: subscribed?.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: subscribed?.cancelAtPeriodEnd ?? false,
    grace_until: subscribed?.graceUntil?.toISOString() ?? null,
    can_manage: Boolean(row?.externalCustomerId),
  };
};

/** A plan as the wire shows it; null when unknown. */
export const tierWireOf = async (ctx: AppContext, tierId: string) => {
  const tier = await tierById(ctx.db, tierId);
  return tier ? toTier(tier) : null;
};

const ACCOUNT_TYPE_WORDS = {
  supplier: { plural: 'suppliers', one: 'a supplier' },
  affiliate: { plural: 'affiliates', one: 'an affiliate' },
} as const;

/** The tier asked for, when it is one this organization can take. */
const requestedTier = async (ctx: AppContext, account: AccountPlan, tierId: string) => {
  const tier = await tierById(ctx.db, tierId);
  if (!tier) throw invalid('tier_id', 'This plan does not exist.', 'unknown_tier');
  if (tier.accountType !== account.type) {
    throw invalid(
      'tier_id',
      `This plan is for ${ACCOUNT_TYPE_WORDS[tier.accountType].plural}; your organization is ${ACCOUNT_TYPE_WORDS[account.type].one}. Choose one of the ${account.type} plans.`,
      'wrong_account_type',
    );
  }
  return tier;
};

export const changeSubscription = async (
  ctx: AppContext,
  who: Caller,
  input: SubscriptionChangeInput,
): Promise<SubscriptionChangeAnswer> => {
  const account = await accountOrNotFound(ctx, who.accountId);
  const tier = await requestedTier(ctx, account, input.tier_id);
  const returnPath = input.return_path === undefined ? plansPathOf(account.type) : checkedReturnPath(input.return_path);
  const row = await currentSubscription(ctx, account.id);
  // On the free plan with a subscription still running (its grace ended): choosing the free plan ends it.
  if (tier.id === account.tierId && !(tier.priceMinor === 0 && liveSubscription(row))) {
    throw refusedByState('already_on_plan', 'Your organization is already on this plan.', 'tier_id');
  }
  const change = { who, account, tier, row, returnPath };
  const url =
    ctx.config.PAYMENT_PROVIDER === 'test' ? await testModeSubscriptions(ctx).change(change) : await changeAtStripe(ctx, change);
  // A free plan applies at once (nothing to pay; a running subscription was ended above).
  if (tier.priceMinor === 0) await setAccountTier(ctx.db, account.id, tier.id);
  return { url, subscription: await subscriptionStateOf(ctx, account.id) };
};

export const openBillingPortal = async (ctx: AppContext, who: Caller): Promise<{ url: string }> => {
  const account = await accountOrNotFound(ctx, who.accountId);
  const row = await currentSubscription(ctx, account.id);
  if (!row?.externalCustomerId) {
    throw refusedByState(
      'nothing_to_manage',
      'Your organization has no paid subscription to manage yet: choose a paid plan first.',
    );
  }
  const portal = await createProviderState(ctx.db, ctx.config.JWT_SECRET, {
    accountId: account.id,
    userId: who.userId,
    purpose: PURPOSE.portal,
    ttlMinutes: ctx.config.STRIPE_CHECKOUT_MINUTES,
    now: ctx.clock(),
  });
  if (ctx.config.PAYMENT_PROVIDER === 'test') return { url: `/test-mode/billing-portal/${portal.token}` };
  const url = await portalAtStripe(ctx, who, {
    operationId: portal.row.id,
    customer: row.externalCustomerId,
    returnPath: plansPathOf(account.type),
    subdomain: account.subdomain,
  });
  return { url };
};

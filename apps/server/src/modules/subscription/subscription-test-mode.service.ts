import { invalid, refusedByState } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { createProviderState } from '../payments/provider-states.ts';
import type { AccountPlan, SubscriptionRow, TierRow } from './subscription.repository.ts';
import { tierById } from './subscription.repository.ts';
import {
  accountOrNotFound,
  type Caller,
  currentSubscription,
  type LiveSubscription,
  liveSubscription,
  PURPOSE,
  tierOfSubscription,
} from './subscription-rows.ts';
import { periodEndFrom, type TestSubscriptionInput, testBilling, testCustomerId, testSubscriptionId } from './test-billing.ts';

/**
 * Subscriptions in the built-in test mode (PAYMENT_PROVIDER=test): no network, no money. Paying
 * for a plan happens on the test mode's checkout page (`/test-mode/subscription-checkout/{token}`),
 * managing it on its billing portal page; what they do is delivered as signed test events through
 * the webhook receiver, so the same handlers as with Stripe set the plan.
 */

const noSubscription = () =>
  refusedByState('no_subscription', 'Your organization has no running subscription: choose a paid plan first.');

export const testModeSubscriptions = (ctx: AppContext) => {
  const billing = testBilling(ctx.webhooks);

  /** The running test subscription as an object to deliver (the tier it is for, or a new one). */
  const objectOf = (
    account: AccountPlan,
    live: LiveSubscription,
    tier: TierRow,
    status: TestSubscriptionInput['status'],
  ): TestSubscriptionInput => {
    const now = ctx.clock();
    return {
      id: live.externalSubscriptionId,
      customer: live.externalCustomerId ?? testCustomerId(account.id),
      accountId: account.id,
      tier,
      status,
      periodEnd: live.currentPeriodEnd && live.currentPeriodEnd > now ? live.currentPeriodEnd : periodEndFrom(now, tier.interval),
      now,
    };
  };

  const runningOf = async (accountId: string) => {
    const account = await accountOrNotFound(ctx, accountId);
    const live = liveSubscription(await currentSubscription(ctx, accountId));
    if (!live) throw noSubscription();
    const tier = await tierOfSubscription(ctx, live, account.tierId);
    if (!tier) throw noSubscription();
    return { account, live, tier };
  };

  return {
    /**
     * POST /api/subscription/ in test mode: a running subscription changes plan (or ends, for the
     * free plan) at once; otherwise a paid plan is paid for on the checkout page (its URL).
     */
    change: async (change: {
      who: Caller;
      account: AccountPlan;
      tier: TierRow;
      row: SubscriptionRow | null;
      returnPath: string;
    }): Promise<string | null> => {
      const { who, account, tier } = change;
      const live = liveSubscription(change.row);
      if (live && tier.priceMinor === 0) {
        const current = (await tierOfSubscription(ctx, live, account.tierId)) ?? tier;
        await billing.deleted(objectOf(account, live, current, 'canceled'));
        return null;
      }
      if (live) {
        await billing.updated(objectOf(account, live, tier, 'active'));
        return null;
      }
      if (tier.priceMinor === 0) return null;
      const checkout = await createProviderState(ctx.db, ctx.config.JWT_SECRET, {
        accountId: account.id,
        userId: who.userId,
        purpose: PURPOSE.checkout,
        data: { tier_id: tier.id, return_path: change.returnPath },
        ttlMinutes: ctx.config.STRIPE_CHECKOUT_MINUTES,
        now: ctx.clock(),
      });
      return `/test-mode/subscription-checkout/${checkout.token}`;
    },

    /** The test checkout `operationId` was paid: the subscription starts (or the running one changes plan). */
    completeCheckout: async (accountId: string, operationId: string, tierId: string) => {
      const account = await accountOrNotFound(ctx, accountId);
      const tier = await tierById(ctx.db, tierId);
      if (!tier || tier.accountType !== account.type || tier.priceMinor === 0) {
        throw invalid('action', 'This checkout is for a plan that can no longer be bought here.', 'unknown_tier');
      }
      const live = liveSubscription(await currentSubscription(ctx, accountId));
      if (live) {
        await billing.updated(objectOf(account, live, tier, 'active'));
        return;
      }
      const now = ctx.clock();
      await billing.started(operationId, {
        id: testSubscriptionId(operationId),
        customer: testCustomerId(account.id),
        accountId: account.id,
        tier,
        status: 'active',
        periodEnd: periodEndFrom(now, tier.interval),
        now,
      });
    },

    /** Fails with 409 `no_subscription` unless a test subscription runs. */
    assertRunning: async (accountId: string) => {
      await runningOf(accountId);
    },

    /** The billing portal's "Cancel subscription": it ends now, the free plan applies. */
    cancel: async (accountId: string) => {
      const { account, live, tier } = await runningOf(accountId);
      await billing.deleted(objectOf(account, live, tier, 'canceled'));
    },

    /** The billing portal's "Simulate a failed payment": past due, the plan kept through the grace period. */
    failPayment: async (accountId: string) => {
      const { account, live, tier } = await runningOf(accountId);
      await billing.updated(objectOf(account, live, tier, 'past_due'));
    },
  };
};

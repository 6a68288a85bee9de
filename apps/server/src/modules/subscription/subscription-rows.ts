import { notFound } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { isLive } from './provider-subscription.ts';
import { accountPlanOf, type SubscriptionRow, subscriptionOf, tierById } from './subscription.repository.ts';
import type { SyncDeps } from './subscription-sync.service.ts';

/** What the subscription services share: the organization, its subscription row, the sync's settings. */

/** Provider states that record an operation (their id is the operation's idempotency key). */
export const PURPOSE = {
  checkout: 'subscription_checkout',
  portal: 'billing_portal',
  change: 'subscription_change',
} as const;

/** Who asks, and where the provider's failures are logged. */
export type Caller = { accountId: string; userId: string; log: (error: unknown) => void };

/** The row of the configured provider (a row left by the other one counts as none). */
export const currentSubscription = async (ctx: AppContext, accountId: string) => {
  const row = await subscriptionOf(ctx.db, accountId);
  return row && row.provider === ctx.config.PAYMENT_PROVIDER ? row : null;
};

/** The subscription when it still runs at the provider (it bills; it can change plan). */
export const liveSubscription = (row: SubscriptionRow | null) =>
  row?.externalSubscriptionId && isLive(row.status) ? { ...row, externalSubscriptionId: row.externalSubscriptionId } : null;
export type LiveSubscription = NonNullable<ReturnType<typeof liveSubscription>>;

export const accountOrNotFound = async (ctx: AppContext, accountId: string) => {
  const account = await accountPlanOf(ctx.db, accountId);
  if (!account) throw notFound('This organization does not exist.');
  return account;
};

/** The tier a subscription row is for, else the organization's current one. */
export const tierOfSubscription = async (ctx: AppContext, row: SubscriptionRow, accountTierId: string | null) => {
  const tierId = row.tierId ?? accountTierId;
  return tierId ? tierById(ctx.db, tierId) : null;
};

export const syncDepsOf = (ctx: AppContext): SyncDeps => ({
  db: ctx.db,
  provider: ctx.config.PAYMENT_PROVIDER,
  graceDays: ctx.config.SUBSCRIPTION_GRACE_DAYS,
});

import type { Db } from '../../db/client.ts';
import { isLive, type ProviderSubscription, planEffectOf, storedStatusOf } from './provider-subscription.ts';
import {
  accountExists,
  accountOfExternal,
  accountPlanOf,
  ensureSubscriptionInTx,
  freeTierOf,
  graceEndedBy,
  lockSubscriptionInTx,
  setAccountTier,
  tierByCode,
  tierById,
  updateSubscriptionInTx,
} from './subscription.repository.ts';

/**
 * The organization's plan follows the billing provider's word. `syncSubscription` takes a fresh
 * read of a provider subscription (the webhook handlers re-read it; the test mode's own events are
 * the truth) and brings the `subscriptions` row and the plan (`base_accounts.subscription_tier_id`,
 * whose change the database announces to the access cache) in line with it:
 * active/trialing → the subscription's tier; past due → the tier kept until `grace_until` (set once,
 * SUBSCRIPTION_GRACE_DAYS after the first past-due word), then the free tier; canceled, unpaid,
 * expired → the free tier of the account type; incomplete → nothing yet. Applying the same state
 * twice changes nothing; a late word about an older, ended subscription is ignored while a newer one runs.
 * A new live subscription replacing a live one answers the older one as `replaced`.
 */

export type SyncDeps = { db: Db; provider: 'test' | 'stripe'; graceDays: number };
export type SyncOutcome =
  | { kind: 'unknown_account' }
  | { kind: 'stale'; accountId: string }
  /**
   * `replaced`: another live subscription the organization had until this one (two checkouts paid
   * close together): the caller cancels it at the provider, or it would go on billing.
   */
  | { kind: 'applied'; accountId: string; planChanged: boolean; replaced: string | null };

const DAY_MS = 86_400_000;

const accountOf = async (deps: SyncDeps, sub: ProviderSubscription) => {
  const recorded = await accountOfExternal(deps.db, deps.provider, { subscriptionId: sub.id, customerId: sub.customer });
  if (recorded) return recorded;
  // Our own metadata (written on the checkout): the first word about a subscription may come before
  // anything else was recorded, e.g. a customer created by an earlier installation.
  const claimed = sub.metadataAccountId;
  return claimed && /^[0-9a-f-]{36}$/.test(claimed) && (await accountExists(deps.db, claimed)) ? claimed : null;
};

export const syncSubscription = async (deps: SyncDeps, sub: ProviderSubscription, now: Date): Promise<SyncOutcome> => {
  const accountId = await accountOf(deps, sub);
  if (!accountId) return { kind: 'unknown_account' };
  return deps.db.transaction(async (tx): Promise<SyncOutcome> => {
    const account = await accountPlanOf(tx, accountId);
    if (!account) return { kind: 'unknown_account' };
    const row = await ensureSubscriptionInTx(tx, accountId, deps.provider);
    const tracked = row.provider === deps.provider ? row.externalSubscriptionId : null;
    if (tracked && tracked !== sub.id && isLive(row.status) && !isLive(sub.status)) return { kind: 'stale', accountId };

    let tier = sub.tierCode ? await tierByCode(tx, sub.tierCode) : null;
    if (!tier && sub.metadataTierId && /^[0-9a-f-]{36}$/.test(sub.metadataTierId)) tier = await tierById(tx, sub.metadataTierId);
    if (tier && tier.accountType !== account.type) tier = null;

    const effect = planEffectOf(sub.status);
    const sameSubscription = tracked === sub.id;
    const replaced = tracked && !sameSubscription && isLive(row.status) && isLive(sub.status) ? tracked : null;
    const graceUntil =
      effect !== 'grace'
        ? null
        : sameSubscription && row.status === 'past_due' && row.graceUntil
          ? row.graceUntil
          : new Date(now.getTime() + deps.graceDays * DAY_MS);
    await updateSubscriptionInTx(tx, row.id, {
      provider: deps.provider,
      externalCustomerId: sub.customer,
      externalSubscriptionId: sub.id,
      tierId: tier?.id ?? (sameSubscription ? row.tierId : null),
      status: storedStatusOf(sub.status),
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      graceUntil,
    });

    const inGrace = effect === 'grace' && graceUntil !== null && graceUntil > now;
    let target: string | null = null;
    if (effect === 'paid' || inGrace) target = tier?.id ?? null;
    else if (effect === 'grace' || effect === 'free') target = (await freeTierOf(tx, account.type)).id;
    const planChanged = target ? await setAccountTier(tx, accountId, target) : false;
    return { kind: 'applied', accountId, planChanged, replaced };
  });
};

/**
 * The grace sweep: organizations past due beyond their grace period get the free tier's features.
 * Each is re-checked behind its subscription's lock, so a payment that arrived meanwhile wins.
 * Returns the organizations whose plan changed.
 */
export const expireGracePeriods = async (db: Db, now: Date): Promise<string[]> => {
  const changed: string[] = [];
  for (const candidate of await graceEndedBy(db, now)) {
    const moved = await db.transaction(async (tx) => {
      const row = await lockSubscriptionInTx(tx, candidate.accountId);
      if (row?.status !== 'past_due' || !row.graceUntil || row.graceUntil > now) return false;
      return setAccountTier(tx, candidate.accountId, (await freeTierOf(tx, candidate.type)).id);
    });
    if (moved) changed.push(candidate.accountId);
  }
  return changed;
};

import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { baseAccounts, subscriptionTiers } from '../../db/schema/accounts.ts';
import { subscriptions } from '../../db/schema/payments.ts';
import { DEFAULT_TIER } from '../../db/seed/catalog.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type TierRow = typeof subscriptionTiers.$inferSelect;
type Provider = SubscriptionRow['provider'];

/** The organization with its current plan (the tier that decides its features). */
export const accountPlanOf = async (db: Executor, accountId: string) => {
  const [row] = await db
    .select({
      id: baseAccounts.id,
      name: baseAccounts.name,
      type: baseAccounts.type,
      subdomain: baseAccounts.subdomain,
      billingEmail: sql<string>`${baseAccounts.billingInfo} ->> 'billing_email'`,
      tierId: baseAccounts.subscriptionTierId,
    })
    .from(baseAccounts)
    .where(eq(baseAccounts.id, accountId));
  return row ?? null;
};
export type AccountPlan = NonNullable<Awaited<ReturnType<typeof accountPlanOf>>>;

export const tierById = async (db: Executor, tierId: string): Promise<TierRow | null> =>
  (await db.select().from(subscriptionTiers).where(eq(subscriptionTiers.id, tierId)))[0] ?? null;

export const tierByCode = async (db: Executor, code: string): Promise<TierRow | null> =>
  (await db.select().from(subscriptionTiers).where(eq(subscriptionTiers.code, code)))[0] ?? null;

/** The free plan of an account type: what an organization falls back to without a paid subscription. */
export const freeTierOf = async (db: Executor, type: 'supplier' | 'affiliate') => {
  const tier = await tierByCode(db, DEFAULT_TIER[type]);
  if (!tier) throw new Error(`The free plan ${DEFAULT_TIER[type]} is not seeded.`);
  return tier;
};

/**
 * Sets the organization's plan; true when it changed. Unchanged plans are not written: every write
 * of an account row announces an access change (the database's triggers drop cached callers).
 */
export const setAccountTier = async (db: Executor, accountId: string, tierId: string) =>
  (
    await db
      .update(baseAccounts)
      .set({ subscriptionTierId: tierId })
      .where(and(eq(baseAccounts.id, accountId), sql`${baseAccounts.subscriptionTierId} is distinct from ${tierId}`))
      .returning({ id: baseAccounts.id })
  ).length > 0;

export const subscriptionOf = async (db: Executor, accountId: string): Promise<SubscriptionRow | null> =>
  (await db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)))[0] ?? null;

const insertIfMissing = (tx: Executor, accountId: string, provider: Provider) =>
  tx
    .insert(subscriptions)
    .values({ accountId, provider, status: 'incomplete' })
    .onConflictDoNothing({ target: subscriptions.accountId });

/** The organization's subscription row, locked until the transaction ends; null when it has none. */
export const lockSubscriptionInTx = async (tx: Executor, accountId: string): Promise<SubscriptionRow | null> =>
  (await tx.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).for('update'))[0] ?? null;

/** The organization's subscription row, created first if missing, locked until the transaction ends. */
export const ensureSubscriptionInTx = async (tx: Executor, accountId: string, provider: Provider) => {
  await insertIfMissing(tx, accountId, provider);
  const row = await lockSubscriptionInTx(tx, accountId);
  if (!row) throw new Error('The subscription row just ensured is missing.');
  return row;
};

/** The account a provider subscription or customer belongs to, by what we recorded. */
export const accountOfExternal = async (
  db: Executor,
  provider: Provider,
  refs: { subscriptionId: string; customerId: string },
): Promise<string | null> => {
  const bySubscription = await db
    .select({ accountId: subscriptions.accountId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.externalSubscriptionId, refs.subscriptionId)));
  if (bySubscription[0]) return bySubscription[0].accountId;
  const byCustomer = await db
    .select({ accountId: subscriptions.accountId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.externalCustomerId, refs.customerId)));
  return byCustomer[0]?.accountId ?? null;
};

export const accountExists = async (db: Executor, accountId: string) =>
  (await db.select({ id: baseAccounts.id }).from(baseAccounts).where(eq(baseAccounts.id, accountId))).length > 0;

export const updateSubscriptionInTx = async (
  tx: Executor,
  id: string,
  values: Partial<Omit<SubscriptionRow, 'id' | 'accountId' | 'createdAt' | 'updatedAt'>>,
) => (await tx.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning())[0];

/**
 * Records the provider's customer of an organization (kept once known: a customer is created once
 * per organization). A row of the other provider (the installation switched) starts over.
 */
export const recordCustomer = async (db: Db, accountId: string, provider: Provider, customerId: string) =>
  db.transaction(async (tx) => {
    const row = await ensureSubscriptionInTx(tx, accountId, provider);
    if (row.provider === provider && row.externalCustomerId) return row.externalCustomerId;
    const fresh =
      row.provider === provider
        ? { externalCustomerId: customerId }
        : {
            provider,
            externalCustomerId: customerId,
            externalSubscriptionId: null,
            tierId: null,
            status: 'incomplete' as const,
            currentPeriodEnd: null,
            cancelAtPeriodEnd: false,
            graceUntil: null,
          };
    await updateSubscriptionInTx(tx, row.id, fresh);
    return customerId;
  });

/** Past-due subscriptions whose grace period ended by `now`, with their organization's type. */
export const graceEndedBy = async (db: Executor, now: Date) =>
  db
    .select({ accountId: subscriptions.accountId, type: baseAccounts.type })
    .from(subscriptions)
    .innerJoin(baseAccounts, eq(baseAccounts.id, subscriptions.accountId))
    .where(and(eq(subscriptions.status, 'past_due'), isNotNull(subscriptions.graceUntil), lte(subscriptions.graceUntil, now)));

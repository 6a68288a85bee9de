import type { BillingInfo, ContactInfo, LegalInfo, Profile } from '@excursio/contract/accounts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { baseAccounts, subscriptionTiers } from '../../db/schema/accounts.ts';

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

const accountColumns = {
  id: baseAccounts.id,
  name: baseAccounts.name,
  subdomain: baseAccounts.subdomain,
  type: baseAccounts.type,
  contactInfo: baseAccounts.contactInfo,
  profile: baseAccounts.profile,
  legalInfo: baseAccounts.legalInfo,
  billingInfo: baseAccounts.billingInfo,
  createdAt: baseAccounts.createdAt,
  tierId: subscriptionTiers.id,
  tierCode: subscriptionTiers.code,
  tierName: subscriptionTiers.name,
  features: subscriptionTiers.features,
};

/** The account itself (a caller only ever sees their own), optionally matched against a search term. */
export const findAccount = async (db: Executor, accountId: string, search?: string) =>
  (
    await db
      .select(accountColumns)
      .from(baseAccounts)
      .leftJoin(subscriptionTiers, eq(subscriptionTiers.id, baseAccounts.subscriptionTierId))
      .where(and(eq(baseAccounts.id, accountId), searchAny(search, baseAccounts.name, baseAccounts.subdomain)))
  )[0] ?? null;

/** Locks the account row so concurrent partial updates merge instead of overwriting each other. */
export const lockAccount = async (db: Executor, accountId: string) =>
  (
    await db
      .select({
        name: baseAccounts.name,
        contactInfo: baseAccounts.contactInfo,
        profile: baseAccounts.profile,
        legalInfo: baseAccounts.legalInfo,
        billingInfo: baseAccounts.billingInfo,
      })
      .from(baseAccounts)
      .where(eq(baseAccounts.id, accountId))
      .for('update')
  )[0] ?? null;

export const updateAccount = async (
  db: Executor,
  accountId: string,
  values: { name: string; contactInfo: ContactInfo; profile: Profile; legalInfo: LegalInfo; billingInfo: BillingInfo },
) => {
  await db.update(baseAccounts).set(values).where(eq(baseAccounts.id, accountId));
};

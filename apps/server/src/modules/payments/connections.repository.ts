import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts, subscriptionTiers } from '../../db/schema/accounts.ts';
import { paymentConnections } from '../../db/schema/payments.ts';

export type ConnectionRow = typeof paymentConnections.$inferSelect;

/** The organization's card payment provider account, or null when none is connected. */
export const connectionOf = async (db: Executor, accountId: string): Promise<ConnectionRow | null> =>
  (await db.select().from(paymentConnections).where(eq(paymentConnections.accountId, accountId)))[0] ?? null;

/** The connection of a provider account (webhooks name the account, not the organization). */
export const connectionByExternalId = async (db: Executor, provider: 'test' | 'stripe', externalAccountId: string) =>
  (await db.select().from(paymentConnections).where(eq(paymentConnections.externalAccountId, externalAccountId))).find(
    (row) => row.provider === provider,
  ) ?? null;

/** Creates or replaces the organization's connection (one per organization). */
export const upsertConnection = async (
  db: Executor,
  values: Omit<typeof paymentConnections.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
) =>
  (
    await db
      .insert(paymentConnections)
      .values(values)
      .onConflictDoUpdate({
        target: paymentConnections.accountId,
        set: {
          provider: values.provider,
          externalAccountId: values.externalAccountId ?? null,
          detailsSubmitted: values.detailsSubmitted ?? false,
          chargesEnabled: values.chargesEnabled ?? false,
          payoutsEnabled: values.payoutsEnabled ?? false,
          connectedByUserId: values.connectedByUserId ?? null,
          updatedAt: new Date(),
        },
      })
      .returning()
  )[0];

/** The provider's latest word on an account's capabilities. */
export const updateConnectionFlags = async (
  db: Executor,
  id: string,
  flags: { detailsSubmitted: boolean; chargesEnabled: boolean; payoutsEnabled: boolean },
) => (await db.update(paymentConnections).set(flags).where(eq(paymentConnections.id, id)).returning())[0] ?? null;

export const deleteConnection = async (db: Executor, accountId: string) =>
  (await db.delete(paymentConnections).where(eq(paymentConnections.accountId, accountId)).returning()).length > 0;

/** The platform's fee on the organization's card payments: its plan's, in hundredths of a percent. */
export const platformFeeOf = async (db: Executor, accountId: string) =>
  (
    await db
      .select({ fee: subscriptionTiers.platformFeeBp })
      .from(baseAccounts)
      .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, baseAccounts.subscriptionTierId))
      .where(eq(baseAccounts.id, accountId))
  )[0]?.fee ?? 0;

/** What the provider's onboarding is told about the organization. */
export const organizationForProvider = async (db: Executor, accountId: string) =>
  (
    await db
      .select({ name: baseAccounts.name, subdomain: baseAccounts.subdomain, contact: baseAccounts.contactInfo })
      .from(baseAccounts)
      .where(eq(baseAccounts.id, accountId))
  )[0] ?? null;

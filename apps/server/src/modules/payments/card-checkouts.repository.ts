import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts, subscriptionTiers } from '../../db/schema/accounts.ts';
import { cardCheckouts } from '../../db/schema/payments.ts';
import { payments } from '../../db/schema/sales.ts';
import { stores } from '../../db/schema/stores.ts';

export type CheckoutRow = typeof cardCheckouts.$inferSelect;

/**
 * A visitor's attempt becomes at most one checkout: inserted once per webstore session (a repeated
 * request, or a twin in parallel, finds the same row).
 */
export const insertCheckout = async (db: Executor, values: typeof cardCheckouts.$inferInsert) => {
  const [inserted] = await db
    .insert(cardCheckouts)
    .values(values)
    .onConflictDoNothing({ target: cardCheckouts.sessionId })
    .returning();
  return inserted ?? (await checkoutBySession(db, values.sessionId));
};

export const checkoutBySession = async (db: Executor, sessionId: string) =>
  (await db.select().from(cardCheckouts).where(eq(cardCheckouts.sessionId, sessionId)))[0] ?? null;

export const findCheckout = async (db: Executor, id: string) =>
  (await db.select().from(cardCheckouts).where(eq(cardCheckouts.id, id)))[0] ?? null;

export const checkoutByProviderSession = async (db: Executor, providerSessionId: string) =>
  (await db.select().from(cardCheckouts).where(eq(cardCheckouts.providerSessionId, providerSessionId)))[0] ?? null;

/** The checkout's row lock: fulfilments of one checkout (the return and the webhooks) queue here. */
export const lockCheckout = async (tx: Executor, id: string) =>
  (await tx.select().from(cardCheckouts).where(eq(cardCheckouts.id, id)).for('update'))[0] ?? null;

export const updateCheckout = async (
  db: Executor,
  id: string,
  values: Partial<Pick<CheckoutRow, 'status' | 'problem' | 'orderId' | 'providerSessionId' | 'providerPaymentId'>>,
  onlyWhen?: CheckoutRow['status'][],
) =>
  (
    await db
      .update(cardCheckouts)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(cardCheckouts.id, id), onlyWhen ? inArray(cardCheckouts.status, onlyWhen) : undefined))
      .returning()
  )[0] ?? null;

/** The platform's fee on card payments under the organization's plan, hundredths of a percent. */
export const platformFeeBpOf = async (db: Executor, accountId: string) =>
  (
    await db
      .select({ bp: subscriptionTiers.platformFeeBp })
      .from(baseAccounts)
      .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, baseAccounts.subscriptionTierId))
      .where(eq(baseAccounts.id, accountId))
  )[0]?.bp ?? 0;

/** Where a visitor goes back to: the host (organization) and slug of the store that sold it. */
export const storeOfCheckout = async (db: Executor, checkout: Pick<CheckoutRow, 'storeAccountId' | 'storeId'>) => {
  const [account] = await db
    .select({ subdomain: baseAccounts.subdomain })
    .from(baseAccounts)
    .where(eq(baseAccounts.id, checkout.storeAccountId));
  const [store] = checkout.storeId
    ? await db.select({ slug: stores.slug }).from(stores).where(eq(stores.id, checkout.storeId))
    : [];
  return { subdomain: account?.subdomain ?? null, slug: store?.slug ?? null };
};

/** Records the transfers a payment made (a resale's commission). */
export const setPaymentTransfers = async (
  db: Executor,
  paymentId: string,
  transfers: (typeof payments.$inferSelect)['transfers'],
) => {
  await db.update(payments).set({ transfers }).where(eq(payments.id, paymentId));
};

/** Paid checkouts that could not become orders (refunded, or handed to staff), newest first. */
export const latePayments = async (db: Executor, accountId: string, since: Date) =>
  db
    .select()
    .from(cardCheckouts)
    .where(
      and(
        eq(cardCheckouts.accountId, accountId),
        inArray(cardCheckouts.status, ['refunded', 'flagged']),
        gte(cardCheckouts.createdAt, since),
      ),
    )
    .orderBy(desc(cardCheckouts.createdAt))
    .limit(100);

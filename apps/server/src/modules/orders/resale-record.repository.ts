import { and, asc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { pricingRatePrices } from '../../db/schema/catalog.ts';
import { partnerships, resales } from '../../db/schema/partners.ts';
import { orders } from '../../db/schema/sales.ts';

/** The resale row of an order made by a reseller (in the order's transaction). */
export const insertResale = async (tx: Executor, values: typeof resales.$inferInsert) =>
  (await tx.insert(resales).values(values).returning())[0];

/** Net prices of the rates sold, by `rateId|categoryId` (null where the supplier set none). */
export const netPricesOf = async (tx: Executor, accountId: string, rateIds: string[]) => {
  const rows = rateIds.length
    ? await tx
        .select({
          rateId: pricingRatePrices.rateId,
          categoryId: pricingRatePrices.pricingCategoryId,
          net: pricingRatePrices.netPriceMinor,
        })
        .from(pricingRatePrices)
        .where(and(eq(pricingRatePrices.accountId, accountId), inArray(pricingRatePrices.rateId, rateIds)))
    : [];
  const byKey = new Map(rows.map((r) => [`${r.rateId}|${r.categoryId}`, r.net]));
  return (rateId: string | null, categoryId: string) => (rateId ? (byKey.get(`${rateId}|${categoryId}`) ?? null) : null);
};

/**
 * The partnership's row, shared-locked, while a sale is written under it: ending or pausing it
 * (an update, which waits for this lock) and the sale cannot interleave, so no sale commits after
 * the partnership stopped.
 */
export const lockPartnershipForSale = async (tx: Executor, partnershipId: string) =>
  (
    await tx
      .select({
        status: partnerships.status,
        pricingMode: partnerships.pricingMode,
        commissionBp: partnerships.commissionBp,
        paymentCollector: partnerships.paymentCollector,
        resellerAccountId: partnerships.resellerAccountId,
        supplierAccountId: partnerships.supplierAccountId,
      })
      .from(partnerships)
      .where(eq(partnerships.id, partnershipId))
      .for('share')
  )[0] ?? null;

/** The order of a checkout session as the organization of the host may see it: its own, or a resale it made. */
export const findOrderBySessionFor = async (db: Executor, hostAccountId: string, sessionId: string) =>
  (
    await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.checkoutSessionId, sessionId),
          or(
            eq(orders.accountId, hostAccountId),
            exists(
              db
                .select({ one: sql`1` })
                .from(resales)
                .where(and(eq(resales.orderId, orders.id), eq(resales.resellerAccountId, hostAccountId))),
            ),
          ),
        ),
      )
      .limit(1)
  )[0] ?? null;

/** The same on the database itself, as a prepared statement (every webstore order asks it first). */
export const findOrderBySessionOf = async (db: Db, hostAccountId: string, sessionId: string) =>
  (
    await prepared(db, 'orders.by_session_for', (name) =>
      db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.checkoutSessionId, sql.placeholder('sessionId')),
            or(
              eq(orders.accountId, sql.placeholder('host')),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(resales)
                  .where(and(eq(resales.orderId, orders.id), eq(resales.resellerAccountId, sql.placeholder('host')))),
              ),
            ),
          ),
        )
        .limit(1)
        .prepare(name),
    ).execute({ host: hostAccountId, sessionId })
  )[0] ?? null;

/** The reseller's store a resale was sold in (its confirmation page links back to it), or null. */
export const resaleStoreOf = async (db: Executor, orderId: string) =>
  (await db.select({ storeId: resales.storeId }).from(resales).where(eq(resales.orderId, orderId)))[0]?.storeId ?? null;

/** The reseller that sold an order (a resale), or null. */
export const resellerOfOrder = async (db: Executor, orderId: string) =>
  (
    await db
      .select({ id: baseAccounts.id, name: baseAccounts.name })
      .from(resales)
      .innerJoin(baseAccounts, eq(baseAccounts.id, resales.resellerAccountId))
      .where(eq(resales.orderId, orderId))
  )[0] ?? null;

/** The resellers that sold at least one of the supplier's orders (the orders list's seller filter). */
export const resellersOfOrders = async (db: Executor, accountId: string) =>
  db
    .selectDistinct({ id: baseAccounts.id, name: baseAccounts.name })
    .from(resales)
    .innerJoin(baseAccounts, eq(baseAccounts.id, resales.resellerAccountId))
    .where(eq(resales.accountId, accountId))
    .orderBy(asc(baseAccounts.name));

/** Orders sold by this reseller (the seller filter with a reseller's id). */
export const soldByReseller = (db: Executor, resellerAccountId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(resales)
      .where(and(eq(resales.orderId, orders.id), eq(resales.resellerAccountId, resellerAccountId))),
  );

/** An organization's name (the supplier a resale's answer names). */
export const organizationNameOf = async (db: Executor, accountId: string) =>
  (await db.select({ name: baseAccounts.name }).from(baseAccounts).where(eq(baseAccounts.id, accountId)))[0]?.name ?? '';

import { and, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { NO_ID, salesDaily } from '../../db/schema/analytics.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { stores } from '../../db/schema/stores.ts';

/** What the rows are grouped by: a dimension of the rollup, or `none` for the totals. */
export type SalesDimension = 'offer' | 'store' | 'channel' | 'partner' | 'day' | 'none';
export type SalesScope = { from: string; to: string; storeId?: string; experienceId?: string };
export type SalesSumRow = {
  key: string;
  currency: string;
  bookings: number;
  participants: number;
  gross: number;
  canceled: number;
  refunds: number;
  net: number;
};

const sums = {
  currency: salesDaily.currency,
  bookings: sql<number>`sum(${salesDaily.bookings})`.mapWith(Number),
  participants: sql<number>`sum(${salesDaily.participants})`.mapWith(Number),
  gross: sql<number>`sum(${salesDaily.grossMinor})`.mapWith(Number),
  canceled: sql<number>`sum(${salesDaily.canceledMinor})`.mapWith(Number),
  refunds: sql<number>`sum(${salesDaily.refundsMinor})`.mapWith(Number),
  net: sql<number>`sum(${salesDaily.netMinor})`.mapWith(Number),
};

/**
 * The rollup summed per dimension and currency, over the organization's own sales (its orders,
 * resales of its offers by partners included) and its resales of partners' offers. For a resale
 * the organization made, its store is the reseller's store and its partner is the supplier.
 */
export const salesSums = async (
  db: Executor,
  accountId: string,
  dimension: SalesDimension,
  scope: SalesScope,
): Promise<SalesSumRow[]> => {
  const keyOf = (side: 'own' | 'resold'): SQL<string> =>
    ({
      offer: sql<string>`${salesDaily.experienceId}::text`,
      store: side === 'own' ? sql<string>`${salesDaily.storeId}::text` : sql<string>`${salesDaily.resellerStoreId}::text`,
      channel: sql<string>`${salesDaily.channel}`,
      partner: side === 'own' ? sql<string>`${salesDaily.resellerAccountId}::text` : sql<string>`${salesDaily.accountId}::text`,
      day: sql<string>`${salesDaily.day}::text`,
      none: sql<string>`''`,
    })[dimension];
  const common = [
    gte(salesDaily.day, scope.from),
    lte(salesDaily.day, scope.to),
    scope.experienceId ? eq(salesDaily.experienceId, scope.experienceId) : undefined,
  ];
  const branch = (side: 'own' | 'resold') => {
    const key = keyOf(side);
    const where =
      side === 'own'
        ? and(eq(salesDaily.accountId, accountId), scope.storeId ? eq(salesDaily.storeId, scope.storeId) : undefined, ...common)
        : and(
            eq(salesDaily.resellerAccountId, accountId),
            // Spelled out so the planner can use the partial index of resales.
            ne(salesDaily.resellerAccountId, NO_ID),
            scope.storeId ? eq(salesDaily.resellerStoreId, scope.storeId) : undefined,
            ...common,
          );
    return db
      .select({ key, ...sums })
      .from(salesDaily)
      .where(where)
      .groupBy(key, salesDaily.currency);
  };
  const [own, resold] = await Promise.all([branch('own'), branch('resold')]);
  return [...own, ...resold];
};

export const offerTitles = async (db: Executor, ids: string[]) =>
  ids.length
    ? db.select({ id: experiences.id, label: experiences.title }).from(experiences).where(inArray(experiences.id, ids))
    : [];

export const storeNames = async (db: Executor, accountId: string, ids: string[]) =>
  ids.length
    ? db
        .select({ id: stores.id, label: stores.name })
        .from(stores)
        .where(and(eq(stores.accountId, accountId), inArray(stores.id, ids)))
    : [];

export const accountNames = async (db: Executor, ids: string[]) =>
  ids.length
    ? db.select({ id: baseAccounts.id, label: baseAccounts.name }).from(baseAccounts).where(inArray(baseAccounts.id, ids))
    : [];

import type { PRICING_CATEGORY_ORDERING, PricingCategoryType } from '@excursio/contract/pricing';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { pricingCategories, pricingRatePrices } from '../../db/schema/catalog.ts';
import type { Ordering } from '../../http/paging.ts';

export type PricingCategoryOrderingField = (typeof PRICING_CATEGORY_ORDERING)[number];
export type PricingCategoryRow = typeof pricingCategories.$inferSelect & { ratesCount: number };
export type PricingCategoryValues = {
  name: string;
  type: PricingCategoryType;
  minAge: number | null;
  maxAge: number | null;
  description: string;
};

// Spelled out: drizzle leaves columns unqualified in single-table selects, which a correlated subquery cannot use.
// The price key is (rate, category), so counting price rows counts the rates.
const ratesCount = (accountId: string) =>
  sql<number>`(select count(*)::int from "pricing_rate_prices" p where p."pricing_category_id" = "pricing_categories"."id" and p."account_id" = ${accountId})`;

const columns = (accountId: string) => ({
  id: pricingCategories.id,
  accountId: pricingCategories.accountId,
  name: pricingCategories.name,
  type: pricingCategories.type,
  minAge: pricingCategories.minAge,
  maxAge: pricingCategories.maxAge,
  description: pricingCategories.description,
  createdAt: pricingCategories.createdAt,
  updatedAt: pricingCategories.updatedAt,
  ratesCount: ratesCount(accountId),
});

export const listPricingCategories = async (
  db: Executor,
  accountId: string,
  query: {
    search?: string;
    type?: PricingCategoryType;
    ordering: Ordering<PricingCategoryOrderingField>;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    eq(pricingCategories.accountId, accountId),
    query.type ? eq(pricingCategories.type, query.type) : undefined,
    searchAny(query.search, pricingCategories.name),
  );
  const column = {
    name: pricingCategories.name,
    type: pricingCategories.type,
    min_age: pricingCategories.minAge,
    created_at: pricingCategories.createdAt,
  }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows: PricingCategoryRow[] = await db
    .select(columns(accountId))
    .from(pricingCategories)
    .where(where)
    .orderBy(direction(column), asc(pricingCategories.name), asc(pricingCategories.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(pricingCategories).where(where);
  return { rows, count: total };
};

export const findPricingCategory = async (db: Executor, accountId: string, id: string): Promise<PricingCategoryRow | null> =>
  (
    await db
      .select(columns(accountId))
      .from(pricingCategories)
      .where(and(eq(pricingCategories.accountId, accountId), eq(pricingCategories.id, id)))
  )[0] ?? null;

/** Locks the category for the rest of the transaction (edits, deletes and new prices of it serialize). */
export const lockPricingCategory = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .select({
        id: pricingCategories.id,
        name: pricingCategories.name,
        minAge: pricingCategories.minAge,
        maxAge: pricingCategories.maxAge,
      })
      .from(pricingCategories)
      .where(and(eq(pricingCategories.accountId, accountId), eq(pricingCategories.id, id)))
      .for('update')
  )[0] ?? null;

export const pricingCategoryNameTaken = async (db: Executor, accountId: string, name: string, exceptId?: string) => {
  const rows = await db
    .select({ id: pricingCategories.id })
    .from(pricingCategories)
    .where(and(eq(pricingCategories.accountId, accountId), sql`lower(${pricingCategories.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
};

export const insertPricingCategory = async (db: Executor, accountId: string, values: PricingCategoryValues) =>
  (
    await db
      .insert(pricingCategories)
      .values({ accountId, ...values })
      .returning({ id: pricingCategories.id })
  )[0];

export const updatePricingCategory = async (
  db: Executor,
  accountId: string,
  id: string,
  values: Partial<PricingCategoryValues>,
) => {
  await db
    .update(pricingCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(pricingCategories.accountId, accountId), eq(pricingCategories.id, id)));
};

export const deletePricingCategory = async (db: Executor, accountId: string, id: string) => {
  await db.delete(pricingCategories).where(and(eq(pricingCategories.accountId, accountId), eq(pricingCategories.id, id)));
};

export const countRatesPricingCategory = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .select({ total: count() })
      .from(pricingRatePrices)
      .where(and(eq(pricingRatePrices.accountId, accountId), eq(pricingRatePrices.pricingCategoryId, id)))
  )[0].total;

/** Names of the account's pricing categories by id (the party lines of orders, invoices and mails). */
export const pricingCategoryNames = async (db: Executor, accountId: string, ids: string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: pricingCategories.id, name: pricingCategories.name })
    .from(pricingCategories)
    .where(and(eq(pricingCategories.accountId, accountId), inArray(pricingCategories.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
};

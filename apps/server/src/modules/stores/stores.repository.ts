import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ownOrShared } from '../../db/partner-offers.ts';
import { likePattern } from '../../db/query.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { filerImages } from '../../db/schema/media.ts';
import { storeExperiences, stores } from '../../db/schema/stores.ts';
import type { Ordering } from '../../http/paging.ts';

export type StoreRow = typeof stores.$inferSelect;
export type StoreValues = Omit<typeof stores.$inferInsert, 'id' | 'accountId' | 'createdAt' | 'updatedAt'>;

export const findStore = async (db: Executor, accountId: string, storeId: string) =>
  (
    await db
      .select()
      .from(stores)
      .where(and(eq(stores.accountId, accountId), eq(stores.id, storeId)))
  )[0] ?? null;

export const insertStore = async (tx: Executor, accountId: string, values: StoreValues) =>
  (
    await tx
      .insert(stores)
      .values({ ...values, accountId })
      .returning()
  )[0];

export const updateStore = async (tx: Executor, accountId: string, storeId: string, values: Partial<StoreValues>) =>
  (
    await tx
      .update(stores)
      .set(values)
      .where(and(eq(stores.accountId, accountId), eq(stores.id, storeId)))
      .returning()
  )[0] ?? null;

export const deleteStore = async (db: Executor, accountId: string, storeId: string) =>
  (
    await db
      .delete(stores)
      .where(and(eq(stores.accountId, accountId), eq(stores.id, storeId)))
      .returning({ id: stores.id })
  ).length > 0;

/** The other default store of the organization loses the flag (inside the caller's transaction). */
export const clearDefaultStore = (tx: Executor, accountId: string, exceptId: string | null) =>
  tx
    .update(stores)
    .set({ isDefault: false })
    .where(
      and(eq(stores.accountId, accountId), eq(stores.isDefault, true), exceptId ? sql`${stores.id} <> ${exceptId}` : undefined),
    );

/** Slugs of the organization starting with `base` (a new store's slug is made unique from them). */
export const slugsLike = async (db: Executor, accountId: string, base: string) =>
  (
    await db
      .select({ slug: stores.slug })
      .from(stores)
      .where(and(eq(stores.accountId, accountId), ilike(stores.slug, `${base.replace(/[%_\\]/g, '\\$&')}%`)))
  ).map((r) => r.slug);

const ORDER_COLUMNS = { name: stores.name, created_at: stores.createdAt, status: stores.status } as const;

export const listStores = async (
  db: Executor,
  accountId: string,
  query: {
    search?: string;
    status?: StoreRow['status'];
    ordering: Ordering<keyof typeof ORDER_COLUMNS>;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    eq(stores.accountId, accountId),
    query.status ? eq(stores.status, query.status) : undefined,
    query.search
      ? sql`(lower(${stores.name}) like ${likePattern(query.search.toLowerCase())} or ${stores.slug} like ${likePattern(query.search.toLowerCase())})`
      : undefined,
  );
  const direction = query.ordering.descending ? desc : asc;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(stores)
      .where(where)
      .orderBy(direction(ORDER_COLUMNS[query.ordering.field]), asc(stores.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(stores).where(where),
  ]);
  return { rows, count: total[0].total };
};

/** How many offers each store has. */
export const experienceCounts = async (db: Executor, storeIds: readonly string[]) => {
  if (!storeIds.length) return new Map<string, number>();
  const rows = await db
    .select({ storeId: storeExperiences.storeId, total: count() })
    .from(storeExperiences)
    .where(inArray(storeExperiences.storeId, [...storeIds]))
    .groupBy(storeExperiences.storeId);
  return new Map(rows.map((r) => [r.storeId, r.total]));
};

/** Library images by id (a store's logo and hero), with their variants. */
export const imagesById = async (db: Executor, accountId: string, ids: readonly (string | null)[]) => {
  const wanted = [...new Set(ids.filter((v): v is string => v !== null))];
  if (!wanted.length) return new Map<string, typeof filerImages.$inferSelect>();
  const rows = await db
    .select()
    .from(filerImages)
    .where(and(eq(filerImages.accountId, accountId), inArray(filerImages.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
};

/** Locks a store's row: adding, moving and removing its offers happen one at a time per store. */
export const lockStore = async (tx: Executor, accountId: string, storeId: string) =>
  (
    await tx
      .select()
      .from(stores)
      .where(and(eq(stores.accountId, accountId), eq(stores.id, storeId)))
      .for('update')
  )[0] ?? null;

export const subdomainOf = async (db: Executor, accountId: string) =>
  (await db.select({ subdomain: baseAccounts.subdomain }).from(baseAccounts).where(eq(baseAccounts.id, accountId)))[0]
    ?.subdomain ?? '';

/** The Active store `slug` when it sells the offer (Active and public, in the store), else null. */
export const sellingStore = async (db: Executor, accountId: string, slug: string, experienceId: string) =>
  (
    await db
      .select({
        id: stores.id,
        holdMinutes: stores.holdMinutes,
        paymentMode: stores.paymentMode,
        reserveWithoutPayment: stores.reserveWithoutPayment,
      })
      .from(stores)
      .innerJoin(storeExperiences, eq(storeExperiences.storeId, stores.id))
      .innerJoin(experiences, eq(experiences.id, storeExperiences.experienceId))
      .where(
        and(
          eq(stores.accountId, accountId),
          eq(stores.slug, slug),
          eq(stores.status, 'active'),
          eq(experiences.id, experienceId),
          ownOrShared(accountId),
          eq(experiences.status, 'active'),
          eq(experiences.visibility, 'public'),
        ),
      )
  )[0] ?? null;

/** The organizations whose offers are in the store (itself, and the suppliers of resold ones). */
export const storeOfferOwners = async (db: Executor, storeId: string) =>
  (
    await db
      .selectDistinct({ accountId: experiences.accountId })
      .from(storeExperiences)
      .innerJoin(experiences, eq(experiences.id, storeExperiences.experienceId))
      .where(eq(storeExperiences.storeId, storeId))
  ).map((r) => r.accountId);

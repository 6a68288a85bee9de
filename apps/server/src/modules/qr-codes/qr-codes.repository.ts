import { and, asc, count, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ownOrShared } from '../../db/partner-offers.ts';
import { likePattern } from '../../db/query.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { qrCodeScans, qrCodes } from '../../db/schema/qr-codes.ts';
import { storeExperiences, stores } from '../../db/schema/stores.ts';
import type { Ordering } from '../../http/paging.ts';

export type QrCodeRow = typeof qrCodes.$inferSelect;
export type LinkValues = Pick<typeof qrCodes.$inferInsert, 'type' | 'name' | 'storeId' | 'experienceId'>;

// The subqueries name the outer table's columns explicitly: inside a select from one table drizzle
// writes its columns unqualified, which a subquery would read as its own (see db/partner-offers.ts).

const ORDER_COLUMNS = {
  name: qrCodes.name,
  created_at: qrCodes.createdAt,
  scans: qrCodes.scans,
  type: qrCodes.type,
} as const;

export const listQrCodes = async (
  db: Executor,
  accountId: string,
  query: {
    type?: QrCodeRow['type'];
    search?: string;
    ordering: Ordering<keyof typeof ORDER_COLUMNS>;
    limit: number;
    offset: number;
  },
) => {
  const term = query.search?.trim().toLowerCase();
  const where = and(
    eq(qrCodes.accountId, accountId),
    query.type ? eq(qrCodes.type, query.type) : undefined,
    term
      ? or(
          sql`lower(${qrCodes.name}) like ${likePattern(term)}`,
          sql`${qrCodes.code} like ${likePattern(term.replace(/[\s-]/g, '').toUpperCase())}`,
          sql`exists (select 1 from ${stores} s where s.id = "qr_codes"."store_id" and lower(s.name) like ${likePattern(term)})`,
          sql`exists (select 1 from ${experiences} e where e.id = "qr_codes"."experience_id" and lower(e.title) like ${likePattern(term)})`,
        )
      : undefined,
  );
  const direction = query.ordering.descending ? desc : asc;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(qrCodes)
      .where(where)
      .orderBy(direction(ORDER_COLUMNS[query.ordering.field]), desc(qrCodes.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(qrCodes).where(where),
  ]);
  return { rows, count: total[0].total };
};

export const findQrCode = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .select()
      .from(qrCodes)
      .where(and(eq(qrCodes.accountId, accountId), eq(qrCodes.id, id)))
  )[0] ?? null;

/** A code by its short code, whoever it belongs to, with its organization's address and zone. */
export const findByShortCode = async (db: Executor, code: string) =>
  (
    await db
      .select({
        row: qrCodes,
        subdomain: baseAccounts.subdomain,
        timeZone: sql<string>`coalesce(${baseAccounts.profile}->>'timezone', 'UTC')`,
      })
      .from(qrCodes)
      .innerJoin(baseAccounts, eq(baseAccounts.id, qrCodes.accountId))
      .where(eq(qrCodes.code, code))
  )[0] ?? null;

/** A new link; null when its code was taken meanwhile (the caller draws another). */
export const insertLink = async (db: Executor, accountId: string, code: string, values: LinkValues) =>
  (
    await db
      .insert(qrCodes)
      .values({ ...values, accountId, code })
      .onConflictDoNothing()
      .returning()
  )[0] ?? null;

export const updateLink = async (db: Executor, accountId: string, id: string, values: Partial<LinkValues>) =>
  (
    await db
      .update(qrCodes)
      .set(values)
      .where(and(eq(qrCodes.accountId, accountId), eq(qrCodes.id, id)))
      .returning()
  )[0] ?? null;

export const deleteLink = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .delete(qrCodes)
      .where(and(eq(qrCodes.accountId, accountId), eq(qrCodes.id, id)))
      .returning({ id: qrCodes.id })
  ).length > 0;

/** Stores of the organization by id, and its default store (where a link goes when its own cannot take it). */
export const storesForLinks = async (db: Executor, accountId: string, ids: readonly (string | null)[]) => {
  const wanted = [...new Set(ids.filter((v): v is string => v !== null))];
  return db
    .select({ id: stores.id, name: stores.name, slug: stores.slug, status: stores.status, isDefault: stores.isDefault })
    .from(stores)
    .where(
      and(
        eq(stores.accountId, accountId),
        or(eq(stores.isDefault, true), wanted.length ? inArray(stores.id, wanted) : undefined),
      ),
    );
};

/**
 * Offers of these (store, offer) pairs: their title, whether they are in the store, and whether the
 * store sells them now (Active, public, the organization's own or shared with it).
 */
export const offersForLinks = async (
  db: Executor,
  accountId: string,
  pairs: readonly { storeId: string; experienceId: string }[],
) => {
  if (!pairs.length) return [];
  const ids = [...new Set(pairs.map((p) => p.experienceId))];
  return db
    .select({
      id: experiences.id,
      title: experiences.title,
      onSale: sql<boolean>`(${experiences.status} = 'active' and ${experiences.visibility} = 'public' and ${ownOrShared(accountId)})`,
      storeIds: sql<string[]>`coalesce((select array_agg(se.store_id) from ${storeExperiences} se
        join ${stores} s on s.id = se.store_id
        where se.experience_id = "experiences"."id" and s.account_id = ${accountId}), '{}')`,
    })
    .from(experiences)
    .where(
      and(
        inArray(experiences.id, ids),
        or(
          eq(experiences.accountId, accountId),
          sql`exists (select 1 from ${storeExperiences} se join ${stores} s on s.id = se.store_id
            where se.experience_id = "experiences"."id" and s.account_id = ${accountId})`,
        ),
      ),
    );
};

/** Counts a scan (or `count` of them, the demo's history): the day's count and the code's total. */
export const recordScan = async (db: Executor, accountId: string, qrCodeId: string, day: string, at: Date, count = 1) => {
  await db
    .insert(qrCodeScans)
    .values({ qrCodeId, accountId, day, count })
    .onConflictDoUpdate({
      target: [qrCodeScans.qrCodeId, qrCodeScans.day],
      set: { count: sql`${qrCodeScans.count} + ${count}` },
    });
  await db
    .update(qrCodes)
    // A scan is not an edit: the code's updated_at stays.
    .set({ scans: sql`${qrCodes.scans} + ${count}`, lastScannedAt: at, updatedAt: sql`${qrCodes.updatedAt}` })
    .where(and(eq(qrCodes.accountId, accountId), eq(qrCodes.id, qrCodeId)));
};

export const scansBetween = (db: Executor, accountId: string, qrCodeId: string, from: string, to: string) =>
  db
    .select({ day: qrCodeScans.day, count: qrCodeScans.count })
    .from(qrCodeScans)
    .where(
      and(
        eq(qrCodeScans.accountId, accountId),
        eq(qrCodeScans.qrCodeId, qrCodeId),
        gte(qrCodeScans.day, from),
        lte(qrCodeScans.day, to),
      ),
    );

export const subdomainOf = async (db: Executor, accountId: string) =>
  (await db.select({ subdomain: baseAccounts.subdomain }).from(baseAccounts).where(eq(baseAccounts.id, accountId)))[0]
    ?.subdomain ?? '';

export const timeZoneOf = async (db: Executor, accountId: string) =>
  (
    await db
      .select({ timeZone: sql<string>`coalesce(${baseAccounts.profile}->>'timezone', 'UTC')` })
      .from(baseAccounts)
      .where(eq(baseAccounts.id, accountId))
  )[0]?.timeZone ?? 'UTC';

/** Whether the store is the organization's, and whether the offer is in it. */
export const storeAndOffer = async (db: Executor, accountId: string, storeId: string, experienceId: string | null) => {
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.accountId, accountId), eq(stores.id, storeId)));
  if (!store || !experienceId) return { store: Boolean(store), offerInStore: false };
  const [entry] = await db
    .select({ id: storeExperiences.experienceId })
    .from(storeExperiences)
    .where(and(eq(storeExperiences.storeId, storeId), eq(storeExperiences.experienceId, experienceId)));
  return { store: true, offerInStore: Boolean(entry) };
};

import type { ActivationStatus, EXPERIENCE_ORDERING, ExperienceType } from '@excursio/contract/experiences';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likePattern } from '../../db/query.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { cancellationPolicies, experiences, meetingPoints } from '../../db/schema/catalog.ts';
import { experienceImages, filerImages } from '../../db/schema/media.ts';
import type { Ordering } from '../../http/paging.ts';

export type ExperienceOrderingField = (typeof EXPERIENCE_ORDERING)[number];
export type ExperienceRow = typeof experiences.$inferSelect;
export type ExperienceValues = Partial<Omit<typeof experiences.$inferInsert, 'id' | 'accountId' | 'createdAt' | 'updatedAt'>>;
type Variants = Record<string, { key: string; width: number; height: number }>;

// Correlated subqueries are spelled out: drizzle leaves columns unqualified in single-table selects.
/** Lowest price (minor units) over the prices of the offer's rates; null without a priced rate. */
const fromPrice = sql<number | null>`(
  select min(p."price_minor")::int from "pricing_rate_prices" p
  join "pricing_rates" r on r."id" = p."rate_id"
  where r."experience_id" = "experiences"."id" and r."account_id" = "experiences"."account_id")`;

/** The variants of the offer's first image (by position), for the overview thumbnail. */
const firstImageVariants = sql<Variants | null>`(
  select fi."variants" from "experience_images" ei
  join "filer_images" fi on fi."id" = ei."image_id"
  where ei."experience_id" = "experiences"."id" and ei."account_id" = "experiences"."account_id"
  order by ei."position", ei."image_id" limit 1)`;

export type ExperienceListRow = Pick<
  ExperienceRow,
  | 'id'
  | 'type'
  | 'status'
  | 'title'
  | 'category'
  | 'subcategory'
  | 'city'
  | 'currency'
  | 'durationMinutes'
  | 'createdAt'
  | 'updatedAt'
> & { fromPrice: number | null; thumbVariants: Variants | null };

export const listExperiences = async (
  db: Executor,
  accountId: string,
  query: {
    status?: ActivationStatus;
    type?: ExperienceType;
    search?: string;
    /** Category values whose label matches the search term. */
    searchCategories?: string[];
    ordering: Ordering<ExperienceOrderingField>;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    eq(experiences.accountId, accountId),
    query.status ? eq(experiences.status, query.status) : undefined,
    query.type ? eq(experiences.type, query.type) : undefined,
    query.search
      ? or(
          sql`${experiences.searchText} like ${likePattern(query.search.toLowerCase())}`,
          query.searchCategories?.length ? inArray(experiences.category, query.searchCategories) : undefined,
        )
      : undefined,
  );
  const column = {
    title: experiences.title,
    created_at: experiences.createdAt,
    updated_at: experiences.updatedAt,
    status: experiences.status,
    type: experiences.type,
  }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  // Deferred join: pick the page's ids first, then compute price and thumbnail for those rows only: in
  // one select, PostgreSQL would evaluate them for every row a far page skips.
  const page = db
    .select({ id: experiences.id })
    .from(experiences)
    .where(where)
    .orderBy(direction(column), asc(experiences.id))
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const rows = await db
    .select({
      id: experiences.id,
      type: experiences.type,
      status: experiences.status,
      title: experiences.title,
      category: experiences.category,
      subcategory: experiences.subcategory,
      city: experiences.city,
      currency: experiences.currency,
      durationMinutes: experiences.durationMinutes,
      createdAt: experiences.createdAt,
      updatedAt: experiences.updatedAt,
      fromPrice,
      thumbVariants: firstImageVariants,
    })
    .from(page)
    .innerJoin(experiences, eq(experiences.id, page.id))
    .orderBy(direction(column), asc(experiences.id));
  const [{ total }] = await db.select({ total: count() }).from(experiences).where(where);
  const list: ExperienceListRow[] = rows;
  return { rows: list, count: total };
};

const byId = (accountId: string, experienceId: string) =>
  and(eq(experiences.accountId, accountId), eq(experiences.id, experienceId));

export const findExperience = async (db: Executor, accountId: string, experienceId: string): Promise<ExperienceRow | null> =>
  (await db.select().from(experiences).where(byId(accountId, experienceId)))[0] ?? null;

/**
 * Locks the offer row for the rest of the transaction: status changes, start-time writes and copies
 * of one offer serialize on it.
 */
export const lockExperience = async (db: Executor, accountId: string, experienceId: string): Promise<ExperienceRow | null> =>
  (await db.select().from(experiences).where(byId(accountId, experienceId)).for('update'))[0] ?? null;

export const insertExperience = async (
  db: Executor,
  accountId: string,
  values: ExperienceValues & Pick<typeof experiences.$inferInsert, 'type' | 'title'>,
) =>
  (
    await db
      .insert(experiences)
      .values({ ...values, accountId })
      .returning()
  )[0];

export const updateExperience = async (db: Executor, accountId: string, experienceId: string, values: ExperienceValues) => {
  await db
    .update(experiences)
    .set({ ...values, updatedAt: new Date() })
    .where(byId(accountId, experienceId));
};

export const deleteExperience = async (db: Executor, accountId: string, experienceId: string) =>
  (await db.delete(experiences).where(byId(accountId, experienceId)).returning({ id: experiences.id })).length > 0;

const countOf = (table: string, extra = sql``) =>
  sql<number>`(select count(*)::int from ${sql.identifier(table)} x
    where x."account_id" = "experiences"."account_id" and x."experience_id" = "experiences"."id" ${extra})`;

/** Counts and the lowest price of one offer: what the detail view and the publish rule read. */
export const experienceStats = async (db: Executor, accountId: string, experienceId: string) => {
  const [row] = await db
    .select({
      imagesCount: countOf('experience_images'),
      ratesCount: countOf('pricing_rates'),
      pricedRatesCount: countOf(
        'pricing_rates',
        sql`and exists (select 1 from "pricing_rate_prices" p where p."rate_id" = x."id")`,
      ),
      startTimesCount: countOf('start_times'),
      fromPrice,
    })
    .from(experiences)
    .where(byId(accountId, experienceId));
  return row ?? { imagesCount: 0, ratesCount: 0, pricedRatesCount: 0, startTimesCount: 0, fromPrice: null };
};

/** The offer's gallery in order, with the stored image data. */
export const experienceImagesOf = async (db: Executor, accountId: string, experienceId: string) =>
  db
    .select({
      id: filerImages.id,
      position: experienceImages.position,
      altText: filerImages.altText,
      width: filerImages.width,
      height: filerImages.height,
      variants: filerImages.variants,
    })
    .from(experienceImages)
    .innerJoin(filerImages, eq(filerImages.id, experienceImages.imageId))
    .where(and(eq(experienceImages.accountId, accountId), eq(experienceImages.experienceId, experienceId)))
    .orderBy(asc(experienceImages.position), asc(experienceImages.imageId));

/** The account's profile defaults for new offers. */
export const accountDefaults = async (db: Executor, accountId: string) => {
  const [row] = await db.select({ profile: baseAccounts.profile }).from(baseAccounts).where(eq(baseAccounts.id, accountId));
  return { timeZone: row?.profile.timezone ?? 'UTC', currency: row?.profile.currency ?? 'EUR' };
};

export const meetingPointExists = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .select({ id: meetingPoints.id })
      .from(meetingPoints)
      .where(and(eq(meetingPoints.accountId, accountId), eq(meetingPoints.id, id)))
  ).length > 0;

export const cancellationPolicyExists = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .select({ id: cancellationPolicies.id })
      .from(cancellationPolicies)
      .where(and(eq(cancellationPolicies.accountId, accountId), eq(cancellationPolicies.id, id)))
  ).length > 0;

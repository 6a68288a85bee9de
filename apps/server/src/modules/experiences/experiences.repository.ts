import type { ActivationStatus, EXPERIENCE_ORDERING, ExperienceType } from '@excursio/contract/experiences';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { prepared, preparedPage } from '../../db/prepared.ts';
import { likePattern } from '../../db/query.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { cancellationPolicies, experiences, meetingPoints } from '../../db/schema/catalog.ts';
import { experienceImages, filerImages } from '../../db/schema/media.ts';
import { productConfigurations } from '../../db/schema/product-configuration.ts';
import type { Ordering } from '../../http/paging.ts';

export type ExperienceOrderingField = (typeof EXPERIENCE_ORDERING)[number];
export type ExperienceRow = typeof experiences.$inferSelect;
export type ExperienceValues = Partial<Omit<typeof experiences.$inferInsert, 'id' | 'accountId' | 'createdAt' | 'updatedAt'>>;
type Variants = Record<string, { key: string; width: number; height: number }>;

// Correlated subqueries are spelled out: drizzle leaves columns unqualified in single-table selects.
/**
 * The offer's "from" price: the lowest price of an Adult-type category when the rates price one,
 * otherwise the lowest price of any category — with that category's name, so the price is never a
 * child's price shown as if it were everyone's. Both read the same ordered row.
 */
const cheapestPrice = (pick: SQL) => sql`(
  select ${pick} from "pricing_rate_prices" p
  join "pricing_rates" r on r."id" = p."rate_id"
  join "pricing_categories" c on c."id" = p."pricing_category_id"
  where r."experience_id" = "experiences"."id" and r."account_id" = "experiences"."account_id"
  order by (c."type" <> 'adult'), p."price_minor", c."name" limit 1)`;
const fromPrice = sql<number | null>`${cheapestPrice(sql`p."price_minor"`)}`;
const fromPriceCategory = sql<string | null>`${cheapestPrice(sql`c."name"`)}`;

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
> & { fromPrice: number | null; fromPriceCategory: string | null; thumbVariants: Variants | null };

type ListShape = {
  page: ReturnType<typeof preparedPage>;
  status: boolean;
  type: boolean;
  search: boolean;
  categories: boolean;
  ordering: Ordering<ExperienceOrderingField>;
};

/**
 * The overview page and its total in one round trip, prepared once per filter shape. Deferred join:
 * the page's ids first, then price and thumbnail for those rows only (in one select PostgreSQL would
 * evaluate them for every row a far page skips). The total is an uncorrelated subquery, computed
 * once by its own index-only count (a `count(*) over ()` window would read every matching row).
 * The first page is a statement of its own (`preparedPage`), so PostgreSQL keeps one plan for it.
 */
const listQuery = (db: Db, shape: ListShape) => {
  const key = `experiences.list.${shape.page.key}.${+shape.status}${+shape.type}${+shape.search}${+shape.categories}.${shape.ordering.field}.${+shape.ordering.descending}`;
  return prepared(db, key, (name) => {
    const where = and(
      eq(experiences.accountId, sql.placeholder('accountId')),
      shape.status ? eq(experiences.status, sql.placeholder('status')) : undefined,
      shape.type ? eq(experiences.type, sql.placeholder('type')) : undefined,
      shape.search
        ? or(
            sql`${experiences.searchText} like ${sql.placeholder('pattern')}`,
            shape.categories ? sql`${experiences.category} = any(${sql.placeholder('categories')})` : undefined,
          )
        : undefined,
    );
    const column = {
      title: experiences.title,
      created_at: experiences.createdAt,
      updated_at: experiences.updatedAt,
      status: experiences.status,
      type: experiences.type,
    }[shape.ordering.field];
    const direction = shape.ordering.descending ? desc : asc;
    const page = db
      .select({ id: experiences.id })
      .from(experiences)
      .where(where)
      .orderBy(direction(column), asc(experiences.id))
      .limit(shape.page.limit)
      .offset(shape.page.offset)
      .as('page');
    return db
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
        fromPriceCategory,
        thumbVariants: firstImageVariants,
        total: sql<number>`(${db.select({ n: sql`count(*)::int` }).from(experiences).where(where)})`,
      })
      .from(page)
      .innerJoin(experiences, eq(experiences.id, page.id))
      .orderBy(direction(column), asc(experiences.id))
      .prepare(name);
  });
};

export const listExperiences = async (
  db: Db,
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
  const categories = query.search ? (query.searchCategories ?? []) : [];
  const page = preparedPage(query);
  const rows: (ExperienceListRow & { total: number })[] = await listQuery(db, {
    page,
    status: query.status !== undefined,
    type: query.type !== undefined,
    search: Boolean(query.search),
    categories: categories.length > 0,
    ordering: query.ordering,
  }).execute({
    accountId,
    status: query.status,
    type: query.type,
    pattern: query.search ? likePattern(query.search.toLowerCase()) : undefined,
    categories,
    ...page.values,
  });
  // A page past the end has no rows and so no total: it is reported as empty (the paging layer
  // answers 404 for any page but the first of an empty list).
  return { rows, count: rows[0]?.total ?? 0 };
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
      fromPriceCategory,
    })
    .from(experiences)
    .where(byId(accountId, experienceId));
  return (
    row ?? { imagesCount: 0, ratesCount: 0, pricedRatesCount: 0, startTimesCount: 0, fromPrice: null, fromPriceCategory: null }
  );
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

/** What a new offer starts with: the profile's zone and currency, the product configuration's booking defaults. */
export const accountDefaults = async (db: Executor, accountId: string) => {
  const [row] = await db
    .select({
      profile: baseAccounts.profile,
      cancellationPolicyId: productConfigurations.defaultCancellationPolicyId,
      meetingPointId: productConfigurations.defaultMeetingPointId,
    })
    .from(baseAccounts)
    .leftJoin(productConfigurations, eq(productConfigurations.accountId, baseAccounts.id))
    .where(eq(baseAccounts.id, accountId));
  return {
    timeZone: row?.profile.timezone ?? 'UTC',
    currency: row?.profile.currency ?? 'EUR',
    cancellationPolicyId: row?.cancellationPolicyId ?? null,
    meetingPointId: row?.meetingPointId ?? null,
  };
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

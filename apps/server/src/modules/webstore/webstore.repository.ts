import { countCap } from '@excursio/contract/list';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { ownOrShared, sharedWith } from '../../db/partner-offers.ts';
import { prepared } from '../../db/prepared.ts';
import { countOfShortPage, likePattern } from '../../db/query.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { experiences, pricingCategories, pricingRatePrices, pricingRates } from '../../db/schema/catalog.ts';
import { experienceImages, filerImages } from '../../db/schema/media.ts';
import { storeExperiences, stores } from '../../db/schema/stores.ts';
import type { Ordering } from '../../http/paging.ts';

/**
 * What visitors may see: Active stores, and in them the offers that are Active and public. Every
 * query here selects public columns only (no net prices, notes or anything of other customers).
 */

export type PublicStoreRow = typeof stores.$inferSelect & { organizationName: string };

/** Every webstore request asks it first (a prepared statement: drizzle does not rebuild it each time). */
export const activeStores = async (db: Db, accountId: string): Promise<PublicStoreRow[]> =>
  (
    await prepared(db, 'webstore.active_stores', (name) =>
      db
        .select({ store: stores, organizationName: baseAccounts.name })
        .from(stores)
        .innerJoin(baseAccounts, eq(baseAccounts.id, stores.accountId))
        .where(and(eq(stores.accountId, sql.placeholder('accountId')), eq(stores.status, 'active')))
        .orderBy(desc(stores.isDefault), asc(stores.createdAt))
        .prepare(name),
    ).execute({ accountId })
  ).map((r) => ({ ...r.store, organizationName: r.organizationName }));

/**
 * Active public offers of the organization, or of a supplier sharing them with it now (resold).
 * `suppliers` (its active suppliers, when the caller read them) keeps the common case fast: an
 * organization that resells nothing gets the plain `account_id =` its indexes answer (the OR with
 * the sharing rule made PostgreSQL walk every offer: a category's page 100 took twice as long).
 */
const sellable = (accountId: string, suppliers?: readonly string[]) =>
  and(
    suppliers === undefined
      ? ownOrShared(accountId)
      : suppliers.length === 0
        ? eq(experiences.accountId, accountId)
        : or(eq(experiences.accountId, accountId), and(inArray(experiences.accountId, [...suppliers]), sharedWith(accountId))),
    eq(experiences.status, 'active'),
    eq(experiences.visibility, 'public'),
  );

/** The categories (and their subcategories) of the offers visitors see in each store. */
export const storeCategories = async (db: Executor, accountId: string, storeIds: string[], suppliers: readonly string[]) =>
  storeIds.length
    ? db
        .selectDistinct({
          storeId: storeExperiences.storeId,
          category: experiences.category,
          subcategory: experiences.subcategory,
        })
        .from(storeExperiences)
        .innerJoin(experiences, eq(experiences.id, storeExperiences.experienceId))
        .where(
          and(inArray(storeExperiences.storeId, storeIds), sellable(accountId, suppliers), sql`${experiences.category} <> ''`),
        )
        .orderBy(asc(experiences.category), asc(experiences.subcategory))
    : Promise.resolve([]);

export type CardFilters = {
  category?: string;
  subcategory?: string;
  keyword?: string;
  search?: string;
  /** Only these offers (the date filter's answer). */
  only?: Set<string>;
};

/**
 * The lowest price a visitor can pay for one person, per offer of `owners` (the organization and the suppliers it resells): the adult prices of
 * the rates that still sell (any category's when no adult is priced). One grouped pass over the
 * rates (of `experienceIds` only, when given) — the cards, the price ordering and the offer page
 * all read it.
 */
const fromPrices = (db: Executor, owners: readonly string[], today: string, experienceIds?: string[]) =>
  db
    .select({
      experienceId: pricingRates.experienceId,
      price:
        sql<number>`coalesce(min(${pricingRatePrices.priceMinor}) filter (where ${pricingCategories.type} = 'adult'), min(${pricingRatePrices.priceMinor}))`.as(
          'price',
        ),
    })
    .from(pricingRates)
    .innerJoin(pricingRatePrices, eq(pricingRatePrices.rateId, pricingRates.id))
    .innerJoin(pricingCategories, eq(pricingCategories.id, pricingRatePrices.pricingCategoryId))
    .where(
      and(
        inArray(pricingRates.accountId, [...owners]),
        experienceIds ? inArray(pricingRates.experienceId, experienceIds) : undefined,
        sql`(${pricingRates.validTo} is null or ${pricingRates.validTo} >= ${today}::date)`,
      ),
    )
    .groupBy(pricingRates.experienceId)
    .as('prices');

const firstImage = sql<{ variants: Record<string, { key: string }>; alt: string; width: number; height: number } | null>`(
  select json_build_object('variants', ${filerImages.variants}, 'alt', ${filerImages.altText}, 'width', ${filerImages.width}, 'height', ${filerImages.height})
  from ${experienceImages} join ${filerImages} on ${filerImages.id} = ${experienceImages.imageId}
  where ${experienceImages.experienceId} = ${experiences.id}
  order by ${experienceImages.position} limit 1)`;

export type CardOrdering = Ordering<'position' | 'title' | 'price' | 'duration'>;

/**
 * A page of a store's visible offers. Two steps: the page's ids from the store's entries and the
 * offers' own columns (no per-offer subquery over thousands of rows), then the page's cards with
 * their image and "from" price.
 */
export const cardsPage = async (
  db: Executor,
  accountId: string,
  storeId: string,
  f: CardFilters & {
    ordering: CardOrdering;
    limit: number;
    offset: number;
    today: string;
    /** The organization's active suppliers (resold offers). */
    suppliers: readonly string[];
  },
) => {
  if (f.only && !f.only.size) return { rows: [], count: 0, capped: false };
  const words = [f.keyword, f.search].map((w) => w?.trim().toLowerCase()).filter((w): w is string => Boolean(w));
  const where = and(
    eq(storeExperiences.storeId, storeId),
    sellable(accountId, f.suppliers),
    f.category ? sql`lower(${experiences.category}) = ${f.category.toLowerCase()}` : undefined,
    f.subcategory ? sql`lower(${experiences.subcategory}) = ${f.subcategory.toLowerCase()}` : undefined,
    ...words.map((w) => sql`${experiences.searchText} like ${likePattern(w)}`),
    f.only ? inArray(experiences.id, [...f.only]) : undefined,
  );
  const direction = f.ordering.descending ? desc : asc;
  const key: Record<Exclude<CardOrdering['field'], 'price'>, SQL> = {
    position: sql`${storeExperiences.position}`,
    title: sql`lower(${experiences.title})`,
    duration: sql`${experiences.durationMinutes}`,
  };
  const visible = () =>
    db
      .select({ id: experiences.id })
      .from(storeExperiences)
      .innerJoin(experiences, eq(experiences.id, storeExperiences.experienceId))
      .where(where);
  // By price: every offer's "from" price at once, not a subquery per offer.
  const prices = fromPrices(db, [accountId, ...f.suppliers], f.today);
  const ordered =
    f.ordering.field === 'price'
      ? db
          .select({ id: experiences.id })
          .from(storeExperiences)
          .innerJoin(experiences, eq(experiences.id, storeExperiences.experienceId))
          .leftJoin(prices, eq(prices.experienceId, experiences.id))
          .where(where)
          .orderBy(
            sql`${prices.price} ${sql.raw(f.ordering.descending ? 'desc' : 'asc')} nulls last`,
            asc(storeExperiences.position),
          )
      : visible().orderBy(
          direction(key[f.ordering.field as keyof typeof key]),
          asc(storeExperiences.position),
          asc(experiences.id),
        );
  const page = await ordered.limit(f.limit).offset(f.offset);
  // A short page tells the count; otherwise counting stops ten pages ahead (`countCap`): a visitor
  // pages with "Show more", and counting 5,000 offers on every page would cost more than the page.
  let count = countOfShortPage(page.length, f);
  let capped = false;
  if (count === null) {
    const cap = countCap(f);
    const matching = visible()
      .limit(cap + 1)
      .as('matching');
    const total = (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching))[0].n;
    count = Math.min(total, cap);
    capped = total > cap;
  }
  if (!page.length) return { rows: [], count, capped };
  const ids = page.map((p) => p.id);
  const pagePrices = fromPrices(db, [accountId, ...f.suppliers], f.today, ids);
  const cards = await db
    .select({
      id: experiences.id,
      title: experiences.title,
      shortDescription: experiences.shortDescription,
      type: experiences.type,
      category: experiences.category,
      subcategory: experiences.subcategory,
      city: experiences.city,
      durationMinutes: experiences.durationMinutes,
      currency: experiences.currency,
      featured: storeExperiences.featured,
      image: firstImage,
      fromPrice: pagePrices.price,
    })
    .from(storeExperiences)
    .innerJoin(experiences, eq(experiences.id, storeExperiences.experienceId))
    .leftJoin(pagePrices, eq(pagePrices.experienceId, experiences.id))
    .where(and(eq(storeExperiences.storeId, storeId), inArray(experiences.id, ids)));
  const byId = new Map(cards.map((c) => [c.id, c]));
  return { rows: page.flatMap((p) => byId.get(p.id) ?? []), count, capped };
};

/** A visible offer of the store (Active, public, in it), or null. */
export const visibleOffer = async (db: Executor, accountId: string, storeId: string, experienceId: string) =>
  (
    await db
      .select({ offer: experiences })
      .from(storeExperiences)
      .innerJoin(experiences, eq(experiences.id, storeExperiences.experienceId))
      .where(and(eq(storeExperiences.storeId, storeId), eq(experiences.id, experienceId), sellable(accountId)))
  )[0]?.offer ?? null;

/** Which of these offers the store shows (the order's lines must all be on sale there). */
export const visibleOfferIds = async (db: Executor, accountId: string, storeId: string, experienceIds: string[]) =>
  new Set(
    experienceIds.length
      ? (
          await db
            .select({ id: experiences.id })
            .from(storeExperiences)
            .innerJoin(experiences, eq(experiences.id, storeExperiences.experienceId))
            .where(and(eq(storeExperiences.storeId, storeId), inArray(experiences.id, experienceIds), sellable(accountId)))
        ).map((r) => r.id)
      : [],
  );

export const fromPriceOf = async (db: Executor, accountId: string, experienceId: string, today: string) => {
  const prices = fromPrices(db, [accountId], today, [experienceId]);
  return (await db.select({ price: prices.price }).from(prices))[0]?.price ?? null;
};

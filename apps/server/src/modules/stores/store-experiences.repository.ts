import { EARTH_RADIUS_KM } from '@excursio/contract/stores';
import { and, asc, desc, eq, gte, lt, lte, ne, notExists, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ownOrShared, sharedWith } from '../../db/partner-offers.ts';
import { likePattern } from '../../db/query.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { experienceImages, filerImages } from '../../db/schema/media.ts';
import { storeExperiences } from '../../db/schema/stores.ts';
import type { Ordering } from '../../http/paging.ts';

export type StoreExperienceRow = typeof storeExperiences.$inferSelect;

export type OfferFilters = {
  search?: string;
  lat?: number;
  lon?: number;
  radius?: number;
  location?: string;
  ownership?: 'internal' | 'external';
  supplier?: string;
  type?: 'rental' | 'ticket' | 'transfer';
};

/** Great-circle distance in km from (lat, lon) to the offer (haversine); null without coordinates. */
const distanceKm = (lat: number, lon: number) =>
  sql<number | null>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(sqrt(
    power(sin(radians(${experiences.latitude} - ${lat}::float8) / 2), 2) +
    cos(radians(${lat}::float8)) * cos(radians(${experiences.latitude})) * power(sin(radians(${experiences.longitude} - ${lon}::float8) / 2), 2)
  )))`;

/**
 * What the store filters mean for the store of `accountId`: ownership Internal = the
 * organization's own offers, External = a supplier's offer resold through a partnership;
 * `supplier` = the offering organization. Which offers may be listed at all (`scope`) is the
 * caller's: a store's entries, or what the organization may add (`ownOrShared`).
 */
const offerConditions = (accountId: string, f: OfferFilters, distance: SQL<number | null> | null) => {
  const words = f.search?.trim().toLowerCase();
  const place = f.location?.trim().toLowerCase();
  const radius = f.radius ?? 50;
  return [
    f.ownership === 'internal' ? eq(experiences.accountId, accountId) : undefined,
    f.ownership === 'external' ? ne(experiences.accountId, accountId) : undefined,
    f.supplier ? eq(experiences.accountId, f.supplier) : undefined,
    f.type ? eq(experiences.type, f.type) : undefined,
    words ? sql`${experiences.searchText} like ${likePattern(words)}` : undefined,
    place
      ? sql`(lower(${experiences.city}) like ${likePattern(place)} or lower(${experiences.address}) like ${likePattern(place)})`
      : undefined,
    distance
      ? and(
          // A bounding box first (index-free but cheap), then the exact distance.
          gte(experiences.latitude, (f.lat ?? 0) - radius / 111),
          lte(experiences.latitude, (f.lat ?? 0) + radius / 111),
          sql`${distance} <= ${radius}::float8`,
        )
      : undefined,
  ];
};

const thumbnail = sql<Record<string, { key: string }> | null>`(
  select ${filerImages.variants} from ${experienceImages}
  join ${filerImages} on ${filerImages.id} = ${experienceImages.imageId}
  where ${experienceImages.experienceId} = ${experiences.id}
  order by ${experienceImages.position} limit 1)`;

const offerColumns = (accountId: string, distance: SQL<number | null> | null) => ({
  id: experiences.id,
  title: experiences.title,
  type: experiences.type,
  status: experiences.status,
  visibility: experiences.visibility,
  category: experiences.category,
  city: experiences.city,
  currency: experiences.currency,
  supplierId: baseAccounts.id,
  supplierName: baseAccounts.name,
  thumbnail,
  distance: distance ?? sql<number | null>`null::float8`,
  /** The organization's own, or a partner's shared with it now (a resold offer no longer shared is not sold). */
  sellableHere: sql<boolean>`(${experiences.accountId} = ${accountId} or ${sharedWith(accountId)})`,
});

type Page = { limit: number; offset: number };
export type StoreOfferOrdering = Ordering<'position' | 'title' | 'distance'>;

/** A page of the store's offers with their place in it, filtered; the total comes with the page. */
export const storeOffersPage = async (
  db: Executor,
  accountId: string,
  storeId: string,
  f: OfferFilters & Page & { ordering: StoreOfferOrdering },
) => {
  const distance = f.lat !== undefined && f.lon !== undefined ? distanceKm(f.lat, f.lon) : null;
  const direction = f.ordering.descending ? desc : asc;
  const column =
    f.ordering.field === 'title'
      ? experiences.title
      : f.ordering.field === 'distance' && distance
        ? distance
        : storeExperiences.position;
  const rows = await db
    .select({
      ...offerColumns(accountId, distance),
      position: storeExperiences.position,
      featured: storeExperiences.featured,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(storeExperiences)
    .innerJoin(experiences, eq(experiences.id, storeExperiences.experienceId))
    .innerJoin(baseAccounts, eq(baseAccounts.id, experiences.accountId))
    .where(and(eq(storeExperiences.storeId, storeId), ...offerConditions(accountId, f, distance)))
    .orderBy(direction(column), asc(storeExperiences.position), asc(experiences.id))
    .limit(f.limit)
    .offset(f.offset);
  return rows;
};

/** A page of the organization's offers not yet in the store. */
export const eligibleOffersPage = async (
  db: Executor,
  accountId: string,
  storeId: string,
  f: OfferFilters & Page & { ordering: StoreOfferOrdering },
) => {
  const distance = f.lat !== undefined && f.lon !== undefined ? distanceKm(f.lat, f.lon) : null;
  const direction = f.ordering.descending ? desc : asc;
  const column = f.ordering.field === 'distance' && distance ? distance : experiences.title;
  return db
    .select({ ...offerColumns(accountId, distance), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(experiences)
    .innerJoin(baseAccounts, eq(baseAccounts.id, experiences.accountId))
    .where(
      and(
        ownOrShared(accountId),
        ...offerConditions(accountId, f, distance),
        notExists(
          db
            .select({ one: sql`1` })
            .from(storeExperiences)
            .where(and(eq(storeExperiences.storeId, storeId), eq(storeExperiences.experienceId, experiences.id))),
        ),
      ),
    )
    .orderBy(direction(column), asc(experiences.id))
    .limit(f.limit)
    .offset(f.offset);
};

export const storeEntry = async (db: Executor, storeId: string, experienceId: string) =>
  (
    await db
      .select()
      .from(storeExperiences)
      .where(and(eq(storeExperiences.storeId, storeId), eq(storeExperiences.experienceId, experienceId)))
  )[0] ?? null;

export const entriesCount = async (db: Executor, storeId: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(storeExperiences)
      .where(eq(storeExperiences.storeId, storeId))
  )[0].n;

/** Makes room at `position` (everything from there moves one down). */
export const shiftDown = (tx: Executor, storeId: string, from: number, below?: number) =>
  tx
    .update(storeExperiences)
    .set({ position: sql`${storeExperiences.position} + 1` })
    .where(
      and(
        eq(storeExperiences.storeId, storeId),
        gte(storeExperiences.position, from),
        below === undefined ? undefined : lt(storeExperiences.position, below),
      ),
    );

/** Closes the gap after `position` (everything after it moves one up), up to `through` when given. */
export const shiftUp = (tx: Executor, storeId: string, after: number, through?: number) =>
  tx
    .update(storeExperiences)
    .set({ position: sql`${storeExperiences.position} - 1` })
    .where(
      and(
        eq(storeExperiences.storeId, storeId),
        sql`${storeExperiences.position} > ${after}`,
        through === undefined ? undefined : lte(storeExperiences.position, through),
      ),
    );

export const insertEntry = async (tx: Executor, values: typeof storeExperiences.$inferInsert) =>
  (await tx.insert(storeExperiences).values(values).returning())[0];

export const updateEntry = async (
  tx: Executor,
  entryId: string,
  values: Partial<Pick<StoreExperienceRow, 'position' | 'featured'>>,
) => (await tx.update(storeExperiences).set(values).where(eq(storeExperiences.id, entryId)).returning())[0];

export const deleteEntry = (tx: Executor, entryId: string) => tx.delete(storeExperiences).where(eq(storeExperiences.id, entryId));

/** One of the organization's offers, with what the store needs to know of it. */
export const offerForStore = async (db: Executor, accountId: string, experienceId: string) =>
  (
    await db
      .select(offerColumns(accountId, null))
      .from(experiences)
      .innerJoin(baseAccounts, eq(baseAccounts.id, experiences.accountId))
      .where(and(ownOrShared(accountId), eq(experiences.id, experienceId)))
  )[0] ?? null;

export type StoreOfferRow = NonNullable<Awaited<ReturnType<typeof offerForStore>>>;

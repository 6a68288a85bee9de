import type { PRICING_RATE_ORDERING, PricingCategoryType } from '@excursio/contract/pricing';
import { and, asc, count, countDistinct, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { experiences, pricingCategories, pricingRatePrices, pricingRates } from '../../db/schema/catalog.ts';
import type { Ordering } from '../../http/paging.ts';

export type PricingRateOrderingField = (typeof PRICING_RATE_ORDERING)[number];
export type PricingRateValues = {
  name: string;
  validFrom: string | null;
  validTo: string | null;
  pricingMode: 'per_person' | 'per_group';
  minParticipants: number;
  maxParticipants: number | null;
};
export type RatePriceValues = { pricingCategoryId: string; priceMinor: number; netPriceMinor: number | null };
export type RatePriceRow = RatePriceValues & { categoryName: string; categoryType: PricingCategoryType };

const rateColumns = {
  id: pricingRates.id,
  experienceId: pricingRates.experienceId,
  experienceTitle: experiences.title,
  currency: experiences.currency,
  name: pricingRates.name,
  validFrom: pricingRates.validFrom,
  validTo: pricingRates.validTo,
  pricingMode: pricingRates.pricingMode,
  minParticipants: pricingRates.minParticipants,
  maxParticipants: pricingRates.maxParticipants,
  createdAt: pricingRates.createdAt,
};
export type PricingRateRow = PricingRateValues & {
  id: string;
  experienceId: string;
  experienceTitle: string;
  currency: string;
  createdAt: Date;
};

const ofAccount = (accountId: string) => and(eq(pricingRates.accountId, accountId), eq(experiences.accountId, accountId));

export const listPricingRates = async (
  db: Executor,
  accountId: string,
  query: {
    search?: string;
    experience?: string;
    ordering: Ordering<PricingRateOrderingField>;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    ofAccount(accountId),
    query.experience ? eq(pricingRates.experienceId, query.experience) : undefined,
    searchAny(query.search, pricingRates.name, experiences.title),
  );
  const column = {
    name: pricingRates.name,
    valid_from: pricingRates.validFrom,
    valid_to: pricingRates.validTo,
    created_at: pricingRates.createdAt,
    experience_title: experiences.title,
  }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows: PricingRateRow[] = await db
    .select(rateColumns)
    .from(pricingRates)
    .innerJoin(experiences, eq(experiences.id, pricingRates.experienceId))
    .where(where)
    .orderBy(direction(column), asc(experiences.title), asc(pricingRates.name), asc(pricingRates.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db
    .select({ total: count() })
    .from(pricingRates)
    .innerJoin(experiences, eq(experiences.id, pricingRates.experienceId))
    .where(where);
  return { rows, count: total };
};

export const findPricingRate = async (db: Executor, accountId: string, id: string): Promise<PricingRateRow | null> =>
  (
    await db
      .select(rateColumns)
      .from(pricingRates)
      .innerJoin(experiences, eq(experiences.id, pricingRates.experienceId))
      .where(and(ofAccount(accountId), eq(pricingRates.id, id)))
  )[0] ?? null;

/** The prices of the given rates of the account, by rate id, in category name order. */
export const pricesOfRates = async (db: Executor, accountId: string, rateIds: string[]) => {
  const byRate = new Map<string, RatePriceRow[]>();
  if (rateIds.length === 0) return byRate;
  const rows = await db
    .select({
      rateId: pricingRatePrices.rateId,
      pricingCategoryId: pricingRatePrices.pricingCategoryId,
      priceMinor: pricingRatePrices.priceMinor,
      netPriceMinor: pricingRatePrices.netPriceMinor,
      categoryName: pricingCategories.name,
      categoryType: pricingCategories.type,
    })
    .from(pricingRatePrices)
    .innerJoin(pricingCategories, eq(pricingCategories.id, pricingRatePrices.pricingCategoryId))
    .where(and(eq(pricingRatePrices.accountId, accountId), inArray(pricingRatePrices.rateId, rateIds)))
    .orderBy(asc(pricingCategories.name), asc(pricingCategories.id));
  for (const { rateId, ...price } of rows) byRate.set(rateId, [...(byRate.get(rateId) ?? []), price]);
  return byRate;
};

/** The rate's offer, read without a lock (to know which offer row to lock first). */
export const findRateOffer = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .select({ experienceId: pricingRates.experienceId })
      .from(pricingRates)
      .where(and(eq(pricingRates.accountId, accountId), eq(pricingRates.id, id)))
  )[0]?.experienceId ?? null;

/** Locks the rate row; always taken after its offer's row (offer → rate, as an offer delete cascades). */
export const lockPricingRate = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .select({
        id: pricingRates.id,
        experienceId: pricingRates.experienceId,
        name: pricingRates.name,
        validFrom: pricingRates.validFrom,
        validTo: pricingRates.validTo,
        pricingMode: pricingRates.pricingMode,
        minParticipants: pricingRates.minParticipants,
        maxParticipants: pricingRates.maxParticipants,
      })
      .from(pricingRates)
      .where(and(eq(pricingRates.accountId, accountId), eq(pricingRates.id, id)))
      .for('update')
  )[0] ?? null;

/**
 * Locks offer rows of the account (`SELECT … FOR UPDATE`, in id order so two transactions never
 * wait on each other crosswise); ids of another account or unknown ids are simply absent.
 */
export const lockExperiences = async (db: Executor, accountId: string, ids: string[]) =>
  ids.length === 0
    ? []
    : db
        .select({
          id: experiences.id,
          type: experiences.type,
          status: experiences.status,
          currency: experiences.currency,
        })
        .from(experiences)
        .where(and(eq(experiences.accountId, accountId), inArray(experiences.id, ids)))
        .orderBy(asc(experiences.id))
        .for('update');

/**
 * The ids among these that are pricing categories of the account, locked in share mode: a
 * concurrent delete of one waits for this transaction and then sees its prices.
 */
export const shareLockPricingCategories = async (db: Executor, accountId: string, ids: string[]) => {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: pricingCategories.id })
    .from(pricingCategories)
    .where(and(eq(pricingCategories.accountId, accountId), inArray(pricingCategories.id, ids)))
    .orderBy(asc(pricingCategories.id))
    .for('share');
  return new Set(rows.map((r) => r.id));
};

/** How many rates of the offer have at least one price (optionally not counting one rate). */
export const countPricedRates = async (db: Executor, accountId: string, experienceId: string, exceptRateId?: string) =>
  (
    await db
      .select({ total: countDistinct(pricingRates.id) })
      .from(pricingRates)
      .innerJoin(pricingRatePrices, eq(pricingRatePrices.rateId, pricingRates.id))
      .where(
        and(
          eq(pricingRates.accountId, accountId),
          eq(pricingRatePrices.accountId, accountId),
          eq(pricingRates.experienceId, experienceId),
          exceptRateId ? ne(pricingRates.id, exceptRateId) : undefined,
        ),
      )
  )[0].total;

export const insertPricingRate = async (db: Executor, accountId: string, experienceId: string, values: PricingRateValues) =>
  (
    await db
      .insert(pricingRates)
      .values({ accountId, experienceId, ...values })
      .returning({ id: pricingRates.id })
  )[0];

export const updatePricingRate = async (
  db: Executor,
  accountId: string,
  id: string,
  values: Partial<PricingRateValues> & { experienceId?: string },
) => {
  await db
    .update(pricingRates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(pricingRates.accountId, accountId), eq(pricingRates.id, id)));
};

/** Replaces the rate's prices. The rate must belong to the account (the caller holds its lock). */
export const replaceRatePrices = async (db: Executor, accountId: string, rateId: string, prices: RatePriceValues[]) => {
  await db.delete(pricingRatePrices).where(and(eq(pricingRatePrices.accountId, accountId), eq(pricingRatePrices.rateId, rateId)));
  if (prices.length) await db.insert(pricingRatePrices).values(prices.map((p) => ({ accountId, rateId, ...p })));
};

export const deletePricingRate = async (db: Executor, accountId: string, id: string) => {
  await db.delete(pricingRates).where(and(eq(pricingRates.accountId, accountId), eq(pricingRates.id, id)));
};

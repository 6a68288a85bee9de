import { type PricingRate, type PricingRateInput, type RatePriceInput, rateProblems } from '@excursio/contract/pricing';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, badRequest, invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import { fieldsSnapshot, money, recordChange } from '../audit/audit.service.ts';
import { unsellable } from '../experiences/sellable.ts';
import {
  countPricedRates,
  deletePricingRate,
  findPricingRate,
  findRateOffer,
  insertPricingRate,
  listPricingRates,
  lockExperiences,
  lockPricingRate,
  type PricingRateOrderingField,
  type PricingRateRow,
  type PricingRateValues,
  pricesOfRates,
  type RatePriceRow,
  replaceRatePrices,
  shareLockPricingCategories,
  updatePricingRate,
} from './pricing-rates.repository.ts';

type RateChange = Partial<Omit<PricingRateInput, 'experience_id'>> & { experience_id?: string };

const OFFER_MISSING = 'This offer does not exist.';
const CATEGORY_MISSING = 'This pricing category does not exist.';
const LAST_PRICED_RATE =
  'This offer is active and this is its last rate with a price: an active offer must stay bookable. Set the offer Inactive first.';

const toPricingRate = (row: PricingRateRow, prices: RatePriceRow[]): PricingRate => ({
  id: row.id,
  experience_id: row.experienceId,
  experience_title: row.experienceTitle,
  name: row.name,
  valid_from: row.validFrom,
  valid_to: row.validTo,
  pricing_mode: row.pricingMode,
  min_participants: row.minParticipants,
  max_participants: row.maxParticipants,
  currency: row.currency,
  prices: prices.map((p) => ({
    pricing_category_id: p.pricingCategoryId,
    pricing_category_name: p.categoryName,
    pricing_category_type: p.categoryType,
    price: p.priceMinor,
    net_price: p.netPriceMinor,
  })),
  created_at: row.createdAt.toISOString(),
});

const withPrices = async (db: Executor, accountId: string, rows: PricingRateRow[]) => {
  const prices = await pricesOfRates(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPricingRate(row, prices.get(row.id) ?? []));
};

export const listPricingRatesPage = async (
  db: Db,
  accountId: string,
  query: {
    page: number;
    page_size: number;
    search?: string;
    experience?: string;
    ordering: Ordering<PricingRateOrderingField>;
  },
) => {
  const { rows, count } = await listPricingRates(db, accountId, {
    search: query.search,
    experience: query.experience,
    ordering: query.ordering,
    ...pageWindow(query),
  });
  return { results: await withPrices(db, accountId, rows), count };
};

export const getPricingRate = async (db: Executor, accountId: string, id: string) => {
  const row = await findPricingRate(db, accountId, id);
  if (!row) throw notFound();
  return (await withPrices(db, accountId, [row]))[0];
};

/** What the audit trail keeps of a rate: its fields and each category's price. */
const rateSnapshot = (rate: PricingRate) => ({
  Offer: rate.experience_title,
  ...fieldsSnapshot(rate, ['id', 'experience_id', 'experience_title', 'prices', 'created_at', 'currency']),
  ...Object.fromEntries(
    rate.prices.flatMap((p) => [
      [`Price (${p.pricing_category_name})`, money(p.price, rate.currency)],
      [`Net price (${p.pricing_category_name})`, money(p.net_price, rate.currency)],
    ]),
  ),
});
const auditedRate = (rate: PricingRate) => ({ type: 'rate', id: rate.id, label: rate.name }) as const;

/** The contract's rules of a rate on its own, every problem at once. */
const refuseRateProblems = (rate: Parameters<typeof rateProblems>[0]) => {
  const problems = rateProblems(rate);
  if (problems.length)
    throw new AppError(
      400,
      problems.map((p) => ({ code: 'invalid', ...p })),
    );
};

/** Every priced category must be one of the account's (a foreign id reads as unknown). */
const checkCategories = async (db: Executor, accountId: string, prices: RatePriceInput[]) => {
  const found = await shareLockPricingCategories(db, accountId, [...new Set(prices.map((p) => p.pricing_category_id))]);
  const missing = prices.flatMap((p, i) =>
    found.has(p.pricing_category_id)
      ? []
      : [{ code: 'does_not_exist', detail: CATEGORY_MISSING, attr: `prices.${i}.pricing_category_id` }],
  );
  if (missing.length) throw new AppError(400, missing);
};

const priceValues = (prices: RatePriceInput[]) =>
  prices.map((p) => ({ pricingCategoryId: p.pricing_category_id, priceMinor: p.price, netPriceMinor: p.net_price }));

type RateFields = Omit<PricingRateInput, 'experience_id' | 'prices'>;
const rateValues = (input: RateFields): PricingRateValues => ({
  name: input.name,
  validFrom: input.valid_from,
  validTo: input.valid_to,
  pricingMode: input.pricing_mode,
  minParticipants: input.min_participants,
  maxParticipants: input.max_participants,
});

/** Refuses to leave an Active offer without a priced rate (once `rateId` is gone from it). */
const keepActiveOfferPriced = async (db: Executor, accountId: string, offer: { id: string; status: string }, rateId: string) => {
  if (offer.status !== 'active') return;
  if ((await countPricedRates(db, accountId, offer.id, rateId)) === 0) throw unsellable('rates', LAST_PRICED_RATE);
};

export const createPricingRate = async (db: Db, accountId: string, input: PricingRateInput) => {
  refuseRateProblems(input);
  const id = await db.transaction(async (tx) => {
    const [offer] = await lockExperiences(tx, accountId, [input.experience_id]);
    if (!offer) throw invalid('experience_id', OFFER_MISSING, 'does_not_exist');
    await checkCategories(tx, accountId, input.prices);
    const rate = await insertPricingRate(tx, accountId, offer.id, rateValues(input));
    await replaceRatePrices(tx, accountId, rate.id, priceValues(input.prices));
    const created = await getPricingRate(tx, accountId, rate.id);
    await recordChange(tx, accountId, auditedRate(created), null, rateSnapshot(created));
    return rate.id;
  });
  return getPricingRate(db, accountId, id);
};

/**
 * Locks the rate's offer (and `otherOfferId`, when the rate moves there), then the rate: the same
 * order as an offer delete, which cascades to its rates. Retries when the rate moved meanwhile.
 */
const lockRateWithOffers = async (db: Executor, accountId: string, rateId: string, otherOfferId?: string) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const offerId = await findRateOffer(db, accountId, rateId);
    if (!offerId) throw notFound();
    const offers = await lockExperiences(db, accountId, [...new Set([offerId, otherOfferId ?? offerId])]);
    const rate = await lockPricingRate(db, accountId, rateId);
    if (!rate) throw notFound();
    const offer = offers.find((o) => o.id === rate.experienceId);
    if (offer) return { rate, offer, offers };
  }
  throw badRequest('The rate changed while saving. Try again.', 'concurrent_change');
};

/** PUT (every field given) and PATCH (only the given fields; prices, when given, replace the set). */
export const changePricingRate = async (db: Db, accountId: string, id: string, input: RateChange) => {
  await db.transaction(async (tx) => {
    const { rate, offer, offers } = await lockRateWithOffers(tx, accountId, id, input.experience_id);
    const before = await getPricingRate(tx, accountId, id);
    const target = input.experience_id === undefined ? offer : offers.find((o) => o.id === input.experience_id);
    if (!target) throw invalid('experience_id', OFFER_MISSING, 'does_not_exist');
    const prices =
      input.prices ??
      ((await pricesOfRates(tx, accountId, [id])).get(id) ?? []).map((p) => ({
        pricing_category_id: p.pricingCategoryId,
        price: p.priceMinor,
        net_price: p.netPriceMinor,
      }));
    // A patch of one bound is checked against the stored other one.
    const merged: RateFields = {
      name: input.name ?? rate.name,
      valid_from: input.valid_from === undefined ? rate.validFrom : input.valid_from,
      valid_to: input.valid_to === undefined ? rate.validTo : input.valid_to,
      pricing_mode: input.pricing_mode ?? rate.pricingMode,
      min_participants: input.min_participants ?? rate.minParticipants,
      max_participants: input.max_participants === undefined ? rate.maxParticipants : input.max_participants,
    };
    refuseRateProblems({ ...merged, prices });
    if (input.prices) await checkCategories(tx, accountId, input.prices);
    if (target.id !== offer.id) await keepActiveOfferPriced(tx, accountId, offer, id);
    await updatePricingRate(tx, accountId, id, { ...rateValues(merged), experienceId: target.id });
    if (input.prices) await replaceRatePrices(tx, accountId, id, priceValues(input.prices));
    const after = await getPricingRate(tx, accountId, id);
    await recordChange(tx, accountId, auditedRate(after), rateSnapshot(before), rateSnapshot(after));
  });
  return getPricingRate(db, accountId, id);
};

export const removePricingRate = async (db: Db, accountId: string, id: string) => {
  await db.transaction(async (tx) => {
    const { offer } = await lockRateWithOffers(tx, accountId, id);
    await keepActiveOfferPriced(tx, accountId, offer, id);
    const before = await getPricingRate(tx, accountId, id);
    await deletePricingRate(tx, accountId, id);
    await recordChange(tx, accountId, auditedRate(before), rateSnapshot(before), null);
  });
};

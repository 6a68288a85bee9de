import { randomUUID } from 'node:crypto';
import { pricingCategories, pricingRatePrices, pricingRates } from '../db/schema/catalog.ts';
import type { TestApp } from './app.ts';

const uniq = () => randomUUID().slice(0, 8);
/** Only the account's id is read, so a bare `{ account: { id } }` will do. */
type AccountRef = { account: { id: string } };

/** A pricing category of the account, inserted directly (type Adult unless overridden). */
export const createPricingCategory = async (
  t: TestApp,
  account: AccountRef,
  overrides: Partial<typeof pricingCategories.$inferInsert> = {},
) => {
  const [row] = await t.db
    .insert(pricingCategories)
    .values({ accountId: account.account.id, name: `Category ${uniq()}`, type: 'adult', ...overrides })
    .returning();
  return row;
};

/**
 * A rate of the offer, inserted directly, with these prices (`[{ category, price, net? }]`, minor
 * units). Without prices it is an unpriced rate (which the API itself never stores).
 */
export const createRate = async (
  t: TestApp,
  account: AccountRef,
  experience: { id: string },
  prices: { category: { id: string }; price: number; net?: number | null }[] = [],
  overrides: Partial<typeof pricingRates.$inferInsert> = {},
) => {
  const [rate] = await t.db
    .insert(pricingRates)
    .values({ accountId: account.account.id, experienceId: experience.id, name: `Rate ${uniq()}`, ...overrides })
    .returning();
  if (prices.length) {
    await t.db.insert(pricingRatePrices).values(
      prices.map((p) => ({
        accountId: account.account.id,
        rateId: rate.id,
        pricingCategoryId: p.category.id,
        priceMinor: p.price,
        netPriceMinor: p.net ?? null,
      })),
    );
  }
  return rate;
};

/** An offer-ready pricing: one Adult category and one rate pricing it at `price`. */
export const createPricedRate = async (t: TestApp, account: AccountRef, experience: { id: string }, price = 2500) => {
  const category = await createPricingCategory(t, account);
  const rate = await createRate(t, account, experience, [{ category, price }]);
  return { category, rate };
};

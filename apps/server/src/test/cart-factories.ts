import { randomUUID } from 'node:crypto';
import { bookingQuestions } from '../db/schema/catalog.ts';
import { experienceInventoryItems, inventoryItems } from '../db/schema/inventory.ts';
import type { TestApp } from './app.ts';
import { type createSellableOffer, keyAt } from './availability-factories.ts';
import type { TestAccount, TestUser } from './factories.ts';

type Offer = Awaited<ReturnType<typeof createSellableOffer>>;

/** The user's cart through the API. */
export const cartOf = async (t: TestApp, user: TestUser) => {
  const res = await t.app.inject({ url: '/api/cart/', headers: user.headers });
  if (res.statusCode !== 200) throw new Error(`cart failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; total: number; lines: { id: string }[] };
};

/** The body of a cart line: Adults and Children of the offer's rate on `day`'s start `line`. */
export const lineBody = (offer: Offer, day: string, party: { adults: number; children?: number }, line = 0) => ({
  experience_id: offer.offer.id,
  rate_id: offer.rate.id,
  availability_id: keyAt(day, offer.startTimes[line].id),
  units: [
    { pricing_category_id: offer.adult.id, quantity: party.adults },
    ...(party.children ? [{ pricing_category_id: offer.child.id, quantity: party.children }] : []),
  ],
});

/** An extra (inventory item) sold with the offer. */
export const attachExtra = async (t: TestApp, account: TestAccount, offer: Offer, priceMinor: number) => {
  const [item] = await t.db
    .insert(inventoryItems)
    .values({
      accountId: account.account.id,
      name: `Photos ${randomUUID().slice(0, 4)}`,
      type: 'extras',
      priceMinor,
      currency: 'EUR',
    })
    .returning();
  await t.db
    .insert(experienceInventoryItems)
    .values({ accountId: account.account.id, experienceId: offer.offer.id, itemId: item.id, usage: 'extra' });
  return item;
};

export const askQuestion = async (t: TestApp, account: TestAccount, offer: Offer, question: string, required = true) =>
  (
    await t.db
      .insert(bookingQuestions)
      .values({ accountId: account.account.id, experienceId: offer.offer.id, question, required })
      .returning()
  )[0];

import { randomUUID } from 'node:crypto';
import { inventoryCategories, inventoryItems, inventoryItemTags, inventoryTags } from '../db/schema/inventory.ts';
import type { TestApp } from './app.ts';
import type { TestAccount } from './factories.ts';

const uniq = () => randomUUID().slice(0, 8);

/** An inventory item of the account, inserted directly (Extras, active, 10 in stock unless overridden), with tags. */
export const createInventoryItem = async (
  t: TestApp,
  account: TestAccount,
  overrides: Partial<typeof inventoryItems.$inferInsert> = {},
  tags: { id: string }[] = [],
) => {
  const [row] = await t.db
    .insert(inventoryItems)
    .values({ accountId: account.account.id, name: `Item ${uniq()}`, type: 'extras', stockQuantity: 10, ...overrides })
    .returning();
  if (tags.length) {
    await t.db
      .insert(inventoryItemTags)
      .values(tags.map((tag) => ({ accountId: account.account.id, itemId: row.id, tagId: tag.id })));
  }
  return row;
};

export const createInventoryCategory = async (t: TestApp, account: TestAccount, name = `Category ${uniq()}`) =>
  (await t.db.insert(inventoryCategories).values({ accountId: account.account.id, name }).returning())[0];

export const createInventoryTag = async (t: TestApp, account: TestAccount, name = `Tag ${uniq()}`) =>
  (await t.db.insert(inventoryTags).values({ accountId: account.account.id, name }).returning())[0];

import type { INVENTORY_ITEM_ORDERING, InventoryItemType } from '@excursio/contract/inventory';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { inventoryCategories, inventoryItems, inventoryItemTags, inventoryTags } from '../../db/schema/inventory.ts';
import type { Ordering } from '../../http/paging.ts';

export type ItemOrderingField = (typeof INVENTORY_ITEM_ORDERING)[number];
export type ItemValues = {
  name: string;
  type: InventoryItemType;
  description: string;
  sku: string;
  stockQuantity: number;
  priceMinor: number;
  currency: string;
  isActive: boolean;
  categoryId: string | null;
};
export type ItemRow = ItemValues & { id: string; categoryName: string | null; createdAt: Date };
export type ItemFilters = {
  search?: string;
  is_active?: boolean;
  type?: InventoryItemType;
  category?: string;
  tag?: string;
};

const itemColumns = {
  id: inventoryItems.id,
  name: inventoryItems.name,
  type: inventoryItems.type,
  description: inventoryItems.description,
  sku: inventoryItems.sku,
  stockQuantity: inventoryItems.stockQuantity,
  priceMinor: inventoryItems.priceMinor,
  currency: inventoryItems.currency,
  isActive: inventoryItems.isActive,
  categoryId: inventoryItems.categoryId,
  categoryName: inventoryCategories.name,
  createdAt: inventoryItems.createdAt,
};

const ofAccount = (accountId: string) => eq(inventoryItems.accountId, accountId);

export const listItems = async (
  db: Executor,
  accountId: string,
  query: ItemFilters & { ordering: Ordering<ItemOrderingField>; limit: number; offset: number },
) => {
  const where = and(
    ofAccount(accountId),
    query.is_active === undefined ? undefined : eq(inventoryItems.isActive, query.is_active),
    query.type ? eq(inventoryItems.type, query.type) : undefined,
    query.category ? eq(inventoryItems.categoryId, query.category) : undefined,
    query.tag
      ? inArray(
          inventoryItems.id,
          db
            .select({ id: inventoryItemTags.itemId })
            .from(inventoryItemTags)
            .where(and(eq(inventoryItemTags.accountId, accountId), eq(inventoryItemTags.tagId, query.tag))),
        )
      : undefined,
    searchAny(query.search, inventoryItems.name, inventoryItems.sku),
  );
  const column = {
    name: inventoryItems.name,
    type: inventoryItems.type,
    stock_quantity: inventoryItems.stockQuantity,
    price: inventoryItems.priceMinor,
    created_at: inventoryItems.createdAt,
  }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows: ItemRow[] = await db
    .select(itemColumns)
    .from(inventoryItems)
    .leftJoin(
      inventoryCategories,
      and(eq(inventoryCategories.id, inventoryItems.categoryId), eq(inventoryCategories.accountId, accountId)),
    )
    .where(where)
    .orderBy(direction(column), asc(inventoryItems.name), asc(inventoryItems.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(inventoryItems).where(where);
  return { rows, count: total };
};

export const findItem = async (db: Executor, accountId: string, id: string): Promise<ItemRow | null> =>
  (
    await db
      .select(itemColumns)
      .from(inventoryItems)
      .leftJoin(
        inventoryCategories,
        and(eq(inventoryCategories.id, inventoryItems.categoryId), eq(inventoryCategories.accountId, accountId)),
      )
      .where(and(ofAccount(accountId), eq(inventoryItems.id, id)))
  )[0] ?? null;

/** The tags of the given items of the account, by item id, in name order. */
export const tagsOfItems = async (db: Executor, accountId: string, itemIds: string[]) => {
  const byItem = new Map<string, { id: string; name: string }[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({ itemId: inventoryItemTags.itemId, id: inventoryTags.id, name: inventoryTags.name })
    .from(inventoryItemTags)
    .innerJoin(inventoryTags, eq(inventoryTags.id, inventoryItemTags.tagId))
    .where(and(eq(inventoryItemTags.accountId, accountId), inArray(inventoryItemTags.itemId, itemIds)))
    .orderBy(asc(inventoryTags.name), asc(inventoryTags.id));
  for (const { itemId, ...tag } of rows) byItem.set(itemId, [...(byItem.get(itemId) ?? []), tag]);
  return byItem;
};

/** Locks the item row for the rest of the transaction (edits and deletes serialize). */
export const lockItem = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(and(ofAccount(accountId), eq(inventoryItems.id, id)))
      .for('update')
  )[0] ?? null;

/** Items of the account among these ids, locked in share mode (attaching them to an offer). */
export const shareLockItems = async (db: Executor, accountId: string, ids: string[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: inventoryItems.id, type: inventoryItems.type })
        .from(inventoryItems)
        .where(and(ofAccount(accountId), inArray(inventoryItems.id, ids)))
        .orderBy(asc(inventoryItems.id))
        .for('share');

/** The account's default currency (organization profile). */
export const accountCurrency = async (db: Executor, accountId: string) =>
  (await db.select({ profile: baseAccounts.profile }).from(baseAccounts).where(eq(baseAccounts.id, accountId)))[0]?.profile
    .currency ?? 'EUR';

export const insertItem = async (db: Executor, accountId: string, values: ItemValues) =>
  (
    await db
      .insert(inventoryItems)
      .values({ accountId, ...values })
      .returning({ id: inventoryItems.id })
  )[0];

export const updateItem = async (db: Executor, accountId: string, id: string, values: Partial<ItemValues>) => {
  await db
    .update(inventoryItems)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofAccount(accountId), eq(inventoryItems.id, id)));
};

/** Replaces the item's tags. The item must belong to the account (the caller holds its lock). */
export const setItemTags = async (db: Executor, accountId: string, itemId: string, tagIds: string[]) => {
  await db.delete(inventoryItemTags).where(and(eq(inventoryItemTags.accountId, accountId), eq(inventoryItemTags.itemId, itemId)));
  if (tagIds.length) await db.insert(inventoryItemTags).values(tagIds.map((tagId) => ({ accountId, itemId, tagId })));
};

export const deleteItem = async (db: Executor, accountId: string, id: string) => {
  await db.delete(inventoryItems).where(and(ofAccount(accountId), eq(inventoryItems.id, id)));
};

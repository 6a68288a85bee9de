import type { InventoryItem, InventoryItemInput } from '@excursio/contract/inventory';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import { shareLockGroups } from './inventory-groups.repository.ts';
import {
  accountCurrency,
  deleteItem,
  findItem,
  type ItemFilters,
  type ItemOrderingField,
  type ItemRow,
  type ItemValues,
  insertItem,
  listItems,
  lockItem,
  setItemTags,
  tagsOfItems,
  updateItem,
} from './inventory-items.repository.ts';

type ItemChange = Partial<InventoryItemInput>;

const toItem = (row: ItemRow, tags: { id: string; name: string }[]): InventoryItem => ({
  id: row.id,
  name: row.name,
  type: row.type,
  description: row.description,
  sku: row.sku,
  stock_quantity: row.stockQuantity,
  price: row.priceMinor,
  currency: row.currency,
  is_active: row.isActive,
  category: row.categoryId && row.categoryName !== null ? { id: row.categoryId, name: row.categoryName } : null,
  tags,
  created_at: row.createdAt.toISOString(),
});

const withTags = async (db: Executor, accountId: string, rows: ItemRow[]) => {
  const tags = await tagsOfItems(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toItem(row, tags.get(row.id) ?? []));
};

export const listItemsPage = async (
  db: Db,
  accountId: string,
  query: ItemFilters & { page: number; page_size: number; ordering: Ordering<ItemOrderingField> },
) => {
  const { page, page_size, ...filters } = query;
  const { rows, count } = await listItems(db, accountId, { ...filters, ...pageWindow({ page, page_size }) });
  return { results: await withTags(db, accountId, rows), count };
};

export const getItem = async (db: Executor, accountId: string, id: string) => {
  const row = await findItem(db, accountId, id);
  if (!row) throw notFound();
  return (await withTags(db, accountId, [row]))[0];
};

/** The category and tags must be the account's (a foreign id reads as unknown); tags once each. */
const checkedGroups = async (db: Executor, accountId: string, input: ItemChange) => {
  const problems: { code: string; detail: string; attr: string }[] = [];
  if (input.category_id) {
    const found = await shareLockGroups(db, 'category', accountId, [input.category_id]);
    if (!found.has(input.category_id)) {
      problems.push({ code: 'does_not_exist', detail: 'This inventory category does not exist.', attr: 'category_id' });
    }
  }
  const tagIds = input.tag_ids === undefined ? undefined : [...new Set(input.tag_ids)];
  if (tagIds?.length) {
    const found = await shareLockGroups(db, 'tag', accountId, tagIds);
    input.tag_ids?.forEach((id, i) => {
      if (!found.has(id))
        problems.push({ code: 'does_not_exist', detail: 'This inventory tag does not exist.', attr: `tag_ids.${i}` });
    });
  }
  if (problems.length) throw new AppError(400, problems);
  return tagIds;
};

const itemValues = (input: ItemChange): Partial<ItemValues> => ({
  name: input.name,
  type: input.type,
  description: input.description,
  sku: input.sku,
  stockQuantity: input.stock_quantity,
  priceMinor: input.price,
  currency: input.currency,
  isActive: input.is_active,
  categoryId: input.category_id,
});

/** What an item is when a field is not given: on create, and on PUT (which replaces the item). */
const withDefaults = async (db: Executor, accountId: string, input: InventoryItemInput): Promise<ItemValues> => ({
  name: input.name,
  type: input.type,
  description: input.description ?? '',
  sku: input.sku ?? '',
  stockQuantity: input.stock_quantity ?? 0,
  priceMinor: input.price ?? 0,
  currency: input.currency ?? (await accountCurrency(db, accountId)),
  isActive: input.is_active ?? true,
  categoryId: input.category_id ?? null,
});

export const createItem = async (db: Db, accountId: string, input: InventoryItemInput) => {
  const id = await db.transaction(async (tx) => {
    const tagIds = await checkedGroups(tx, accountId, input);
    const item = await insertItem(tx, accountId, await withDefaults(tx, accountId, input));
    await setItemTags(tx, accountId, item.id, tagIds ?? []);
    return item.id;
  });
  return getItem(db, accountId, id);
};

/** PUT replaces the item (fields not given take their defaults); PATCH changes only the given fields. */
export const changeItem = async (
  db: Db,
  accountId: string,
  id: string,
  change: { replace: true; input: InventoryItemInput } | { replace: false; input: ItemChange },
) => {
  await db.transaction(async (tx) => {
    if (!(await findItem(tx, accountId, id))) throw notFound();
    // Groups before the item: a group delete locks the group, then its items (set null / cascade).
    const tagIds = await checkedGroups(tx, accountId, change.input);
    if (!(await lockItem(tx, accountId, id))) throw notFound();
    const values = change.replace ? await withDefaults(tx, accountId, change.input) : itemValues(change.input);
    await updateItem(tx, accountId, id, values);
    if (change.replace || tagIds !== undefined) await setItemTags(tx, accountId, id, tagIds ?? []);
  });
  return getItem(db, accountId, id);
};

/** Deleting an item also takes it off the offers it was attached to. */
export const removeItem = async (db: Db, accountId: string, id: string) => {
  await db.transaction(async (tx) => {
    if (!(await lockItem(tx, accountId, id))) throw notFound();
    await deleteItem(tx, accountId, id);
  });
};

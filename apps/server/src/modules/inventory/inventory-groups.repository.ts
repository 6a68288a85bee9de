import type { INVENTORY_GROUP_ORDERING } from '@excursio/contract/inventory';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { inventoryCategories, inventoryTags } from '../../db/schema/inventory.ts';
import type { Ordering } from '../../http/paging.ts';

/** Inventory categories and tags: named groups of items, unique by name per account. */
export type GroupKind = 'category' | 'tag';
export type GroupOrderingField = (typeof INVENTORY_GROUP_ORDERING)[number];
export type GroupRow = { id: string; name: string; description: string; itemsCount: number; createdAt: Date };

const tableOf = (kind: GroupKind) => (kind === 'category' ? inventoryCategories : inventoryTags);

// Spelled out: drizzle leaves columns unqualified in single-table selects, which a correlated subquery cannot use.
const itemsCount = (kind: GroupKind, accountId: string) =>
  kind === 'category'
    ? sql<number>`(select count(*)::int from "inventory_items" i where i."category_id" = "inventory_categories"."id" and i."account_id" = ${accountId})`
    : sql<number>`(select count(*)::int from "inventory_item_tags" it where it."tag_id" = "inventory_tags"."id" and it."account_id" = ${accountId})`;

const columns = (kind: GroupKind, accountId: string) => {
  const table = tableOf(kind);
  return {
    id: table.id,
    name: table.name,
    description: kind === 'category' ? inventoryCategories.description : sql<string>`''`,
    itemsCount: itemsCount(kind, accountId),
    createdAt: table.createdAt,
  };
};

const ofAccount = (kind: GroupKind, accountId: string, id?: string) => {
  const table = tableOf(kind);
  return and(eq(table.accountId, accountId), id === undefined ? undefined : eq(table.id, id));
};

export const listGroups = async (
  db: Executor,
  kind: GroupKind,
  accountId: string,
  query: { search?: string; ordering: Ordering<GroupOrderingField>; limit: number; offset: number },
) => {
  const table = tableOf(kind);
  const where = and(ofAccount(kind, accountId), searchAny(query.search, table.name));
  const column = { name: table.name, created_at: table.createdAt, items_count: itemsCount(kind, accountId) }[
    query.ordering.field
  ];
  const direction = query.ordering.descending ? desc : asc;
  const rows: GroupRow[] = await db
    .select(columns(kind, accountId))
    .from(table)
    .where(where)
    .orderBy(direction(column), asc(table.name), asc(table.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(table).where(where);
  return { rows, count: total };
};

export const findGroup = async (db: Executor, kind: GroupKind, accountId: string, id: string): Promise<GroupRow | null> =>
  (
    await db
      .select(columns(kind, accountId))
      .from(tableOf(kind))
      .where(ofAccount(kind, accountId, id))
  )[0] ?? null;

/** Locks the group row for the rest of the transaction (edits and deletes serialize). */
export const lockGroup = async (db: Executor, kind: GroupKind, accountId: string, id: string) =>
  (
    await db
      .select({ id: tableOf(kind).id })
      .from(tableOf(kind))
      .where(ofAccount(kind, accountId, id))
      .for('update')
  )[0] ?? null;

export const groupNameTaken = async (db: Executor, kind: GroupKind, accountId: string, name: string, exceptId?: string) => {
  const table = tableOf(kind);
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(ofAccount(kind, accountId), sql`lower(${table.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
};

/**
 * The ids among these that are groups of the account, locked in share mode: a concurrent delete
 * waits for the transaction that links items to them.
 */
export const shareLockGroups = async (db: Executor, kind: GroupKind, accountId: string, ids: string[]) => {
  if (ids.length === 0) return new Set<string>();
  const table = tableOf(kind);
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(ofAccount(kind, accountId), inArray(table.id, ids)))
    .orderBy(asc(table.id))
    .for('share');
  return new Set(rows.map((r) => r.id));
};

export const insertGroup = async (
  db: Executor,
  kind: GroupKind,
  accountId: string,
  values: { name: string; description?: string },
) => {
  const rows =
    kind === 'category'
      ? await db
          .insert(inventoryCategories)
          .values({ accountId, name: values.name, description: values.description ?? '' })
          .returning({ id: inventoryCategories.id })
      : await db.insert(inventoryTags).values({ accountId, name: values.name }).returning({ id: inventoryTags.id });
  return rows[0];
};

export const updateGroup = async (
  db: Executor,
  kind: GroupKind,
  accountId: string,
  id: string,
  values: { name?: string; description?: string },
) => {
  const updatedAt = new Date();
  if (kind === 'category') {
    await db
      .update(inventoryCategories)
      .set({ ...values, updatedAt })
      .where(ofAccount(kind, accountId, id));
  } else {
    await db
      .update(inventoryTags)
      .set({ name: values.name, updatedAt })
      .where(ofAccount(kind, accountId, id));
  }
};

/** Items of a deleted category keep existing without one; a deleted tag is removed from its items. */
export const deleteGroup = async (db: Executor, kind: GroupKind, accountId: string, id: string) => {
  await db.delete(tableOf(kind)).where(ofAccount(kind, accountId, id));
};

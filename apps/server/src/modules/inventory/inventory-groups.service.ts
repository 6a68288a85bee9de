import type { InventoryCategory, InventoryTag } from '@excursio/contract/inventory';
import type { Db, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import {
  deleteGroup,
  findGroup,
  type GroupKind,
  type GroupOrderingField,
  type GroupRow,
  groupNameTaken,
  insertGroup,
  listGroups,
  lockGroup,
  updateGroup,
} from './inventory-groups.repository.ts';

const NAME_TAKEN: Record<GroupKind, string> = {
  category: 'An inventory category with this name already exists.',
  tag: 'An inventory tag with this name already exists.',
};

type GroupInput = { name?: string; description?: string };

/** Both shapes from one row: a tag has no description, which the tag response schema leaves out. */
const shape = (row: GroupRow): InventoryCategory & InventoryTag => ({
  id: row.id,
  name: row.name,
  description: row.description,
  items_count: row.itemsCount,
  created_at: row.createdAt.toISOString(),
});

/** The unique index backs the name check against a concurrent insert of the same name. */
const translateUnique =
  (kind: GroupKind) =>
  (error: unknown): never => {
    if (uniqueViolation(error) !== null) throw conflict('name', NAME_TAKEN[kind]);
    throw error;
  };

export const listGroupsPage = async (
  db: Db,
  kind: GroupKind,
  accountId: string,
  query: { page: number; page_size: number; search?: string; ordering: Ordering<GroupOrderingField> },
) => {
  const { rows, count } = await listGroups(db, kind, accountId, {
    search: query.search,
    ordering: query.ordering,
    ...pageWindow(query),
  });
  return { results: rows.map(shape), count };
};

export const getGroup = async (db: Executor, kind: GroupKind, accountId: string, id: string) => {
  const row = await findGroup(db, kind, accountId, id);
  if (!row) throw notFound();
  return shape(row);
};

export const createGroup = async (db: Db, kind: GroupKind, accountId: string, input: { name: string; description?: string }) => {
  try {
    const id = await db.transaction(async (tx) => {
      if (await groupNameTaken(tx, kind, accountId, input.name)) throw conflict('name', NAME_TAKEN[kind]);
      return (await insertGroup(tx, kind, accountId, input)).id;
    });
    return await getGroup(db, kind, accountId, id);
  } catch (error) {
    return translateUnique(kind)(error);
  }
};

/** PUT (every field given) and PATCH (only the given fields) share this. */
export const changeGroup = async (db: Db, kind: GroupKind, accountId: string, id: string, input: GroupInput) => {
  try {
    await db.transaction(async (tx) => {
      if (!(await lockGroup(tx, kind, accountId, id))) throw notFound();
      if (input.name !== undefined && (await groupNameTaken(tx, kind, accountId, input.name, id))) {
        throw conflict('name', NAME_TAKEN[kind]);
      }
      await updateGroup(tx, kind, accountId, id, input);
    });
  } catch (error) {
    translateUnique(kind)(error);
  }
  return getGroup(db, kind, accountId, id);
};

/** Items keep existing: a deleted category leaves them uncategorised, a deleted tag is taken off them. */
export const removeGroup = async (db: Db, kind: GroupKind, accountId: string, id: string) => {
  await db.transaction(async (tx) => {
    if (!(await lockGroup(tx, kind, accountId, id))) throw notFound();
    await deleteGroup(tx, kind, accountId, id);
  });
};

import type { FILER_IMAGE_ORDERING } from '@excursio/contract/media';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { filerFolders, filerImages } from '../../db/schema/media.ts';
import type { Ordering } from '../../http/paging.ts';

export type FolderOrderingField = 'name' | 'created_at';
export type ImageOrderingField = (typeof FILER_IMAGE_ORDERING)[number];
export type FolderRow = typeof filerFolders.$inferSelect & { imagesCount: number };
export type ImageRow = typeof filerImages.$inferSelect;

const imagesCount = (accountId: string) =>
  // Spelled out: drizzle leaves columns unqualified in single-table selects, which a correlated subquery cannot use.
  sql<number>`(select count(*)::int from "filer_images" fi where fi."folder_id" = "filer_folders"."id" and fi."account_id" = ${accountId})`;

const folderColumns = (accountId: string) => ({
  id: filerFolders.id,
  accountId: filerFolders.accountId,
  name: filerFolders.name,
  parentId: filerFolders.parentId,
  createdAt: filerFolders.createdAt,
  updatedAt: filerFolders.updatedAt,
  imagesCount: imagesCount(accountId),
});

export const listFolders = async (
  db: Executor,
  accountId: string,
  query: { search?: string; parent?: string; ordering: Ordering<FolderOrderingField>; limit: number; offset: number },
) => {
  const where = and(
    eq(filerFolders.accountId, accountId),
    query.parent === undefined ? undefined : eq(filerFolders.parentId, query.parent),
    searchAny(query.search, filerFolders.name),
  );
  const column = { name: filerFolders.name, created_at: filerFolders.createdAt }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows: FolderRow[] = await db
    .select(folderColumns(accountId))
    .from(filerFolders)
    .where(where)
    .orderBy(direction(column), asc(filerFolders.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(filerFolders).where(where);
  return { rows, count: total };
};

export const findFolder = async (db: Executor, accountId: string, folderId: string): Promise<FolderRow | null> =>
  (
    await db
      .select(folderColumns(accountId))
      .from(filerFolders)
      .where(and(eq(filerFolders.accountId, accountId), eq(filerFolders.id, folderId)))
  )[0] ?? null;

/**
 * Serializes folder-tree changes of one account for the rest of the transaction, so two concurrent
 * moves cannot together form a cycle.
 */
export const lockFolderTree = async (db: Executor, accountId: string) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`filer_folders:${accountId}`}, 0))`);
};

/** Every folder of the account as (id, parent): the tree, for cycle checks and subtree deletes. */
export const folderTree = async (db: Executor, accountId: string) =>
  db
    .select({ id: filerFolders.id, parentId: filerFolders.parentId })
    .from(filerFolders)
    .where(eq(filerFolders.accountId, accountId));

export const insertFolder = async (db: Executor, accountId: string, values: { name: string; parentId: string | null }) =>
  (
    await db
      .insert(filerFolders)
      .values({ accountId, ...values })
      .returning({ id: filerFolders.id })
  )[0];

export const updateFolder = async (
  db: Executor,
  accountId: string,
  folderId: string,
  values: { name?: string; parentId?: string | null },
) => {
  await db
    .update(filerFolders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(filerFolders.accountId, accountId), eq(filerFolders.id, folderId)));
};

/** Deletes the folders; their images stay, unfiled (the foreign key sets folder_id to null). */
export const deleteFolders = async (db: Executor, accountId: string, folderIds: string[]) => {
  if (folderIds.length === 0) return;
  await db.delete(filerFolders).where(and(eq(filerFolders.accountId, accountId), inArray(filerFolders.id, folderIds)));
};

export const listImages = async (
  db: Executor,
  accountId: string,
  query: { search?: string; folder?: string; ordering: Ordering<ImageOrderingField>; limit: number; offset: number },
) => {
  const where = and(
    eq(filerImages.accountId, accountId),
    query.folder === undefined ? undefined : eq(filerImages.folderId, query.folder),
    searchAny(query.search, filerImages.originalName, filerImages.altText),
  );
  const column = {
    created_at: filerImages.createdAt,
    original_name: filerImages.originalName,
    size_bytes: filerImages.sizeBytes,
  }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows = await db
    .select()
    .from(filerImages)
    .where(where)
    .orderBy(direction(column), direction(filerImages.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(filerImages).where(where);
  return { rows, count: total };
};

export const findImage = async (db: Executor, accountId: string, imageId: string): Promise<ImageRow | null> =>
  (
    await db
      .select()
      .from(filerImages)
      .where(and(eq(filerImages.accountId, accountId), eq(filerImages.id, imageId)))
  )[0] ?? null;

export const lockImage = async (db: Executor, accountId: string, imageId: string): Promise<ImageRow | null> =>
  (
    await db
      .select()
      .from(filerImages)
      .where(and(eq(filerImages.accountId, accountId), eq(filerImages.id, imageId)))
      .for('update')
  )[0] ?? null;

export const findImages = async (db: Executor, accountId: string, imageIds: string[]): Promise<ImageRow[]> =>
  imageIds.length === 0
    ? []
    : db
        .select()
        .from(filerImages)
        .where(and(eq(filerImages.accountId, accountId), inArray(filerImages.id, imageIds)));

export const insertImages = async (
  db: Executor,
  accountId: string,
  rows: Omit<typeof filerImages.$inferInsert, 'accountId'>[],
) => {
  if (rows.length) await db.insert(filerImages).values(rows.map((row) => ({ ...row, accountId })));
};

export const updateImage = async (
  db: Executor,
  accountId: string,
  imageId: string,
  values: { altText?: string; folderId?: string | null },
) => {
  await db
    .update(filerImages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(filerImages.accountId, accountId), eq(filerImages.id, imageId)));
};

export const deleteImage = async (db: Executor, accountId: string, imageId: string) => {
  await db.delete(filerImages).where(and(eq(filerImages.accountId, accountId), eq(filerImages.id, imageId)));
};

import type { FilerFolder } from '@excursio/contract/media';
import type { Db, Executor } from '../../db/client.ts';
import { invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import {
  deleteFolders,
  type FolderOrderingField,
  type FolderRow,
  findFolder,
  folderTree,
  insertFolder,
  listFolders,
  lockFolderTree,
  updateFolder,
} from './filer.repository.ts';

const toFolder = (row: FolderRow): FilerFolder => ({
  id: row.id,
  name: row.name,
  parent_id: row.parentId,
  images_count: row.imagesCount,
  created_at: row.createdAt.toISOString(),
});

/** The folder and every folder below it, from the account's (id, parent) pairs. */
export const subtreeOf = (tree: { id: string; parentId: string | null }[], rootId: string): Set<string> => {
  const found = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of tree) {
      if (f.parentId !== null && found.has(f.parentId) && !found.has(f.id)) {
        found.add(f.id);
        grew = true;
      }
    }
  }
  return found;
};

export const listFoldersPage = async (
  db: Db,
  accountId: string,
  query: { page: number; page_size: number; search?: string; parent?: string; ordering: Ordering<FolderOrderingField> },
) => {
  const { rows, count } = await listFolders(db, accountId, { ...query, ...pageWindow(query) });
  return { results: rows.map(toFolder), count };
};

export const getFolder = async (db: Executor, accountId: string, folderId: string) => {
  const row = await findFolder(db, accountId, folderId);
  if (!row) throw notFound();
  return toFolder(row);
};

const checkParent = async (db: Executor, accountId: string, parentId: string | null) => {
  if (parentId !== null && !(await findFolder(db, accountId, parentId))) {
    throw invalid('parent_id', 'This folder does not exist.', 'does_not_exist');
  }
};

export const createFolder = async (db: Db, accountId: string, input: { name: string; parent_id: string | null }) => {
  const id = await db.transaction(async (tx) => {
    await lockFolderTree(tx, accountId);
    await checkParent(tx, accountId, input.parent_id);
    return (await insertFolder(tx, accountId, { name: input.name, parentId: input.parent_id })).id;
  });
  return getFolder(db, accountId, id);
};

/** PUT (every field) and PATCH (given fields). A folder cannot move into itself or below itself. */
export const changeFolder = async (
  db: Db,
  accountId: string,
  folderId: string,
  input: { name?: string; parent_id?: string | null },
) => {
  await db.transaction(async (tx) => {
    await lockFolderTree(tx, accountId);
    if (!(await findFolder(tx, accountId, folderId))) throw notFound();
    if (input.parent_id !== undefined && input.parent_id !== null) {
      await checkParent(tx, accountId, input.parent_id);
      if (subtreeOf(await folderTree(tx, accountId), folderId).has(input.parent_id)) {
        throw invalid('parent_id', 'A folder cannot be moved into itself or one of its subfolders.', 'folder_cycle');
      }
    }
    await updateFolder(tx, accountId, folderId, { name: input.name, parentId: input.parent_id });
  });
  return getFolder(db, accountId, folderId);
};

/** Deletes the folder and its subfolders; their images stay in the library, unfiled. */
export const removeFolder = async (db: Db, accountId: string, folderId: string) => {
  await db.transaction(async (tx) => {
    await lockFolderTree(tx, accountId);
    if (!(await findFolder(tx, accountId, folderId))) throw notFound();
    await deleteFolders(tx, accountId, [...subtreeOf(await folderTree(tx, accountId), folderId)]);
  });
};

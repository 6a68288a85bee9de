import type { FilerImage } from '@excursio/contract/media';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import type { Storage } from '../../integrations/storage.ts';
import { unsellable } from '../experiences/sellable.ts';
import {
  deleteImage,
  findFolder,
  findImage,
  findImages,
  type ImageOrderingField,
  type ImageRow,
  insertImages,
  listImages,
  lockImage,
  updateImage,
} from './filer.repository.ts';
import { countGallery, lockExperiencesOfImage } from './gallery.repository.ts';
import { variantUrls } from './image-urls.ts';
import type { UploadForm } from './uploads.ts';

export const toFilerImage = (row: ImageRow): FilerImage => ({
  id: row.id,
  folder_id: row.folderId,
  original_name: row.originalName,
  alt_text: row.altText,
  width: row.width,
  height: row.height,
  size_bytes: row.sizeBytes,
  urls: variantUrls(row.variants),
  created_at: row.createdAt.toISOString(),
});

/** Storage key of one variant of an image. */
export const variantKey = (accountId: string, imageId: string, variant: string) =>
  `${accountId}/images/${imageId}/${variant}.webp`;

export const listImagesPage = async (
  db: Db,
  accountId: string,
  query: { page: number; page_size: number; search?: string; folder?: string; ordering: Ordering<ImageOrderingField> },
) => {
  const { rows, count } = await listImages(db, accountId, { ...query, ...pageWindow(query) });
  return { results: rows.map(toFilerImage), count };
};

export const getImage = async (db: Executor, accountId: string, imageId: string) => {
  const row = await findImage(db, accountId, imageId);
  if (!row) throw notFound();
  return toFilerImage(row);
};

const checkFolder = async (db: Executor, accountId: string, folderId: string | null | undefined) => {
  if (folderId && !(await findFolder(db, accountId, folderId))) {
    throw invalid('folder_id', 'This folder does not exist.', 'does_not_exist');
  }
};

/**
 * Stores checked, re-encoded uploads: rows and files in one go. `beforeInsert` runs first inside the
 * transaction (the offer upload locks and checks its offer there; `afterInsert` attaches). Files are
 * written inside the transaction and removed again if anything fails, so a refused request leaves
 * neither rows nor files behind. Returns the new image ids in upload order.
 */
export const storeUploads = async (
  db: Db,
  storage: Storage,
  accountId: string,
  form: UploadForm,
  hooks: { beforeInsert?: (tx: Tx) => Promise<void>; afterInsert?: (tx: Tx, imageIds: string[]) => Promise<void> } = {},
) => {
  const prepared = form.files.map((file) => {
    const id = uuidv7();
    return {
      file,
      row: {
        id,
        folderId: form.folderId ?? null,
        originalName: file.originalName,
        altText: form.altText,
        width: file.width,
        height: file.height,
        sizeBytes: file.sizeBytes,
        variants: Object.fromEntries(
          file.variants.map((v) => [v.name, { key: variantKey(accountId, id, v.name), width: v.width, height: v.height }]),
        ),
      },
    };
  });
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await hooks.beforeInsert?.(tx);
      await checkFolder(tx, accountId, form.folderId);
      await insertImages(
        tx,
        accountId,
        prepared.map((p) => p.row),
      );
      await hooks.afterInsert?.(
        tx,
        prepared.map((p) => p.row.id),
      );
      for (const { file, row } of prepared) {
        for (const variant of file.variants) {
          const key = row.variants[variant.name].key;
          written.push(key);
          await storage.put(key, variant.data, 'image/webp');
        }
      }
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
  return prepared.map((p) => p.row.id);
};

export const uploadImages = async (db: Db, storage: Storage, accountId: string, form: UploadForm) => {
  const ids = await storeUploads(db, storage, accountId, form);
  const rows = await findImages(db, accountId, ids);
  return { results: ids.map((id) => toFilerImage(rows.find((r) => r.id === id) as ImageRow)) };
};

/** PUT (both fields) and PATCH (given fields). */
export const changeImage = async (
  db: Db,
  accountId: string,
  imageId: string,
  input: { alt_text?: string; folder_id?: string | null },
) => {
  await db.transaction(async (tx) => {
    if (!(await lockImage(tx, accountId, imageId))) throw notFound();
    await checkFolder(tx, accountId, input.folder_id);
    await updateImage(tx, accountId, imageId, { altText: input.alt_text, folderId: input.folder_id });
  });
  return getImage(db, accountId, imageId);
};

/** Refuses to take the last image of an Active offer (it would no longer be publishable). */
export const refuseLastImageOfActive = (offer: { status: string; title: string }, galleryCount: number) => {
  if (offer.status === 'active' && galleryCount <= 1) {
    throw unsellable(
      'images',
      `This is the only image of the active offer '${offer.title}'. Add another image or deactivate the offer first.`,
    );
  }
};

/** Deletes the image, detaching it from every offer, then its stored files. */
export const removeImage = async (db: Db, storage: Storage, accountId: string, imageId: string, log?: FastifyBaseLogger) => {
  const image = await db.transaction(async (tx) => {
    const row = await lockImage(tx, accountId, imageId);
    if (!row) throw notFound();
    for (const offer of await lockExperiencesOfImage(tx, accountId, imageId)) {
      refuseLastImageOfActive(offer, await countGallery(tx, accountId, offer.id));
    }
    await deleteImage(tx, accountId, imageId);
    return row;
  });
  // After the commit: a failed file delete leaves an orphan file, never a row without its files.
  const results = await Promise.allSettled(Object.values(image.variants).map((v) => storage.delete(v.key)));
  for (const r of results) if (r.status === 'rejected') log?.warn({ err: r.reason, imageId }, 'stored image file not deleted');
};

import type { experienceImage } from '@excursio/contract/experiences';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { invalid, notFound } from '../../http/app-error.ts';
import type { Storage } from '../../integrations/storage.ts';
import {
  appendToGallery,
  detachFromGallery,
  experienceExists,
  type GalleryRow,
  listGallery,
  lockExperience,
  setGalleryOrder,
} from './gallery.repository.ts';
import { variantUrls } from './image-urls.ts';
import { refuseLastImageOfActive, storeUploads } from './images.service.ts';
import type { UploadForm } from './uploads.ts';

type ExperienceImage = z.infer<typeof experienceImage>;

export const toExperienceImage = (row: GalleryRow): ExperienceImage => ({
  id: row.id,
  position: row.position,
  alt_text: row.altText,
  width: row.width,
  height: row.height,
  urls: variantUrls(row.variants),
});

const galleryOf = async (db: Executor, accountId: string, experienceId: string) => ({
  results: (await listGallery(db, accountId, experienceId)).map(toExperienceImage),
});

/** 404 unless the offer is the account's (checked before an upload body is read). */
export const requireExperience = async (db: Db, accountId: string, experienceId: string) => {
  if (!(await experienceExists(db, accountId, experienceId))) throw notFound();
};

/** Uploads images into the library and appends them to the offer's gallery; answers the new entries. */
export const uploadToGallery = async (db: Db, storage: Storage, accountId: string, experienceId: string, form: UploadForm) => {
  const ids = await storeUploads(db, storage, accountId, form, {
    beforeInsert: async (tx) => {
      if (!(await lockExperience(tx, accountId, experienceId))) throw notFound();
    },
    afterInsert: (tx, imageIds) => appendToGallery(tx, accountId, experienceId, imageIds),
  });
  const gallery = await galleryOf(db, accountId, experienceId);
  return { results: gallery.results.filter((image) => ids.includes(image.id)) };
};

/** Takes the image off the offer (it stays in the library); positions close up. */
export const detachImage = async (db: Db, accountId: string, experienceId: string, imageId: string) => {
  await db.transaction(async (tx) => {
    const offer = await lockExperience(tx, accountId, experienceId);
    if (!offer) throw notFound();
    const gallery = await listGallery(tx, accountId, experienceId);
    if (!gallery.some((image) => image.id === imageId)) throw notFound();
    refuseLastImageOfActive(offer, gallery.length);
    await detachFromGallery(tx, accountId, experienceId, imageId);
    await setGalleryOrder(
      tx,
      accountId,
      experienceId,
      gallery.filter((image) => image.id !== imageId).map((image) => image.id),
    );
  });
};

/** New gallery order: exactly the attached image ids, each once. */
export const reorderGallery = async (db: Db, accountId: string, experienceId: string, imageIds: string[]) =>
  db.transaction(async (tx) => {
    if (!(await lockExperience(tx, accountId, experienceId))) throw notFound();
    const attached = (await listGallery(tx, accountId, experienceId)).map((image) => image.id);
    const given = new Set(imageIds);
    if (given.size !== imageIds.length || given.size !== attached.length || attached.some((id) => !given.has(id))) {
      throw invalid('image_ids', "Send every image of the offer's gallery exactly once.", 'invalid_order');
    }
    await setGalleryOrder(tx, accountId, experienceId, imageIds);
    return galleryOf(tx, accountId, experienceId);
  });

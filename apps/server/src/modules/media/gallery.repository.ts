import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { experienceImages, filerImages } from '../../db/schema/media.ts';

// An offer's gallery: `experience_images` rows (offer, image, position), positions 0..n-1.

/** Whether the offer is the account's. */
export const experienceExists = async (db: Executor, accountId: string, experienceId: string) =>
  (
    await db
      .select({ id: experiences.id })
      .from(experiences)
      .where(and(eq(experiences.accountId, accountId), eq(experiences.id, experienceId)))
  ).length > 0;

/** Locks the offer row for the rest of the transaction; null when it is not the account's. */
export const lockExperience = async (db: Executor, accountId: string, experienceId: string) =>
  (
    await db
      .select({ id: experiences.id, status: experiences.status, title: experiences.title })
      .from(experiences)
      .where(and(eq(experiences.accountId, accountId), eq(experiences.id, experienceId)))
      .for('update')
  )[0] ?? null;

/** The offers an image is attached to (locked, in id order so concurrent deletes cannot deadlock). */
export const lockExperiencesOfImage = async (db: Executor, accountId: string, imageId: string) => {
  const ids = await db
    .select({ id: experienceImages.experienceId })
    .from(experienceImages)
    .where(and(eq(experienceImages.accountId, accountId), eq(experienceImages.imageId, imageId)));
  if (ids.length === 0) return [];
  return db
    .select({ id: experiences.id, status: experiences.status, title: experiences.title })
    .from(experiences)
    .where(
      and(
        eq(experiences.accountId, accountId),
        inArray(
          experiences.id,
          ids.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(experiences.id))
    .for('update');
};

export const countGallery = async (db: Executor, accountId: string, experienceId: string) =>
  (
    await db
      .select({ total: count() })
      .from(experienceImages)
      .where(and(eq(experienceImages.accountId, accountId), eq(experienceImages.experienceId, experienceId)))
  )[0].total;

/** The gallery in order, with each image's fields. */
export const listGallery = async (db: Executor, accountId: string, experienceId: string) =>
  db
    .select({
      id: filerImages.id,
      position: experienceImages.position,
      altText: filerImages.altText,
      width: filerImages.width,
      height: filerImages.height,
      variants: filerImages.variants,
    })
    .from(experienceImages)
    .innerJoin(filerImages, eq(filerImages.id, experienceImages.imageId))
    .where(and(eq(experienceImages.accountId, accountId), eq(experienceImages.experienceId, experienceId)))
    .orderBy(asc(experienceImages.position), asc(filerImages.id));

export type GalleryRow = Awaited<ReturnType<typeof listGallery>>[number];

/** Appends images at the end of the gallery. */
export const appendToGallery = async (db: Executor, accountId: string, experienceId: string, imageIds: string[]) => {
  if (imageIds.length === 0) return;
  const [{ last }] = await db
    .select({ last: max(experienceImages.position) })
    .from(experienceImages)
    .where(and(eq(experienceImages.accountId, accountId), eq(experienceImages.experienceId, experienceId)));
  const start = last === null ? 0 : last + 1;
  await db
    .insert(experienceImages)
    .values(imageIds.map((imageId, i) => ({ accountId, experienceId, imageId, position: start + i })));
};

/** Rewrites the positions to 0..n-1 in the given order (every id must be attached). */
export const setGalleryOrder = async (db: Executor, accountId: string, experienceId: string, imageIds: string[]) => {
  for (const [position, imageId] of imageIds.entries()) {
    await db
      .update(experienceImages)
      .set({ position })
      .where(
        and(
          eq(experienceImages.accountId, accountId),
          eq(experienceImages.experienceId, experienceId),
          eq(experienceImages.imageId, imageId),
        ),
      );
  }
};

export const detachFromGallery = async (db: Executor, accountId: string, experienceId: string, imageId: string) =>
  (
    await db
      .delete(experienceImages)
      .where(
        and(
          eq(experienceImages.accountId, accountId),
          eq(experienceImages.experienceId, experienceId),
          eq(experienceImages.imageId, imageId),
        ),
      )
      .returning({ imageId: experienceImages.imageId })
  ).length > 0;

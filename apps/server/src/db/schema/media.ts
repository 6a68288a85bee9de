import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { experiences } from './catalog.ts';
import { createdAt, pk, updatedAt } from './columns.ts';

export const filerFolders = pgTable(
  'filer_folders',
  {
    id: pk(),
    accountId: accountId(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('filer_folders_account_parent_idx').on(t.accountId, t.parentId)],
);

/** An uploaded image, re-encoded into `variants` (name → {key, width, height}) on storage. */
export const filerImages = pgTable(
  'filer_images',
  {
    id: pk(),
    accountId: accountId(),
    folderId: uuid('folder_id').references(() => filerFolders.id, { onDelete: 'set null' }),
    originalName: text('original_name').notNull(),
    altText: text('alt_text').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    variants: jsonb('variants').$type<Record<string, { key: string; width: number; height: number }>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('filer_images_account_folder_idx').on(t.accountId, t.folderId, t.createdAt)],
);

/** The ordered gallery of an offer. */
export const experienceImages = pgTable(
  'experience_images',
  {
    accountId: accountId(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => filerImages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.experienceId, t.imageId] }), index('experience_images_image_idx').on(t.accountId, t.imageId)],
);

/**
 * A provider video (YouTube). `experience_id` set: a video of an offer (`/api/videos/`);
 * null: a video of the organization (`/api/base-account-videos/`).
 */
export const videos = pgTable(
  'videos',
  {
    id: pk(),
    accountId: accountId(),
    experienceId: uuid('experience_id').references(() => experiences.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    provider: text('provider').notNull(),
    providerVideoId: text('provider_video_id').notNull(),
    title: text('title').notNull().default(''),
    thumbnailUrl: text('thumbnail_url').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('videos_account_experience_idx').on(t.accountId, t.experienceId, t.position)],
);

import { z } from 'zod';
import { title } from './catalog-common.ts';
import { id, timestamp } from './common.ts';
import { experienceImage } from './experiences.ts';

/** Upload limits (architecture §5: size and pixel limits, type by content). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 60_000_000; // e.g. 10000 × 6000
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
/** Sizes re-encoded (WebP) for the webstore: name → longest edge in px. */
export const IMAGE_VARIANTS = { thumb: 320, medium: 960, large: 1920 } as const;

export const filerFolderInput = z.strictObject({ name: title, parent_id: id.nullable().default(null) });
export const filerFolderPatchInput = z.strictObject({ name: title, parent_id: id.nullable() }).partial();
export const filerFolder = z.object({
  id,
  name: z.string(),
  parent_id: id.nullable(),
  images_count: z.number().int(),
  created_at: timestamp,
});
export type FilerFolder = z.infer<typeof filerFolder>;
export const filerFolderListFilters = { parent: id.optional() };
export const FILER_FOLDER_ORDERING = ['name', 'created_at'] as const;

export const filerImage = z.object({
  id,
  folder_id: id.nullable(),
  original_name: z.string(),
  alt_text: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size_bytes: z.number().int(),
  /** variant name → URL */
  urls: z.record(z.string(), z.string()),
  created_at: timestamp,
});
export type FilerImage = z.infer<typeof filerImage>;
/**
 * Multipart fields of `POST /api/filer-images/` (and of `PATCH /api/experiences/{id}/images/`, which
 * uploads and attaches to the offer): `file` (one or more), optional `folder_id`, `alt_text`.
 */
export const filerImagePutInput = z.strictObject({ alt_text: z.string().trim().max(300), folder_id: id.nullable() });
export const filerImagePatchInput = filerImagePutInput.partial();
/**
 * 201 answer of both uploads, always this shape (one file or several): `POST /api/filer-images/`
 * answers the created library images, `PATCH /api/experiences/{id}/images/` the created gallery
 * entries (`experienceImage`, appended at the end of the offer's gallery).
 */
export const filerImageUploadResult = z.object({ results: z.array(filerImage) });
/** An offer's gallery in order: the answer of the offer upload and of `reorder-images/`. */
export const experienceImageList = z.object({ results: z.array(experienceImage) });
export const filerImageListFilters = { folder: id.optional() };
export const FILER_IMAGE_ORDERING = ['created_at', 'original_name', 'size_bytes'] as const;

export const videoInput = z.strictObject({
  experience_id: id,
  url: z.url({ protocol: /^https?$/, error: 'Enter a valid video URL.' }),
  title: z.string().trim().max(200).optional(),
});
export const baseAccountVideoInput = videoInput.omit({ experience_id: true });
/** PUT/PATCH of a video: its title and position (the URL is fixed; add a new video for another URL). */
export const videoPutInput = z.strictObject({ title: z.string().trim().max(200), position: z.number().int().min(0).max(10_000) });
export const videoPatchInput = videoPutInput.partial();
export const video = z.object({
  id,
  experience_id: id.nullable(),
  url: z.string(),
  provider: z.string(),
  provider_video_id: z.string(),
  title: z.string(),
  thumbnail_url: z.string(),
  embed_url: z.string(),
  position: z.number().int(),
  created_at: timestamp,
});
export type Video = z.infer<typeof video>;
export const videoListFilters = { experience: id.optional() };
export const VIDEO_ORDERING = ['position', 'created_at'] as const;

// Video links: one parser for the server (which refuses other links) and the web form (which checks first).
export type VideoProvider = 'youtube' | 'vimeo';
export type VideoRef = { provider: VideoProvider; id: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_ID = /^\d{1,12}$/;

const youtubeRef = (id: string | null | undefined): VideoRef | null =>
  id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;

/**
 * The provider and video id of a YouTube (watch?v=, youtu.be/, embed/, shorts/, live/) or Vimeo
 * (vimeo.com/<id>, player.vimeo.com/video/<id>) URL; null for anything else.
 */
export const parseVideoUrl = (raw: string): VideoRef | null => {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return parts.length === 1 ? youtubeRef(parts[0]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') return youtubeRef(url.searchParams.get('v'));
    if (parts.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(parts[0])) return youtubeRef(parts[1]);
    return null;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    // vimeo.com/<id> or vimeo.com/<id>/<privacy hash>
    return parts.length >= 1 && parts.length <= 2 && VIMEO_ID.test(parts[0]) ? { provider: 'vimeo', id: parts[0] } : null;
  }
  if (host === 'player.vimeo.com') {
    return parts.length === 2 && parts[0] === 'video' && VIMEO_ID.test(parts[1]) ? { provider: 'vimeo', id: parts[1] } : null;
  }
  return null;
};

/** The player URL the web app frames (the CSP allows exactly these two hosts). */

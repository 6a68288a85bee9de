import type { Video } from '@excursio/contract/media';
import { parseVideoUrl, type VideoProvider } from '@excursio/contract/media';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import { invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import { embedUrl, fallbackThumbnail, fetchVideoMetadata, type VideoMetadataConfig } from '../../integrations/video.ts';
import { experienceExists } from './gallery.repository.ts';
import {
  deleteVideo,
  findVideo,
  insertVideo,
  listVideos,
  nextVideoPosition,
  updateVideo,
  type VideoOrderingField,
  type VideoRow,
  type VideoScope,
} from './videos.repository.ts';

export const toVideo = (row: VideoRow): Video => ({
  id: row.id,
  experience_id: row.experienceId,
  url: row.url,
  provider: row.provider,
  provider_video_id: row.providerVideoId,
  title: row.title,
  thumbnail_url: row.thumbnailUrl,
  embed_url: embedUrl({ provider: row.provider as VideoProvider, id: row.providerVideoId }),
  position: row.position,
  created_at: row.createdAt.toISOString(),
});

export const listVideosPage = async (
  db: Db,
  accountId: string,
  query: { page: number; page_size: number; scope: VideoScope; ordering: Ordering<VideoOrderingField> },
) => {
  const { rows, count } = await listVideos(db, accountId, { ...query, ...pageWindow(query) });
  return { results: rows.map(toVideo), count };
};

export const getVideo = async (db: Db, accountId: string, videoId: string, scope: VideoScope) => {
  const row = await findVideo(db, accountId, videoId, scope);
  if (!row) throw notFound();
  return toVideo(row);
};

const checkExperience = async (db: Executor, accountId: string, experienceId: string | null) => {
  if (experienceId !== null && !(await experienceExists(db, accountId, experienceId))) {
    throw invalid('experience_id', 'This offer does not exist.', 'does_not_exist');
  }
};

/**
 * Adds a YouTube or Vimeo video at the end of the offer's (or the organization's) videos. Title and
 * thumbnail come from the provider when metadata can be fetched; a title the user gave wins.
 */
export const addVideo = async (
  db: Db,
  config: VideoMetadataConfig,
  accountId: string,
  input: { experience_id: string | null; url: string; title?: string },
  log?: FastifyBaseLogger,
) => {
  const ref = parseVideoUrl(input.url);
  if (!ref) throw invalid('url', 'Enter a YouTube or Vimeo video URL.', 'unsupported_video_url');
  await checkExperience(db, accountId, input.experience_id);
  // Fetched before the transaction: a slow provider never holds a database transaction open.
  const metadata = await fetchVideoMetadata(config, ref, log);
  const row = await db.transaction(async (tx) => {
    await checkExperience(tx, accountId, input.experience_id);
    return insertVideo(tx, accountId, {
      experienceId: input.experience_id,
      url: input.url.trim(),
      provider: ref.provider,
      providerVideoId: ref.id,
      title: input.title || metadata?.title || '',
      thumbnailUrl: metadata?.thumbnailUrl || fallbackThumbnail(ref),
      position: await nextVideoPosition(tx, accountId, input.experience_id),
    });
  });
  return toVideo(row);
};

export const changeVideo = async (
  db: Db,
  accountId: string,
  videoId: string,
  scope: VideoScope,
  input: { title?: string; position?: number },
) => {
  if (!(await findVideo(db, accountId, videoId, scope))) throw notFound();
  const row = await updateVideo(db, accountId, videoId, input);
  if (!row) throw notFound();
  return toVideo(row);
};

export const removeVideo = async (db: Db, accountId: string, videoId: string, scope: VideoScope) => {
  if (!(await findVideo(db, accountId, videoId, scope))) throw notFound();
  await deleteVideo(db, accountId, videoId);
};

import type { VideoRef } from '@excursio/contract/media';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { fetchJson } from './outbound.ts';

export const embedUrl = (ref: VideoRef) =>
  ref.provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${ref.id}` : `https://player.vimeo.com/video/${ref.id}`;

/** The thumbnail used when no metadata could be fetched: YouTube's fixed URL; none for Vimeo. */
export const fallbackThumbnail = (ref: VideoRef) =>
  ref.provider === 'youtube' ? `https://i.ytimg.com/vi/${ref.id}/hqdefault.jpg` : '';

export type VideoMetadata = { title: string; thumbnailUrl: string };

type Snippet = {
  title?: unknown;
  thumbnails?: Record<string, { url?: unknown; width?: unknown } | undefined>;
};

/** The largest thumbnail of a YouTube snippet (maxres → standard → high → medium → default). */
const bestThumbnail = (snippet: Snippet) => {
  for (const size of ['maxres', 'standard', 'high', 'medium', 'default']) {
    const url = snippet.thumbnails?.[size]?.url;
    if (typeof url === 'string' && url.startsWith('https://')) return url;
  }
  return null;
};

export type VideoMetadataConfig = Pick<
  Config,
  'YOUTUBE_API_KEY' | 'VIDEO_API_BASE_URL' | 'VIDEO_API_ALLOWED_HOSTS' | 'OUTBOUND_TIMEOUT_MS'
>;

/**
 * Title and thumbnail from the YouTube Data API (`{base}/videos?key=…&part=snippet&id=…`), or null
 * when no key is configured, the provider is not YouTube, the host is not allow-listed, or the
 * call fails in any way (logged, never thrown: the caller falls back).
 */
export const fetchVideoMetadata = async (
  config: VideoMetadataConfig,
  ref: VideoRef,
  log?: FastifyBaseLogger,
): Promise<VideoMetadata | null> => {
  if (ref.provider !== 'youtube' || !config.YOUTUBE_API_KEY) return null;
  const url = new URL(`${config.VIDEO_API_BASE_URL.replace(/\/+$/, '')}/videos`);
  url.searchParams.set('key', config.YOUTUBE_API_KEY);
  url.searchParams.set('part', 'snippet');
  url.searchParams.set('id', ref.id);
  try {
    const body = (await fetchJson(url, {
      allowedHosts: config.VIDEO_API_ALLOWED_HOSTS,
      timeoutMs: config.OUTBOUND_TIMEOUT_MS,
    })) as { items?: { snippet?: Snippet }[] };
    const snippet = body.items?.[0]?.snippet;
    if (!snippet) return null;
    return {
      title: typeof snippet.title === 'string' ? snippet.title.slice(0, 200) : '',
      thumbnailUrl: bestThumbnail(snippet) ?? fallbackThumbnail(ref),
    };
  } catch (error) {
    // Never log the URL: it carries the API key.
    log?.warn({ provider: ref.provider, videoId: ref.id, reason: (error as Error).message }, 'video metadata fetch failed');
    return null;
  }
};

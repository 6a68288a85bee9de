import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { fetchJson } from './outbound.ts';

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

/** Which provider a pasted video link belongs to (YouTube or Vimeo), with the provider's video id. */
export type VideoLink = { provider: 'youtube' | 'vimeo'; id: string };

const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'youtu.be']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

export const parseVideoUrl = (raw: string): VideoLink | null => {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  if (YOUTUBE_HOSTS.has(host)) {
    const id =
      host === 'youtu.be'
        ? segments[0]
        : segments[0] === 'watch'
          ? url.searchParams.get('v')
          : ['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')
            ? segments[1]
            : null;
    return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = [...segments].reverse().find((segment) => /^\d+$/.test(segment));
    return id ? { provider: 'vimeo', id } : null;
  }
  return null;
};

export const VIDEO_PROVIDER_LABELS: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

import { describe, expect, it } from 'vitest';
import { embedUrl, fallbackThumbnail } from './video.ts';

describe('embed and fallback thumbnail', () => {
  it('frames YouTube without cookies and Vimeo through its player', () => {
    expect(embedUrl({ provider: 'youtube', id: 'dQw4w9WgXcQ' })).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedUrl({ provider: 'vimeo', id: '76979871' })).toBe('https://player.vimeo.com/video/76979871');
    expect(fallbackThumbnail({ provider: 'youtube', id: 'dQw4w9WgXcQ' })).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    expect(fallbackThumbnail({ provider: 'vimeo', id: '76979871' })).toBe('');
  });
});

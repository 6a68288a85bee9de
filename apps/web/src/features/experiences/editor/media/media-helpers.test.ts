import { describe, expect, it } from 'vitest';
import { moveId, orderKey, shownOrder } from './gallery-order.ts';
import { parseVideoUrl } from './video-url.ts';

describe('moveId', () => {
  it('moves an id and clamps at the ends', () => {
    expect(moveId(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveId(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 7, 0)).toEqual(['a', 'b', 'c']);
  });
});

describe('shownOrder (optimistic reorder)', () => {
  const server = ['a', 'b', 'c'];
  it('shows the pending order while the server still has the order it was made from', () => {
    expect(shownOrder(server, { ids: ['b', 'a', 'c'], base: orderKey(server) })).toEqual(['b', 'a', 'c']);
  });
  it('shows the server order without a pending one, or once the server order changed', () => {
    expect(shownOrder(server, null)).toEqual(server);
    expect(shownOrder(['b', 'a', 'c'], { ids: ['b', 'a', 'c'], base: orderKey(server) })).toEqual(['b', 'a', 'c']);
    expect(shownOrder(['a', 'b', 'c', 'd'], { ids: ['b', 'a', 'c'], base: orderKey(server) })).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('parseVideoUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc', 'vimeo', '76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'vimeo', '76979871'],
  ])('reads %s', (url, provider, id) => {
    expect(parseVideoUrl(url)).toEqual({ provider, id });
  });

  it.each([
    'not a url',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://vimeo.com/about',
    'https://example.com/video.mp4',
    'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
  ])('refuses %s', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});

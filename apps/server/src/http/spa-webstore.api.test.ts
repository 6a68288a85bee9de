import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../test/app.ts';
import { decoded, tempWebDist, writeCompressed } from '../test/web-dist.ts';

const INDEX = `<!doctype html><title>Excursio</title><div id="root"></div>${'<!-- padding -->'.repeat(50)}`;
const WEBSTORE = `<!doctype html><title>Webstore</title><div id="store"></div>${'<!-- padding -->'.repeat(50)}`;

const t = useTestApp(() => {
  const dist = tempWebDist();
  writeCompressed(join(dist, 'index.html'), INDEX);
  writeCompressed(join(dist, 'webstore.html'), WEBSTORE);
  return { WEB_DIST: dist };
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ url, headers: { ...hostHeaders('demo'), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

describe('webstore serving', () => {
  it('serves webstore.html for /s and every path below it, compressed and revalidated like index.html', async () => {
    const paths = [
      '/s',
      '/s/',
      '/s/main-store/',
      '/s/main-store/offers/0b7c2f4e-6a51-4c1e-9d3a-1f2e3d4c5b6a',
      '/s/main-store/confirmation?session_id=abcdef0123456789',
      '/s/main-store/embed/offers/0b7c2f4e-6a51-4c1e-9d3a-1f2e3d4c5b6a',
    ];
    for (const url of paths) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, accept);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decoded(res), url).toBe(WEBSTORE);
      }
    }
  });

  it('keeps the dashboard on index.html, also for paths that only start with an s', async () => {
    for (const url of ['/', '/dashboard', '/settings/team', '/sales', '/s-tore', '/stores/list']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(decoded(res), url).toBe(INDEX);
    }
  });

  it('answers a missing file under /s with 404, not with the page', async () => {
    for (const url of ['/s/main-store/logo.png', '/s/app.js']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('lets other sites frame the embeddable widget, and only it', async () => {
    for (const url of [
      '/s/main-store/embed/offers/0b7c2f4e-6a51-4c1e-9d3a-1f2e3d4c5b6a',
      '/s/main-store/embed/cart',
      '/s/main-store/embed',
    ]) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(decoded(res)).toBe(WEBSTORE);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['content-security-policy'], url).toContain('frame-ancestors *');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
    for (const url of ['/s/', '/s/main-store/', '/s/main-store/offers/embed', '/s/embed', '/dashboard']) {
      const res = await get(url, 'br');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });
});

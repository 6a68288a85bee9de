import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../test/app.ts';
import { decoded, tempWebDist, writeCompressed } from '../test/web-dist.ts';

const INDEX = `<!doctype html><title>Excursio</title><div id="root"></div>${'<!-- padding -->'.repeat(50)}`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))})`;

const t = useTestApp(() => {
  const dist = tempWebDist();
  writeCompressed(join(dist, 'index.html'), INDEX);
  writeCompressed(join(dist, 'assets', 'app-123.js'), SCRIPT);
  // Too small to be worth compressing: the build leaves it without siblings.
  writeFileSync(join(dist, 'assets', 'tiny-456.js'), 'export{}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { WEB_DIST: dist };
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ url, headers: { ...hostHeaders('demo'), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

describe('web app serving', () => {
  it('serves index.html for client routes on the bare domain and on subdomains', async () => {
    for (const subdomain of [null, 'demo']) {
      const res = await t.app.inject({ url: '/settings/team/members?pageSize=25', headers: hostHeaders(subdomain) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves built assets and answers a missing asset with 404, not with the page', async () => {
    const asset = await get('/assets/app-123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe(SCRIPT);
    for (const encoding of [undefined, 'br, gzip']) {
      const missing = await get('/assets/app-old.js', encoding);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('application/json');
      expect(missing.headers['content-encoding']).toBeUndefined();
      expect(missing.body).not.toContain('<div id="root">');
    }
  });

  it('sends the brotli file when the client accepts it, gzip when only that, else the file itself', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br'], // what Chromium sends
      ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const;
    for (const [accept, expected] of cases) {
      const res = await get('/assets/app-123.js', accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(expected);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(res)).toBe(SCRIPT);
      if (expected) expect(res.rawPayload.length).toBeLessThan(SCRIPT.length);
    }
  });

  it('serves a file without compressed siblings as it is, still varying on Accept-Encoding', async () => {
    const res = await get('/assets/tiny-456.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe('export{}');
  });

  it('compresses index.html as the fallback for client routes and has it revalidated', async () => {
    for (const url of ['/', '/dashboard', '/auth/login?next=%2Fdashboard', '/index.html']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(res)).toBe(INDEX);
    }
    const gzip = await get('/dashboard', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(INDEX);
    const plain = await get('/dashboard');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });

  it('answers /auth/login with index.html when the build has no login.html (its own entry)', async () => {
    for (const url of ['/auth/login', '/auth/login/?next=%2Fdashboard']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(decoded(res), url).toBe(INDEX);
    }
  });

  it('revalidates public files and does not expose the compressed siblings as URLs of their own', async () => {
    const icon = await get('/favicon.svg', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    for (const url of ['/assets/app-123.js.br', '/assets/app-123.js.gz', '/index.html.gz']) {
      expect((await get(url, 'br')).statusCode, url).toBe(404);
    }
  });

  it('answers HEAD with the headers of the chosen encoding and no body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/assets/app-123.js',
      headers: { ...hostHeaders('demo'), 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });

  it('keeps unknown API paths as JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here/', headers: hostHeaders('demo') });
    expect(res.statusCode).toBe(404);
    expect(res.json().type).toBe('client_error');
    expect(res.json()).toEqual({ type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] });
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../test/app.ts';
import { decoded, tempWebDist, writeCompressed } from '../test/web-dist.ts';

const INDEX = `<!doctype html><title>Excursio</title><div id="root"></div>${'<!-- padding -->'.repeat(50)}`;
const LOGIN = `<!doctype html><title>Excursio</title><div id="root" data-page="login"></div>${'<!-- padding -->'.repeat(50)}`;

const t = useTestApp(() => {
  const dist = tempWebDist();
  writeCompressed(join(dist, 'index.html'), INDEX);
  writeCompressed(join(dist, 'login.html'), LOGIN);
  return { WEB_DIST: dist };
});

const get = (url: string, subdomain: string | null, acceptEncoding?: string) =>
  t.app.inject({ url, headers: { ...hostHeaders(subdomain), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

describe('login page serving', () => {
  it('serves login.html for /auth/login, with or without the slash and with any query, on the bare domain and subdomains', async () => {
    const paths = [
      '/auth/login',
      '/auth/login/',
      '/auth/login?next=%2Fdashboard',
      '/auth/login/?next=%2Fsettings%2Fteam&x=1',
      '/auth/login?',
    ];
    for (const subdomain of [null, 'demo']) {
      for (const url of paths) {
        for (const [accept, encoding] of [
          ['gzip, deflate, br, zstd', 'br'],
          ['gzip', 'gzip'],
          [undefined, undefined],
        ] as const) {
          const where = `${subdomain ?? 'bare'} ${url} ${accept}`;
          const res = await get(url, subdomain, accept);
          expect(res.statusCode, where).toBe(200);
          expect(res.headers['content-type'], where).toContain('text/html');
          expect(res.headers['content-encoding'], where).toBe(encoding);
          expect(res.headers['cache-control'], where).toBe('no-cache');
          expect(res.headers.vary, where).toMatch(/accept-encoding/i);
          expect(decoded(res), where).toBe(LOGIN);
          if (encoding) expect(res.rawPayload.length, where).toBeLessThan(LOGIN.length);
        }
      }
    }
  });

  it('answers HEAD /auth/login with the headers of the chosen encoding and no body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/auth/login',
      headers: { ...hostHeaders(null), 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe('');
  });

  it('keeps every other auth screen and client route on index.html', async () => {
    const paths = [
      '/',
      '/dashboard',
      '/auth/register',
      '/auth/handover?code=abc',
      '/auth/forgot-password',
      '/auth/resend-activation',
      '/auth/activate?token=abc',
      '/auth/login/extra',
      '/auth/loginx',
      '/auth/login-help',
      '/auth',
      '/login',
      '/settings/auth/login',
    ];
    for (const subdomain of [null, 'demo']) {
      for (const url of paths) {
        const res = await get(url, subdomain, 'br');
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe('br');
        expect(decoded(res), url).toBe(INDEX);
      }
    }
  });

  it('keeps the page framing ban and refuses other methods on /auth/login', async () => {
    const res = await get('/auth/login', null, 'br');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const post = await t.app.inject({ method: 'POST', url: '/auth/login', headers: hostHeaders(null), payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toContain('application/json');
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../test/app.ts';

const t = useTestApp(() => {
  const dist = mkdtempSync(join(tmpdir(), 'excursio-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Excursio</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  return { WEB_DIST: dist };
});

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
    const asset = await t.app.inject({ url: '/assets/app-123.js', headers: hostHeaders('demo') });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('console.log(1)');
    const missing = await t.app.inject({ url: '/assets/app-old.js', headers: hostHeaders('demo') });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('keeps unknown API paths as JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here/', headers: hostHeaders('demo') });
    expect(res.statusCode).toBe(404);
    expect(res.json().type).toBe('client_error');
    expect(res.json()).toEqual({ type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] });
  });
});

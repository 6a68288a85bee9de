// Shared by the benches that load the built web app in Chromium (web-assets, webstore-assets,
// webstore-lighthouse): start the server on its own port and PGlite data dir, launch Debian's
// Chromium, measure what a page transfers, and make sure the demo organization has a webstore.
import { execSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { DEMO } from './support.mjs';

export const kb = (bytes) => (bytes / 1024).toFixed(1);
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The built server (run `npm run build` first) on `port` with a fresh `dataDir`; resolves the child process when ready. */
export const startServer = async (port, dataDir, extraEnv = {}) => {
  execSync(`rm -rf ${dataDir}`);
  const env = {
    ...process.env,
    PORT: String(port),
    APP_DOMAIN: `localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill('SIGTERM');
  throw new Error('server did not become ready');
};

export const launchBrowser = () =>
  chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/** Loads `url` in a fresh page of `context`; resolves the JavaScript and CSS it transferred. */
export const measure = async (context, url, ready) => {
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  // Anything the first screen starts after it became ready (prefetches, lazy widgets) counts too.
  await page.waitForLoadState('networkidle');
  const rows = [];
  for (const response of responses) {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') continue;
    const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
    rows.push({
      type,
      url: response.url(),
      encoding: response.headers()['content-encoding'] ?? 'identity',
      served: sizes.responseBodySize,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  }
  return { page, rows };
};

export const summarize = (name, rows) => {
  const lines = [];
  for (const type of ['script', 'stylesheet']) {
    const of = rows.filter((r) => r.type === type);
    const sum = (key) => of.reduce((total, r) => total + r[key], 0);
    const encodings = [...new Set(of.map((r) => r.encoding))].join('+');
    lines.push(
      `${name.padEnd(10)} ${type === 'script' ? 'JS ' : 'CSS'} ${String(of.length).padStart(3)} files  ` +
        `${kb(sum('served')).padStart(7)} KB served (${encodings})  ${kb(sum('gzip')).padStart(7)} KB gzip  ${kb(sum('raw')).padStart(7)} KB raw`,
    );
  }
  return lines;
};

/** The entry script and the modulepreloads of an HTML page, in order (the JavaScript it waits for). */
export const initialScripts = (html) =>
  [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g)].map((m) => m[1]);

/**
 * The demo organization's Active webstore with its Active offers: the seeded one when the server
 * seeds it, else one made through the operator API (as the demo owner). Resolves `{ slug, offerId }`.
 */
export const ensureDemoStore = async (port) => {
  const host = `demo.localhost:${port}`;
  const origin = `http://${host}`;
  const call = (path, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, method, headers: { host, origin, 'content-type': 'application/json', ...headers } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      req.end(body ? JSON.stringify(body) : undefined);
    });
  const storeAndOffer = async () => {
    const { results } = JSON.parse((await call('/api/webstores/')).text);
    const store = results.find((s) => s.is_default) ?? results[0];
    if (!store) return null;
    const offers = JSON.parse((await call(`/api/webstores/experiences/?store=${store.slug}`)).text);
    return offers.results?.[0] ? { slug: store.slug, offerId: offers.results[0].id } : null;
  };
  const found = await storeAndOffer();
  if (found) return found;
  const login = await call('/api/jwt/create/', { method: 'POST', body: DEMO });
  const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const headers = { cookie };
  const experiences = JSON.parse((await call('/api/experiences/?page_size=50', { headers })).text).results;
  const created = await call('/api/stores/', {
    method: 'POST',
    headers,
    body: {
      name: 'Demo Tours',
      status: 'active',
      is_default: true,
      languages: ['en', 'de'],
      headline: 'Discover Lisbon on foot and by water',
      description: 'Small-group tours and rentals run by locals.',
      accent_color: '#0b6e4f',
      terms_url: 'https://example.com/terms',
      privacy_url: 'https://example.com/privacy',
      contact_email: 'hello@example.com',
    },
  });
  if (created.status !== 201 && created.status !== 200) throw new Error(`store not created: ${created.status} ${created.text}`);
  const store = JSON.parse(created.text);
  for (const e of experiences.filter((x) => x.status === 'active')) {
    await call(`/api/stores/${store.id}/add-experience/`, { method: 'POST', headers, body: { experience_id: e.id } });
  }
  const made = await storeAndOffer();
  if (!made) throw new Error('the demo store has no offer');
  return made;
};

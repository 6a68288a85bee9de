// Shared by the benches that load the built web app in Chromium (web-assets, webstore-assets,
// webstore-lighthouse): start the server on its own port and PGlite data dir, launch Debian's
// Chromium, measure what a page transfers, find the demo organization's webstore.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

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
  for (let i = 0; i < 900; i++) {
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

/** The demo organization's seeded default webstore and its first offer: `{ slug, offerId }`. */
export const findDemoStore = async (port) => {
  const host = `demo.localhost:${port}`;
  const get = (path) =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
      });
      req.on('error', reject);
      req.end();
    });
  const { results } = await get('/api/webstores/');
  const store = results.find((s) => s.is_default) ?? results[0];
  if (!store) throw new Error('the demo has no Active webstore (seed/demo-store.ts)');
  const offers = await get(`/api/webstores/experiences/?store=${store.slug}`);
  if (!offers.results?.[0]) throw new Error(`the store ${store.slug} has no offer`);
  return { slug: store.slug, offerId: offers.results[0].id };
};

/**
 * Prints and writes `bench/results/<name>.txt`: the summary lines, then every page's files largest
 * first; with BENCH_SCREENSHOTS=1 also a full-page screenshot of each (`<name-prefix>-<page>.png`).
 */
export const writeAssetsReport = async (name, lines, pages, screenshotPrefix) => {
  const detail = [];
  for (const [page, { rows }] of pages) {
    detail.push('', `${page}:`);
    for (const r of [...rows].sort((a, b) => b.gzip - a.gzip)) {
      detail.push(
        `  ${kb(r.served).padStart(7)} served ${r.encoding.padEnd(8)} ${kb(r.gzip).padStart(7)} gzip  ${new URL(r.url).pathname}`,
      );
    }
  }
  mkdirSync('bench/results', { recursive: true });
  if (process.env.BENCH_SCREENSHOTS === '1') {
    for (const [page, measured] of pages) {
      await measured.page.screenshot({ path: `bench/results/${screenshotPrefix}-${page}.png`, fullPage: true });
    }
  }
  const text = [...lines, ...detail].join('\n');
  console.log(text);
  writeFileSync(`bench/results/${name}.txt`, `${text}\n`);
};

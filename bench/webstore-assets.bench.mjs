// The public webstore's JavaScript budget (`npm run bench:webstore-assets`): initial JS of webstore.html (entry + modulepreloads)
// ≤ 120 KB gzip. Starts the built server (run `npm run build` first; own port and PGlite data dir),
// finds the demo organization's seeded webstore, loads its home and an offer page in Chromium on
// a phone-sized viewport with an empty cache, and prints what each transferred. Exits 1 over budget.
// BENCH_WEBSTORE_ASSETS_PORT (default 3250), BENCH_SCREENSHOTS=1 saves PNGs to bench/results/.
import {
  findDemoStore,
  initialScripts,
  kb,
  launchBrowser,
  measure,
  startServer,
  summarize,
  writeAssetsReport,
} from './web-support.mjs';

const BUDGET_KB = 120;
const port = Number(process.env.BENCH_WEBSTORE_ASSETS_PORT ?? 3250);

const server = await startServer(port, 'data/bench-webstore-assets');
const browser = await launchBrowser();
let over = false;
try {
  const { slug, offerId } = await findDemoStore(port);
  const origin = `http://demo.localhost:${port}`;
  const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
  const lines = [];

  const home = await measure(await browser.newContext(phone), `${origin}/s/`, (page) =>
    page.getByRole('heading', { level: 1 }).waitFor(),
  );
  lines.push(...summarize('home', home.rows));
  const offer = await measure(await browser.newContext(phone), `${origin}/s/${slug}/offers/${offerId}`, (page) =>
    page.getByRole('heading', { name: /^Book$/ }).waitFor(),
  );
  lines.push(...summarize('offer', offer.rows));

  // What webstore.html makes every page wait for: its entry script and the modules it preloads.
  const html = await (await fetch(`http://127.0.0.1:${port}/s/`)).text();
  const initial = initialScripts(html);
  const initialRows = home.rows.filter((r) => initial.includes(new URL(r.url).pathname));
  const missing = initial.filter((path) => !initialRows.some((r) => new URL(r.url).pathname === path));
  if (missing.length > 0) throw new Error(`initial scripts not loaded by the page: ${missing.join(', ')}`);
  const total = initialRows.reduce((t, r) => t + r.gzip, 0);
  over = total / 1024 > BUDGET_KB;
  lines.push(
    `initial    ${initial.length} files (${initial.join(' ')})`,
    `initial JS ${kb(total)} KB gzip (budget ${BUDGET_KB} KB) ${over ? 'OVER BUDGET' : 'ok'}`,
  );
  await writeAssetsReport(
    'webstore-assets',
    lines,
    [
      ['home', home],
      ['offer', offer],
    ],
    'webstore',
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
if (over) process.exit(1);

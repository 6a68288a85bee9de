// What a browser downloads to show the login page and the dashboard of the built app: starts the
// server (PGlite, own port and data dir; run `npm run build` first), loads each page in Debian's
// Chromium with an empty cache and sums the JavaScript as transferred (encoded body bytes, whatever
// encoding the server chose) and as gzip would send it (so a run without compression compares).
// BENCH_WEB_PORT (default 3240), WEB_DIST (default apps/web/dist), BENCH_SCREENSHOTS=1 saves PNGs
// of both pages to bench/results/ for a look.
import { DEMO } from './support.mjs';
import { initialScripts, kb, launchBrowser, measure, startServer, summarize, writeAssetsReport } from './web-support.mjs';

const port = Number(process.env.BENCH_WEB_PORT ?? 3240);
const dataDir = 'data/bench-web';

const server = await startServer(port, dataDir);
const browser = await launchBrowser();
try {
  const lines = [];

  const anonymous = await browser.newContext();
  const login = await measure(anonymous, `http://localhost:${port}/auth/login`, (page) =>
    page.getByRole('button', { name: 'Log in' }).waitFor(),
  );
  lines.push(...summarize('login', login.rows));

  const signedIn = await browser.newContext();
  const origin = `http://demo.localhost:${port}`;
  // Signed in from a page of the subdomain: Node cannot resolve *.localhost, Chromium can.
  const signInPage = await signedIn.newPage();
  await signInPage.goto(`${origin}/healthz`);
  const status = await signInPage.evaluate(async (body) => {
    const res = await fetch('/api/jwt/create/', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return res.status;
  }, JSON.stringify(DEMO));
  if (status !== 200) throw new Error(`demo sign-in failed: ${status}`);
  await signInPage.close();
  const dashboard = await measure(signedIn, `${origin}/dashboard`, (page) =>
    page.getByRole('heading', { name: /^Welcome/ }).waitFor(),
  );
  lines.push(...summarize('dashboard', dashboard.rows));

  // Each page's entry chunk and what its HTML preloads with it: the JavaScript that page waits for
  // (the login page has its own entry, login.html; the dashboard's is index.html).
  for (const [name, path, measured] of [
    ['login', '/auth/login', login],
    ['dashboard', '/', dashboard],
  ]) {
    const html = await (await fetch(`http://127.0.0.1:${port}${path}`)).text();
    const initial = initialScripts(html);
    const initialRows = measured.rows.filter((r) => initial.includes(new URL(r.url).pathname));
    const entryRow = initialRows.find((r) => new URL(r.url).pathname === initial[0]);
    lines.push(
      `entry      ${name.padEnd(10)} ${initial[0]}  ${kb(entryRow.served)} KB served  ${kb(entryRow.gzip)} KB gzip; ` +
        `with its ${initial.length - 1} preloaded imports ${kb(initialRows.reduce((t, r) => t + r.gzip, 0))} KB gzip`,
    );
  }

  await writeAssetsReport(
    'web-assets',
    lines,
    [
      ['login', login],
      ['dashboard', dashboard],
    ],
    'web',
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

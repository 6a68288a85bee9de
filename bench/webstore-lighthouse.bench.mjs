// Lighthouse on the public webstore (mobile emulation, Lighthouse's default throttling): the store
// home and an offer page, performance / accessibility / best practices. Builds nothing: run
// `npm run build` first. Starts the built server on its own port and PGlite data dir (like the other
// benches), finds the demo organization's seeded webstore, and runs Chromium through
// chrome-launcher (CHROME_PATH, default /usr/bin/chromium; headless, no sandbox, no GPU).
// Targets: performance ≥ 95, accessibility 100, best practices ≥ 95; exits 1 below them.
// BENCH_LIGHTHOUSE_PORT (default 3260); the reports go to bench/results/lighthouse-*.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_PATH, findDemoStore, startServer } from './web-support.mjs';

const port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3260);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

const server = await startServer(port, 'data/bench-lighthouse');
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
let failed = false;
try {
  const { slug, offerId } = await findDemoStore(port);
  const origin = `http://demo.localhost:${port}`;
  const pages = [
    ['home', `${origin}/s/${slug}/`],
    ['offer', `${origin}/s/${slug}/offers/${offerId}`],
  ];
  mkdirSync('bench/results', { recursive: true });
  const lines = [];
  for (const [name, url] of pages) {
    // One warm-up load so the server's first-request costs (PGlite, image renditions) are not measured.
    await fetch(url.replace(`demo.localhost:${port}`, `127.0.0.1:${port}`)).catch(() => {});
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
    });
    writeFileSync(`bench/results/lighthouse-${name}.json`, JSON.stringify(lhr, null, 1));
    const scores = Object.keys(TARGETS).map((key) => {
      const score = Math.round((lhr.categories[key]?.score ?? 0) * 100);
      if (score < TARGETS[key]) failed = true;
      return `${key} ${score}${score < TARGETS[key] ? ` (< ${TARGETS[key]})` : ''}`;
    });
    lines.push(`${name.padEnd(6)} ${scores.join('  ')}`);
    lines.push(`       ${METRICS.map((m) => `${m.replace(/-/g, ' ')} ${lhr.audits[m]?.displayValue ?? '—'}`).join(' · ')}`);
    for (const audit of Object.values(lhr.audits)) {
      const weighted = Object.keys(TARGETS).some((key) =>
        lhr.categories[key]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
      );
      if (weighted && audit.score !== null && audit.score < 0.9) {
        lines.push(`       ! ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
  }
  const text = lines.join('\n');
  console.log(text);
  writeFileSync('bench/results/webstore-lighthouse.txt', `${text}\n`);
} finally {
  chrome.kill();
  server.kill('SIGTERM');
}
if (failed) process.exit(1);

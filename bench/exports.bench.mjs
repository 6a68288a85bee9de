// Exports on PostgreSQL: the customers list downloaded as CSV at its limit (100,000 rows, streamed a
// page at a time) and as XLSX at its limit (10,000 rows, built whole), with the time to the first
// byte, the whole download, its size and the server's resident memory sampled during it. The demo
// organization gets ROWS extra customers (at least 10,000); each export is run RUNS times.
//   npm run bench:exports          (BENCH_EXPORT_ROWS=100000 BENCH_EXPORT_RUNS=3 by default)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import pg from 'pg';
import { benchTarget, percentiles, writeReport } from './support.mjs';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const port = 3270;
const { host, pgUrl, startServer, signIn } = benchTarget({
  port,
  database: 'excursio_bench_exports',
  dataDir: 'data/bench-exports',
});

const seed = async () => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const {
    rows: [{ id: account }],
  } = await client.query(`select id from base_accounts where subdomain = 'demo'`);
  const {
    rows: [{ n }],
  } = await client.query('select count(*)::int as n from customers where account_id = $1', [account]);
  if (n < ROWS) {
    await client.query(
      `insert into customers (id, account_id, first_name, last_name, email, phone, country)
       select gen_random_uuid(), $1, 'Guest', 'Guest ' || lpad(n::text, 6, '0'), 'guest-' || n || '@example.test', '+351 21 000 0000', 'PT'
       from generate_series($2::int, $3::int) n`,
      [account, n + 1, ROWS],
    );
    await client.query('analyze customers');
  }
  await client.end();
};

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** One download: time to first byte and to the end, bytes, and the server's peak RSS while it ran. */
const download = (path, headers, pid) =>
  new Promise((resolve, reject) => {
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    const started = performance.now();
    let first = null;
    let bytes = 0;
    const req = request({ host: '127.0.0.1', port, path, headers: { ...headers, host } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
      res.on('data', (chunk) => {
        first ??= performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, rssOf(pid));
        resolve({ firstMs: first, totalMs: performance.now() - started, bytes, rssBefore: before, rssPeak: peak });
      });
    });
    req.on('error', reject);
    req.end();
  });

const server = await startServer();
try {
  await seed(); // with BENCH_KEEP=1, tops a kept database up to ROWS
  const headers = await signIn();
  const cases = [
    { title: `customers CSV, ${ROWS.toLocaleString('en')} rows`, path: '/api/customers/export/?format=csv' },
    // 'guest 00' selects Guest 000001 … Guest 009999: 9,999 rows, just under the XLSX limit.
    { title: 'customers XLSX, 9,999 rows', path: '/api/customers/export/?format=xlsx&search=guest%2000' },
  ];
  const lines = [`exports on PostgreSQL (${ROWS.toLocaleString('en')} customers, ${RUNS} runs each; MB = server RSS)`];
  for (const c of cases) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await download(c.path, headers, server.pid));
    const total = percentiles(runs.map((r) => r.totalMs));
    const first = percentiles(runs.map((r) => r.firstMs));
    const growth = Math.max(...runs.map((r) => r.rssPeak - r.rssBefore));
    lines.push(
      `${c.title}: ${(runs[0].bytes / 1e6).toFixed(1)} MB file; first byte p50 ${first.p50.toFixed(0)} ms; ` +
        `whole p50 ${total.p50.toFixed(0)} ms, max ${total.max.toFixed(0)} ms; server RSS +${growth.toFixed(0)} MB at most ` +
        `(peak ${Math.max(...runs.map((r) => r.rssPeak)).toFixed(0)} MB)`,
    );
  }
  writeReport('exports', lines);
} finally {
  server.kill('SIGTERM');
}

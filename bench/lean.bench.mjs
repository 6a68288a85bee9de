// The product's read path against its practical ceiling: GET /api/experiences/ on the large catalog
// (bench/catalog-seed.mjs) served by the product and by a single-file Fastify + pg reference
// (bench/reference/raw-server.mjs: same SQL, same JSON, no auth), interleaved in one run at 4 and 10
// connections. Reported: req/s and CPU time per request (server process + the PostgreSQL backends of its database, read
// from /proc — steadier than req/s on a shared machine), and /api/users/me/ against /healthz.
//   npm run bench:lean      (needs PostgreSQL at 127.0.0.1:5432; creates database excursio_bench)
// BENCH_DATABASE, BENCH_PORT and BENCH_RAW_PORT move it aside when other checkouts benchmark too.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import pg from 'pg';
import { seedCatalog } from './catalog-seed.mjs';
import { cpuTicks, dbTicks, spent, TICK_MS } from './proc.mjs';
import { benchTarget, DURATION, writeReport } from './support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const RAW_PORT = Number(process.env.BENCH_RAW_PORT ?? 3299);
const DATABASE = process.env.BENCH_DATABASE ?? 'excursio_bench';
const { host, pgUrl, http, startServer, signIn, load } = benchTarget({
  port: PORT,
  database: DATABASE,
});

/**
 * CPU ticks per PostgreSQL backend of the benchmark's database (backends come and go: deltas are
 * taken per process). Other databases' backends are left out: on a shared machine they are other
 * people's work, which would be charged to whichever server is being measured.
 */
const monitor = new pg.Client({ connectionString: pgUrl.replace(/\/[^/]*$/, '/postgres') });
const postgresTicks = () => dbTicks(monitor, DATABASE);

/** One autocannon run with the CPU it cost the server and the database. */
const measure = async (title, serverPid, port, opts) => {
  const [serverBefore, pgBefore] = [cpuTicks(serverPid), await postgresTicks()];
  const result = await load(title, { ...opts, url: `http://127.0.0.1:${port}${opts.path}` });
  const [serverTicks, pgTicks] = [cpuTicks(serverPid) - serverBefore, spent(pgBefore, await postgresTicks())];
  const perRequest = (ticks) => (ticks * TICK_MS) / (result.rps * DURATION);
  return { ...result, cpuMs: perRequest(serverTicks + pgTicks), nodeMs: perRequest(serverTicks), dbMs: perRequest(pgTicks) };
};

const startRaw = async () => {
  const raw = spawn(process.execPath, ['bench/reference/raw-server.mjs'], {
    env: { ...process.env, DATABASE_URL: pgUrl, PORT: String(RAW_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${RAW_PORT}/healthz`)).ok) return raw;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('reference server did not start');
};

/** GET with the organization's Host header (fetch cannot set Host). */
const rawGet = (path) =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: RAW_PORT, path, headers: { host } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });

const server = await startServer();
let raw;
await monitor.connect();
try {
  const seeded = await seedCatalog(pgUrl);
  raw = await startRaw();
  const headers = await signIn();
  const list = '/api/experiences/?page_size=25';
  const scenarios = [
    ['first page', list],
    ['search=kayak&status=active', `${list}&search=kayak&status=active`],
    ['page 150', `${list}&page=150`],
  ];
  // Same answers, or the comparison means nothing (the seed prices the child category below the
  // adult one for about half the offers, so the "from" price rule is compared too).
  const checks = [...scenarios.map(([name, path]) => [name, path, 200]), ['past the last page', `${list}&page=1000`, 404]];
  for (const [name, path, status] of checks) {
    const mine = await http(path, { headers });
    const theirs = await rawGet(path);
    if (mine.status !== status || theirs.status !== status || (status === 200 && mine.body !== theirs.body)) {
      throw new Error(
        `${name}: the product and the reference answer differently\n${mine.body.slice(0, 300)}\n${theirs.body.slice(0, 300)}`,
      );
    }
  }
  const lines = [
    `seeded ${seeded.offers} offers, ${seeded.starts} start times; ${DURATION}s per run; CPU = server process + PostgreSQL backends of ${DATABASE}`,
    'request @ connections                  product req/s  cpu ms (node + db) │ raw req/s  cpu ms (node + db) │ cpu ratio  req/s ratio',
  ];
  const cpu = (r) => `${r.cpuMs.toFixed(2).padStart(7)} (${r.nodeMs.toFixed(2)} + ${r.dbMs.toFixed(2)})`;
  for (const connections of [4, 10]) {
    for (const [name, path] of scenarios) {
      // Warm both (JIT, plans, pools), then measure interleaved.
      await load('warm', { path, headers, connections, duration: 2 });
      await load('warm', { path, headers: { host }, connections, duration: 2, url: `http://127.0.0.1:${RAW_PORT}${path}` });
      const product = await measure(name, server.pid, PORT, { path, headers, connections });
      const reference = await measure(name, raw.pid, RAW_PORT, { path, headers: { host }, connections });
      lines.push(
        `${`${name} @${connections}`.padEnd(38)} ${String(Math.round(product.rps)).padStart(13)} ${cpu(product)} │ ${String(Math.round(reference.rps)).padStart(9)} ${cpu(reference)} │ ${(product.cpuMs / reference.cpuMs).toFixed(2).padStart(9)}  ${(product.rps / reference.rps).toFixed(2).padStart(11)}`,
      );
    }
  }
  const bare = await measure('GET /healthz', server.pid, PORT, { path: '/healthz', connections: 4 });
  const me = await measure('GET /api/users/me/', server.pid, PORT, { path: '/api/users/me/', headers, connections: 4 });
  lines.push(
    `GET /healthz @4: ${Math.round(bare.rps)} req/s (${bare.cpuMs.toFixed(3)} ms CPU)   GET /api/users/me/ @4: ${Math.round(me.rps)} req/s (${me.cpuMs.toFixed(3)} ms CPU)   me/healthz ${(me.rps / bare.rps).toFixed(3)}`,
  );
  writeReport('lean', lines);
} finally {
  await monitor.end();
  raw?.kill('SIGTERM');
  server.kill('SIGTERM');
}

// Shared by the benchmarks: start the built server on its own port and data dir, sign in as the
// demo owner, run autocannon, write the report to the untracked bench/results/.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';

export const PORT = 3200;
export const DOMAIN = `localhost:${PORT}`;
export const HOST = `demo.${DOMAIN}`;
export const ORIGIN = `http://${HOST}`;
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const PGLITE = process.env.BENCH_PGLITE === '1';
export const PG_URL = 'postgres://postgres@127.0.0.1:5432/excursio_bench';
export const DEMO = { email: 'owner@demo.localhost', password: 'excursio-demo-2026' };

/** Fresh database (PostgreSQL unless BENCH_PGLITE=1) and a started server; resolves when ready. */
export const startServer = async () => {
  const env = {
    ...process.env,
    PORT: String(PORT),
    APP_DOMAIN: DOMAIN,
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: 'data/bench',
  };
  if (!PGLITE) {
    execSync('psql -h 127.0.0.1 -U postgres -qc "drop database if exists excursio_bench" -c "create database excursio_bench"');
    env.DATABASE_URL = PG_URL;
  }
  execSync('rm -rf data/bench');
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill('SIGTERM');
  throw new Error('server did not become ready');
};

/** A raw request with a Host header (fetch cannot set Host). Resolves {status, headers, body}. */
export const http = (path, { method = 'GET', headers = {}, body } = {}) =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, method, headers: { host: HOST, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });

/** Signs in as the demo owner; returns headers for authenticated calls. */
export const signIn = async () => {
  const res = await http('/api/jwt/create/', {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status}`);
  return { host: HOST, origin: ORIGIN, cookie, 'content-type': 'application/json' };
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** autocannon run; p95 is computed from every response time (autocannon itself reports p90 and p97.5). */
export const load = (title, opts) =>
  new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(
      { url: `http://127.0.0.1:${PORT}${opts.path}`, connections: CONNECTIONS, duration: DURATION, ...opts },
      (err, res) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        resolve({
          title,
          rps: res.requests.average,
          p50: res.latency.p50,
          p95: Number((percentile(times, 95) ?? 0).toFixed(1)),
          p99: res.latency.p99,
          non2xx: res.non2xx,
          errors: res.errors,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });

/** Prints the results as a table, each with its ratio to the first (the bare route), and saves it. */
export const report = (name, results, extra = []) => {
  const bare = results[0].rps;
  const lines = results.map(
    (r) =>
      `${r.title.padEnd(44)} ${String(Math.round(r.rps)).padStart(7)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}  ratio ${(r.rps / bare).toFixed(3)}`,
  );
  const text = [
    `database: ${PGLITE ? 'PGlite' : 'PostgreSQL'}  connections: ${CONNECTIONS}  duration: ${DURATION}s each`,
    ...extra,
    ...lines,
  ].join('\n');
  console.log(text);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/${name}-${PGLITE ? 'pglite' : 'postgres'}.txt`, `${text}\n`);
};

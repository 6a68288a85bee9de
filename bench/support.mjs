// Shared by the benchmarks: start the server on its own port, data dir and database, sign in as the
// demo owner, run autocannon, write reports to the untracked bench/results/.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const PGLITE = process.env.BENCH_PGLITE === '1';
/** BENCH_KEEP=1: reuse the database and data dir of the last run (a bench that seeds for long can skip it). */
export const KEEP = process.env.BENCH_KEEP === '1';
export const DEMO = { email: 'owner@demo.localhost', password: 'excursio-demo-2026' };

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
export const percentiles = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), min: sorted[0], max: sorted.at(-1) };
};

/**
 * One benchmark target: a server on `port` with its own data dir and (unless BENCH_PGLITE=1) its own
 * PostgreSQL database, so benchmarks can run side by side.
 */
export const benchTarget = ({ port = 3200, database = 'excursio_bench', dataDir = 'data/bench' } = {}) => {
  const host = `demo.localhost:${port}`;
  const origin = `http://${host}`;
  const pgUrl = `postgres://postgres@127.0.0.1:5432/${database}`;

  /** A raw request with a Host header (fetch cannot set Host). Resolves {status, headers, body}. */
  const http = (path, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
      req.end(body);
    });

  /** Fresh database and data dir (unless BENCH_KEEP), server started; resolves with the child process when ready. */
  const startServer = async () => {
    const env = {
      ...process.env,
      PORT: String(port),
      APP_DOMAIN: `localhost:${port}`,
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    };
    if (!PGLITE) {
      const exists = execSync(`psql -h 127.0.0.1 -U postgres -tAc "select 1 from pg_database where datname = '${database}'"`)
        .toString()
        .trim();
      if (!KEEP || !exists)
        execSync(`psql -h 127.0.0.1 -U postgres -qc "drop database if exists ${database}" -c "create database ${database}"`);
      env.DATABASE_URL = pgUrl;
    }
    if (!KEEP) execSync(`rm -rf ${dataDir}`);
    const server = spawn(process.execPath, ['apps/server/src/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    // 30 s unless BENCH_READY_SECONDS says more (a first start migrates and seeds the demo; slow on a busy machine).
    const tries = (Number(process.env.BENCH_READY_SECONDS ?? 30) * 1000) / 200;
    for (let i = 0; i < tries; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return server;
      } catch {}
      await new Promise((r) => setTimeout(r, 200));
    }
    server.kill('SIGTERM');
    throw new Error('server did not become ready');
  };

  /** Signs in as the demo owner; returns headers for authenticated JSON calls. */
  const signIn = async () => {
    const res = await http('/api/jwt/create/', {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status}`);
    return { host, origin, cookie, 'content-type': 'application/json' };
  };

  /** autocannon run; p95 is computed from every response time (autocannon reports p90 and p97.5 only). */
  const load = (title, opts) =>
    new Promise((resolve, reject) => {
      const times = [];
      const instance = autocannon(
        { url: `http://127.0.0.1:${port}${opts.path}`, connections: CONNECTIONS, duration: DURATION, ...opts },
        (err, res) => {
          if (err) return reject(err);
          resolve({
            title,
            rps: res.requests.average,
            p50: res.latency.p50,
            p95: Number((percentiles(times).p95 ?? 0).toFixed(1)),
            p99: res.latency.p99,
            non2xx: res.non2xx,
          });
        },
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    });

  return { host, origin, pgUrl, http, startServer, signIn, load };
};

/** Writes a report (lines) to stdout and bench/results/<name>-<database>.txt. */
export const writeReport = (name, lines) => {
  const text = lines.join('\n');
  console.log(text);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/${name}-${PGLITE ? 'pglite' : 'postgres'}.txt`, `${text}\n`);
};

/** Load results as a table, each with its ratio to the first (the bare route). */
export const loadReport = (name, results, extra = []) => {
  const bare = results[0].rps;
  writeReport(name, [
    `database: ${PGLITE ? 'PGlite' : 'PostgreSQL'}  connections: ${CONNECTIONS}  duration: ${DURATION}s each`,
    ...extra,
    ...results.map(
      (r) =>
        `${r.title.padEnd(44)} ${String(Math.round(r.rps)).padStart(7)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}  ratio ${(r.rps / bare).toFixed(3)}`,
    ),
  ]);
};

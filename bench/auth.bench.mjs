// Login, verify and me under load, against a running server on PostgreSQL (or PGlite with
// BENCH_PGLITE=1), reported next to a bare route (/healthz) on the same machine.
//   npm run bench            (needs PostgreSQL at 127.0.0.1:5432, creates database excursio_bench)
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';

const PORT = 3200;
const DOMAIN = `localhost:${PORT}`;
const HOST = `demo.${DOMAIN}`;
const ORIGIN = `http://${HOST}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const pglite = process.env.BENCH_PGLITE === '1';

const env = {
  ...process.env,
  PORT: String(PORT),
  APP_DOMAIN: DOMAIN,
  RATE_LIMIT_ENABLED: 'false',
  LOG_LEVEL: 'warn',
  DATA_DIR: 'data/bench',
};
if (!pglite) {
  execSync('psql -h 127.0.0.1 -U postgres -qc "drop database if exists excursio_bench" -c "create database excursio_bench"');
  env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/excursio_bench';
}
execSync('rm -rf data/bench');
const server = spawn(process.execPath, ['apps/server/src/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });

const waitReady = async () => {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
};

const run = (title, opts) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url: `http://127.0.0.1:${PORT}${opts.path}`, connections: CONNECTIONS, duration: DURATION, ...opts },
      (err, res) =>
        err
          ? reject(err)
          : resolve({
              title,
              rps: res.requests.average,
              p50: res.latency.p50,
              p97_5: res.latency.p97_5,
              p99: res.latency.p99,
              non2xx: res.non2xx,
              errors: res.errors,
            }),
    ),
  );

try {
  await waitReady();
  const credentials = JSON.stringify({ email: 'owner@demo.localhost', password: 'excursio-demo-2026' });
  // node:http, not fetch: fetch does not let a caller set the Host header.
  const login = await new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: '/api/jwt/create/',
        method: 'POST',
        headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        resolve({ ok: res.statusCode === 200, status: res.statusCode, cookies: res.headers['set-cookie'] ?? [] });
      },
    );
    req.on('error', reject);
    req.end(credentials);
  });
  const cookie = login.cookies.map((c) => c.split(';')[0]).join('; ');
  if (!login.ok || !cookie) throw new Error(`login failed: ${login.status}`);
  const authed = { host: HOST, origin: ORIGIN, cookie, 'content-type': 'application/json' };
  const results = [];
  results.push(await run('bare route GET /healthz', { path: '/healthz' }));
  results.push(
    await run('POST /api/jwt/create/ (argon2id)', {
      path: '/api/jwt/create/',
      method: 'POST',
      headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
      body: credentials,
    }),
  );
  results.push(await run('POST /api/jwt/verify/', { path: '/api/jwt/verify/', method: 'POST', headers: authed, body: '{}' }));
  results.push(await run('GET /api/users/me/', { path: '/api/users/me/', headers: authed }));
  const bare = results[0].rps;
  const lines = results.map(
    (r) =>
      `${r.title.padEnd(36)} ${String(Math.round(r.rps)).padStart(7)} req/s  p50 ${r.p50} ms  p97.5 ${r.p97_5} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}  ratio ${(r.rps / bare).toFixed(3)}`,
  );
  const report = [
    `database: ${pglite ? 'PGlite' : 'PostgreSQL'}  connections: ${CONNECTIONS}  duration: ${DURATION}s each`,
    ...lines,
  ].join('\n');
  console.log(report);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/auth-${pglite ? 'pglite' : 'postgres'}.txt`, `${report}\n`);
} finally {
  server.kill('SIGTERM');
}

// Login, verify and me under load, against a running server on PostgreSQL (or PGlite with
// BENCH_PGLITE=1), reported next to a bare route (/healthz) on the same machine.
//   npm run bench:auth        (needs PostgreSQL at 127.0.0.1:5432, creates database excursio_bench)
import { benchTarget, DEMO, loadReport } from './support.mjs';

const { host, origin, startServer, signIn, load } = benchTarget();

const server = await startServer();
try {
  const authed = await signIn();
  const results = [];
  results.push(await load('bare route GET /healthz', { path: '/healthz' }));
  results.push(
    await load('POST /api/jwt/create/ (argon2id)', {
      path: '/api/jwt/create/',
      method: 'POST',
      headers: { host, origin, 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    }),
  );
  results.push(await load('POST /api/jwt/verify/', { path: '/api/jwt/verify/', method: 'POST', headers: authed, body: '{}' }));
  results.push(await load('GET /api/users/me/', { path: '/api/users/me/', headers: authed }));
  loadReport('auth', results);
} finally {
  server.kill('SIGTERM');
}

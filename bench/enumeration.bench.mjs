// Does the answer time tell whether an email has an account? 100 interleaved samples per endpoint
// against a running server on PostgreSQL (or PGlite with BENCH_PGLITE=1); medians compared.
//   npm run bench:enumeration
import { randomUUID } from 'node:crypto';
import { benchTarget, DEMO, percentiles, writeReport } from './support.mjs';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const { origin, http, startServer } = benchTarget({ port: 3210, database: 'excursio_bench_enum', dataDir: 'data/bench-enum' });
const bare = { origin: origin.replace('demo.', ''), 'content-type': 'application/json' };
const post = async (path, body) => {
  const started = performance.now();
  const res = await http(path, { method: 'POST', headers: { ...bare, host: bare.origin.slice(7) }, body: JSON.stringify(body) });
  const ms = performance.now() - started;
  if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${res.body}`);
  return ms;
};
const registration = (email) => {
  const tag = randomUUID().slice(0, 8);
  return {
    email,
    password: 'Bench-password-2026',
    first_name: 'Bench',
    last_name: 'Mark',
    organization_name: `Bench ${tag}`,
    account_type: 'supplier',
    subdomain: `bench-${tag}`,
  };
};

const server = await startServer();
try {
  // A registered, not yet activated user: the one resend_activation would mail.
  const inactive = `inactive-${randomUUID().slice(0, 8)}@example.com`;
  await post('/api/users/', registration(inactive));
  const cases = [
    ['POST /api/users/reset_password/', (email) => post('/api/users/reset_password/', { email }), DEMO.email],
    ['POST /api/users/resend_activation/', (email) => post('/api/users/resend_activation/', { email }), inactive],
    ['POST /api/users/reset_email/', (email) => post('/api/users/reset_email/', { email }), DEMO.email],
    ['POST /api/users/ (register)', (email) => post('/api/users/', registration(email)), DEMO.email],
  ];
  const lines = [`samples: ${SAMPLES} known + ${SAMPLES} unknown per endpoint, interleaved (order alternating)`];
  for (const [title, run, known] of cases) {
    for (let i = 0; i < 5; i++) await run(`warm-${randomUUID()}@example.com`);
    const times = { known: [], unknown: [] };
    for (let i = 0; i < SAMPLES; i++) {
      const unknownEmail = `nobody-${randomUUID().slice(0, 12)}@example.com`;
      if (i % 2) {
        times.known.push(await run(known));
        times.unknown.push(await run(unknownEmail));
      } else {
        times.unknown.push(await run(unknownEmail));
        times.known.push(await run(known));
      }
    }
    const k = percentiles(times.known).p50;
    const u = percentiles(times.unknown).p50;
    const diff = (Math.abs(k - u) / Math.min(k, u)) * 100;
    lines.push(
      `${title.padEnd(38)} median known ${k.toFixed(2)} ms  unknown ${u.toFixed(2)} ms  difference ${diff.toFixed(1)} %  ${diff < 10 ? 'ok (< 10 %)' : 'OVER 10 %'}`,
    );
  }
  writeReport('enumeration', lines);
} finally {
  server.kill('SIGTERM');
}

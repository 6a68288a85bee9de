// A sell-out rush on PostgreSQL, against the built server (apps/server/dist/main.mjs; build it with
// `npm run build -w @excursio/server`): 200 visitors ask for 1 place each on one start of 50
// (`POST /api/1/reserve/`, all sent at once), several rounds on fresh starts. Reports the time until
// the 50th hold (from the moment the requests were sent), the p50/p99 latency of the refused
// answers and of the granted ones, and checks nothing was oversold.
//   npm run bench:rush             (BENCH_ROUNDS=5 BENCH_WARMUP=1 BENCH_BUYERS=200 BENCH_PLACES=50)
//   BENCH_SERVER=path/to/main.mjs  another build (e.g. main's, to compare before/after)
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { benchTarget, writeReport } from './support.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Rounds run first and not counted (the first requests of a fresh process compile and prepare). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const PLACES = Number(process.env.BENCH_PLACES ?? 50);
const SERVER = process.env.BENCH_SERVER ?? 'apps/server/dist/main.mjs';
const PORT = 3260;
const DATABASE = 'excursio_bench_rush';
const DATA_DIR = 'data/bench-rush';

const { host, origin, http, signIn } = benchTarget({ port: PORT, database: DATABASE, dataDir: DATA_DIR });

/** The built server on its own database and data dir (benchTarget's startServer runs the sources). */
const startBuilt = async () => {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: npm run build -w @excursio/server`);
  execSync(`psql -h 127.0.0.1 -U postgres -qc "drop database if exists ${DATABASE}" -c "create database ${DATABASE}"`);
  execSync(`rm -rf ${DATA_DIR}`);
  const env = {
    ...process.env,
    PORT: String(PORT),
    APP_DOMAIN: `localhost:${PORT}`,
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${DATABASE}`,
  };
  const server = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < (Number(process.env.BENCH_READY_SECONDS ?? 60) * 1000) / 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill('SIGTERM');
  throw new Error('server did not become ready');
};

const json = async (res, expected) => {
  if (res.status !== expected) throw new Error(`${res.status} ${res.body}`);
  return JSON.parse(res.body);
};
const plusDays = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (v) => (v === undefined ? '—' : `${v.toFixed(0)} ms`);

/** One connection per buyer, opened for the rush (as 200 browsers would). */
const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const post = (path, body) =>
  new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method: 'POST',
        agent,
        headers: { host, origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), at: performance.now() }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: String(error), at: performance.now() }));
    req.end(payload);
  });

const server = await startBuilt();
try {
  const headers = await signIn();
  const offers = await json(await http('/api/experiences/?search=Lisbon%20Old%20Town&page_size=5', { headers }), 200);
  const tour = offers.results[0];
  const [y, m] = plusDays(30).split('-').map(Number);
  const config = await json(await http(`/api/bookings/config/?experience_id=${tour.id}&month=${m}&year=${y}`, { headers }), 200);
  const rate = config.rates[0];
  const adult = rate.prices[0].pricing_category_id;

  const rounds = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    // A fresh start far enough ahead, set to PLACES places by an override.
    const date = plusDays(30 + round);
    const day = await json(
      await http(`/api/bookings/check-availability/?experience_id=${tour.id}&date_from=${date}`, { headers }),
      200,
    );
    const slot = day.results.find((s) => s.bookable) ?? day.results[0];
    await json(
      await http('/api/capacity/slots/', {
        method: 'PATCH',
        headers: { ...headers, origin },
        body: JSON.stringify({ experience_id: tour.id, start_time_id: slot.start_time_id, date, capacity: PLACES }),
      }),
      200,
    );
    const body = {
      productId: tour.id,
      availabilityId: slot.id,
      rateId: rate.id,
      units: [{ pricingCategoryId: adult, quantity: 1 }],
    };
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: BUYERS }, () => post('/api/1/reserve/', body)));
    const took = answers.map((a) => a.at - started);
    const granted = took.filter((_, i) => answers[i].status === 201).sort((a, b) => a - b);
    const refused = took.filter((_, i) => answers[i].status === 409).sort((a, b) => a - b);
    const codes = new Set(answers.filter((a) => a.status === 409).map((a) => JSON.parse(a.body).errors[0].code));
    const failed = answers.filter((a) => a.status !== 201 && a.status !== 409);
    const after = await json(
      await http(`/api/bookings/check-availability/?experience_id=${tour.id}&date_from=${date}`, { headers }),
      200,
    );
    const held = after.results.find((s) => s.id === slot.id).held;
    rounds.push({
      granted: granted.length,
      refused: refused.length,
      failed: failed.length,
      held,
      codes: [...codes].join(','),
      nth: granted[PLACES - 1],
      grantedP50: percentile(granted, 50),
      refusedP50: percentile(refused, 50),
      refusedP99: percentile(refused, 99),
      refusedMax: refused.at(-1),
      all: took.sort((a, b) => a - b).at(-1),
    });
    if (failed.length) console.error(`round ${round}: ${failed.length} failed, first: ${failed[0].status} ${failed[0].body}`);
    if (round < WARMUP) rounds.pop();
  }
  const med = (key) => median(rounds.map((r) => r[key]).filter((v) => v !== undefined));
  writeReport('rush', [
    `PostgreSQL, built server ${SERVER}: ${BUYERS} parallel holds of 1 place on a start of ${PLACES}, ${ROUNDS} rounds after ${WARMUP} not counted`,
    ...rounds.map(
      (r, i) =>
        `round ${i + 1}: ${r.granted} held (slot says ${r.held}), ${r.refused} refused (${r.codes}), ${r.failed} other;` +
        `  ${PLACES}th hold ${ms(r.nth)}  held p50 ${ms(r.grantedP50)}  refused p50 ${ms(r.refusedP50)} p99 ${ms(r.refusedP99)} max ${ms(r.refusedMax)}  last answer ${ms(r.all)}`,
    ),
    `median: ${PLACES}th hold ${ms(med('nth'))}  held p50 ${ms(med('grantedP50'))}  refused p50 ${ms(med('refusedP50'))}  refused p99 ${ms(med('refusedP99'))}  last answer ${ms(med('all'))}`,
    `oversold in any round: ${rounds.some((r) => r.granted > PLACES || r.held > PLACES) ? 'YES' : 'no'}`,
  ]);
} finally {
  server.kill('SIGTERM');
}

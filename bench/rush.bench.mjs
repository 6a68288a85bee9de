// A sell-out rush on PostgreSQL, against the built server (apps/server/dist/main.mjs; build it with
// `npm run build -w @excursio/server`): 200 visitors ask for 1 place each on one start of 50
// (`POST /api/1/reserve/`, all sent at once), several rounds on fresh starts; then 200 more on the
// start now full. Reports the time until the 50th hold (from the moment the requests were sent), the
// p50/p99 latency of the refused answers and of the granted ones, and checks nothing was oversold.
//   npm run bench:rush             (BENCH_ROUNDS=5 BENCH_WARMUP=1 BENCH_BUYERS=200 BENCH_PLACES=50)
//   BENCH_SERVER=path/to/main.mjs  another build; BENCH_SERVER=before=a/main.mjs,after=b/main.mjs runs
//                                  both side by side (own ports and databases), rounds interleaved
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { benchTarget, writeReport } from './support.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Rounds run first and not counted (the first requests of a fresh process compile and prepare). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const PLACES = Number(process.env.BENCH_PLACES ?? 50);
/** One build, or several `name=path` pairs run side by side, their rounds interleaved. */
const SERVERS = (process.env.BENCH_SERVER ?? 'apps/server/dist/main.mjs').split(',').map((entry, i) => {
  const [name, path] = entry.includes('=') ? entry.split('=') : [entry, entry];
  return { name, path, index: i };
});

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (v) => (v === undefined ? '—' : `${v.toFixed(0)} ms`);
const plusDays = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const json = async (res, expected) => {
  if (res.status !== expected) throw new Error(`${res.status} ${res.body}`);
  return JSON.parse(res.body);
};
/** Flags for the servers' node (e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** One connection per buyer, opened for the rush (as 200 browsers would). */
const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/** A built server on its own port, database and data dir, with the demo's walk priced for the rush. */
const rushTarget = ({ name, path, index }) => {
  const port = 3260 + index;
  const database = `excursio_bench_rush${index ? `_${index}` : ''}`;
  const dataDir = `data/bench-rush${index ? `-${index}` : ''}`;
  const { host, origin, http, signIn } = benchTarget({ port, database, dataDir });
  const start = async () => {
    if (!existsSync(path)) throw new Error(`${path} is missing: npm run build -w @excursio/server`);
    execSync(`psql -h 127.0.0.1 -U postgres -qc "drop database if exists ${database}" -c "create database ${database}"`);
    execSync(`rm -rf ${dataDir}`);
    const env = {
      ...process.env,
      PORT: String(port),
      APP_DOMAIN: `localhost:${port}`,
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
    };
    const server = spawn(process.execPath, [...NODE_ARGS, path], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    for (let i = 0; i < (Number(process.env.BENCH_READY_SECONDS ?? 60) * 1000) / 200; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return server;
      } catch {}
      await new Promise((r) => setTimeout(r, 200));
    }
    server.kill('SIGTERM');
    throw new Error(`${name}: server did not become ready`);
  };
  const post = (url, body) =>
    new Promise((resolve) => {
      const payload = JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: url,
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
  const rushAll = async (body) => {
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: BUYERS }, () => post('/api/1/reserve/', body)));
    return answers.map((a) => ({ ...a, took: a.at - started }));
  };
  let headers;
  let tour;
  let rate;
  let adult;
  const prepare = async () => {
    headers = await signIn();
    const offers = await json(await http('/api/experiences/?search=Lisbon%20Old%20Town&page_size=5', { headers }), 200);
    tour = offers.results[0];
    const [y, m] = plusDays(30).split('-').map(Number);
    const config = await json(
      await http(`/api/bookings/config/?experience_id=${tour.id}&month=${m}&year=${y}`, { headers }),
      200,
    );
    rate = config.rates[0];
    adult = rate.prices[0].pricing_category_id;
  };
  const dayOf = async (date) =>
    json(await http(`/api/bookings/check-availability/?experience_id=${tour.id}&date_from=${date}`, { headers }), 200);
  /** One round on a fresh start: the rush, then as many buyers again on the start now full. */
  const round = async (n) => {
    const date = plusDays(30 + n);
    const slot = (await dayOf(date)).results.find((s) => s.bookable);
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
    const answers = await rushAll(body);
    const late = await rushAll(body);
    const times = (list, status) =>
      list
        .filter((a) => a.status === status)
        .map((a) => a.took)
        .sort((a, b) => a - b);
    const granted = times(answers, 201);
    const refused = times(answers, 409);
    const lateRefused = times(late, 409);
    const failed = [...answers, ...late].filter((a) => a.status !== 201 && a.status !== 409);
    if (failed.length) console.error(`${name} round ${n}: ${failed.length} failed, first: ${failed[0].status} ${failed[0].body}`);
    const codes = new Set([...answers, ...late].filter((a) => a.status === 409).map((a) => JSON.parse(a.body).errors[0].code));
    return {
      granted: granted.length + late.filter((a) => a.status === 201).length,
      refused: refused.length,
      failed: failed.length,
      held: (await dayOf(date)).results.find((s) => s.id === slot.id).held,
      codes: [...codes].join(','),
      nth: granted[PLACES - 1],
      grantedP50: percentile(granted, 50),
      refusedP50: percentile(refused, 50),
      refusedP99: percentile(refused, 99),
      last: answers
        .map((a) => a.took)
        .sort((a, b) => a - b)
        .at(-1),
      lateP50: percentile(lateRefused, 50),
      lateP99: percentile(lateRefused, 99),
    };
  };
  return { name, path, start, prepare, round };
};

const targets = SERVERS.map(rushTarget);
const servers = [];
try {
  for (const target of targets) {
    servers.push(await target.start());
    await target.prepare();
  }
  const rounds = new Map(targets.map((t) => [t.name, []]));
  for (let n = 0; n < WARMUP + ROUNDS; n++) {
    // Interleaved: each build's round n on its own start of the same date.
    for (const target of n % 2 ? [...targets].reverse() : targets) {
      const result = await target.round(n);
      if (n >= WARMUP) rounds.get(target.name).push(result);
    }
  }
  const lines = [
    `PostgreSQL, built servers: ${BUYERS} parallel holds of 1 place on a start of ${PLACES}, then ${BUYERS} more on the full start; ${ROUNDS} rounds after ${WARMUP} not counted${targets.length > 1 ? ', interleaved' : ''}`,
  ];
  for (const target of targets) {
    const list = rounds.get(target.name);
    const med = (key) => median(list.map((r) => r[key]).filter((v) => v !== undefined));
    lines.push(`${target.name} (${target.path})`);
    for (const [i, r] of list.entries()) {
      lines.push(
        `  round ${i + 1}: ${r.granted} held (start says ${r.held}), ${r.refused} refused (${r.codes}), ${r.failed} other;` +
          `  ${PLACES}th hold ${ms(r.nth)}  held p50 ${ms(r.grantedP50)}  refused p50 ${ms(r.refusedP50)} p99 ${ms(r.refusedP99)}` +
          `  last ${ms(r.last)};  on the full start p50 ${ms(r.lateP50)} p99 ${ms(r.lateP99)}`,
      );
    }
    lines.push(
      `  median: ${PLACES}th hold ${ms(med('nth'))}  held p50 ${ms(med('grantedP50'))}  refused p50 ${ms(med('refusedP50'))}` +
        `  refused p99 ${ms(med('refusedP99'))}  last ${ms(med('last'))};  on the full start p50 ${ms(med('lateP50'))} p99 ${ms(med('lateP99'))}`,
      `  oversold in any round: ${list.some((r) => r.granted > PLACES || r.held > PLACES) ? 'YES' : 'no'}`,
    );
  }
  writeReport('rush', lines);
} finally {
  for (const server of servers) server.kill('SIGTERM');
}

// Selling, side by side with a pretix-shaped reference (bench/reference/pretix/: Django + DRF, pretix's
// locks and rows for POST /api/v1/organizers/{o}/events/{e}/orders/, 4 gunicorn sync workers), both
// on the same PostgreSQL, interleaved, BENCH_ROUNDS rounds (3), medians:
//   rush        200 buyers of 1 place on a slot (quota) of 50 at once: time until the 50th order, p50
//               latency of the buyers who got a place, p99 of the refused ones, places sold beyond 50;
//   throughput  8 clients on one slot for BENCH_SELL_SECONDS (30): orders/s, and the CPU each order
//               cost the server's process tree and the PostgreSQL backends of its database (read from
//               /proc; the after-snapshot waits until the server is idle, so work done after the
//               answer is counted too).
// One Excursio order is what a webstore visitor does: POST /api/1/reserve/ (the hold) then
// POST /api/webstores/order/ with the test-mode card (tok_visa), on the demo's store and its
// test-mode card provider. One reference order is one POST .../orders/ (paid, provider "stripe").
//   npm run bench:sell     (PostgreSQL at 127.0.0.1:5432; databases excursio_sellbench and excursio_sellbench_ref;
//                           installs Debian's python3-django, python3-djangorestframework, python3-psycopg2 and gunicorn if missing)
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { spent, TICK_MS } from './proc.mjs';
import { prepareProduct, productBuyer, seedProduct } from './sell-product.mjs';
import { referenceBuyer, startReference } from './sell-reference.mjs';
import { agent, json, median, pct, plusDays, settle, snapshot } from './sell-support.mjs';
import { benchTarget, writeReport } from './support.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SELL_SECONDS ?? 30);
const BUYERS = Number(process.env.BENCH_RUSH_BUYERS ?? 200);
const PLACES = Number(process.env.BENCH_RUSH_PLACES ?? 50);
const CLIENTS = Number(process.env.BENCH_SELL_CLIENTS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3281);
const REF_PORT = Number(process.env.BENCH_REF_PORT ?? 3282);
const DATABASE = process.env.BENCH_DATABASE ?? 'excursio_sellbench';
const REF_DATABASE = `${DATABASE}_ref`;
process.env.BENCH_READY_SECONDS ??= '120'; // a first start migrates and seeds the demo; slow on a shared machine

const { host, origin, pgUrl, http, startServer, signIn } = benchTarget({
  port: PORT,
  database: DATABASE,
  dataDir: 'data/bench-sell',
});
const refUrl = pgUrl.replace(/\/[^/]*$/, `/${REF_DATABASE}`);
const monitor = new pg.Client({ connectionString: pgUrl.replace(/\/[^/]*$/, '/postgres') });

// ---- The two runs ----
/** BUYERS buyers at once on a slot of PLACES: who got a place, when, and how long the others waited for a no. */
const rush = async (buy, sold) => {
  const started = performance.now();
  const wins = [];
  const results = await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      const r = await buy().catch((e) => ({
        ok: false,
        status: 0,
        ms: performance.now() - started,
        holdMs: Number.NaN,
        body: String(e),
      }));
      if (r.ok) wins.push(performance.now() - started);
      return r;
    }),
  );
  wins.sort((a, b) => a - b);
  const won = results.filter((r) => r.ok);
  const refused = results.filter((r) => !r.ok);
  const errors = results.filter((r) => r.status === 0 || r.status >= 500);
  if (errors.length) console.error(`  ${errors.length} errors, e.g. ${errors[0].status} ${errors[0].body?.slice(0, 200)}`);
  const places = await sold();
  return {
    fiftieth: won.length >= PLACES ? wins[PLACES - 1] : Number.NaN,
    winnersP50: pct(
      won.map((r) => r.ms),
      50,
    ),
    refusedP99: pct(
      refused.map((r) => r.ms),
      99,
    ),
    holdP50: pct(
      results.map((r) => r.holdMs),
      50,
    ),
    won: won.length,
    sold: places,
    oversold: Math.max(0, places - PLACES),
    errors: errors.length,
  };
};

/** CLIENTS clients buying in a loop for SECONDS: orders/s and the CPU per order of the server tree and its database. */
const throughput = async (target, buy) => {
  const before = await snapshot(monitor, target);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let orders = 0;
  let failed = 0;
  let example = '';
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const r = await buy().catch((e) => ({ ok: false, status: 0, body: String(e) }));
        if (r.ok) orders += 1;
        else {
          failed += 1;
          example ||= `${r.status} ${r.body?.slice(0, 200)}`;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await settle(target.pid);
  const after = await snapshot(monitor, target);
  if (failed) console.error(`  ${target.name}: ${failed} orders failed, e.g. ${example}`);
  const per = (ticks) => (ticks * TICK_MS) / orders;
  return {
    perSecond: orders / elapsed,
    serverMs: per(spent(before.server, after.server)),
    dbMs: per(spent(before.db, after.db)),
    failed,
  };
};

// Other checkouts' benches use the usual ports: refuse to measure whoever already answers on ours.
for (const port of [PORT, REF_PORT]) {
  const busy = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${port} is in use: set BENCH_PORT / BENCH_REF_PORT`);
}
const loadAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const server = await startServer();
let reference;
await monitor.connect();
try {
  const product = await prepareProduct({ http, signIn, origin }, await seedProduct(pgUrl, PLACES));
  reference = await startReference({ url: refUrl, database: REF_DATABASE, port: REF_PORT, dates: ROUNDS, places: PLACES });
  const ref = reference.seed;
  const productBuy = productBuyer({ port: PORT, host, origin }, product);
  const referenceBuy = referenceBuyer(REF_PORT, ref);
  const targets = {
    product: { name: 'Excursio', pid: server.pid, database: DATABASE },
    reference: { name: 'reference', pid: reference.server.pid, database: REF_DATABASE },
  };
  const refDb = new pg.Client({ connectionString: refUrl });
  await refDb.connect();
  const refSold = async (subevent) =>
    Number(
      (
        await refDb.query(
          `select count(*) from shop_orderposition p join shop_order o on o.id = p.order_id where p.subevent_id = $1 and o.status in ('p', 'n') and not p.canceled`,
          [subevent],
        )
      ).rows[0].count,
    );
  /** Places sold on the product's slot, as the back office's availability reads them. */
  const headers = await signIn();
  const productSold = async (day) => {
    const res = json(
      await http(`/api/bookings/check-availability/?experience_id=${product.offer}&date_from=${day}`, { headers }),
      200,
    );
    const slot = res.results.find((s) => s.time === '10:00');
    if (!slot || typeof slot.available !== 'number')
      throw new Error(`no count of places for ${day} 10:00: ${JSON.stringify(slot)}`);
    return PLACES - slot.available;
  };

  // Warm both (JIT, plans, pools) with a few orders each, then fresh statistics for both databases.
  // Each throughput run sells a fresh large slot (pretix counts a quota's positions on every order, so
  // a slot's history would weigh on later rounds); the warm-up has its own.
  const bigDay = (round) => plusDays(40 + round);
  for (let i = 0; i < 20; i++) {
    const a = await productBuy(bigDay(-1), product.bigStart);
    if (!a.ok) throw new Error(`Excursio warm-up order failed: ${a.status} ${a.body}`);
    const b = await referenceBuy(ref.big[0]);
    if (!b.ok) throw new Error(`reference warm-up order failed: ${b.status} ${b.body}`);
  }
  for (const database of [DATABASE, REF_DATABASE]) execSync(`psql -h 127.0.0.1 -U postgres -d ${database} -qc analyze`);
  await settle(server.pid);

  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const day = plusDays(10 + round);
    // Alternate who goes first, so neither always meets the other's leftovers.
    const order = round % 2 ? ['reference', 'product'] : ['product', 'reference'];
    const r = {};
    for (const who of order) {
      await settle(targets[who].pid);
      r[`${who}Rush`] =
        who === 'product'
          ? await rush(
              () => productBuy(day, product.rushStart),
              () => productSold(day),
            )
          : await rush(
              () => referenceBuy(ref.rush[round]),
              () => refSold(ref.rush[round]),
            );
    }
    for (const who of order) {
      await settle(targets[who].pid);
      r[`${who}Flow`] =
        who === 'product'
          ? await throughput(targets.product, () => productBuy(bigDay(round), product.bigStart))
          : await throughput(targets.reference, () => referenceBuy(ref.big[round + 1]));
    }
    console.error(
      `round ${round + 1}: 50th ${r.productRush.fiftieth.toFixed(0)} / ${r.referenceRush.fiftieth.toFixed(0)} ms, won ${r.productRush.won} / ${r.referenceRush.won}, orders/s ${r.productFlow.perSecond.toFixed(1)} / ${r.referenceFlow.perSecond.toFixed(1)}, cpu ${(r.productFlow.serverMs + r.productFlow.dbMs).toFixed(1)} / ${(r.referenceFlow.serverMs + r.referenceFlow.dbMs).toFixed(1)} ms`,
    );
    rounds.push(r);
  }
  await refDb.end();

  const m = (key, field) => median(rounds.map((r) => r[key][field]));
  const s = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');
  const msf = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : 'n/a');
  const ratio = (a, b) => (Number.isFinite(a / b) && b ? `${(a / b).toFixed(2)}×` : '—');
  const row = (label, a, b, fmt) =>
    `| ${label} | ${fmt(a)} | ${b === undefined ? '—' : fmt(b)} | ${b === undefined ? '—' : ratio(a, b)} |`;
  const cpu = (who) => m(`${who}Flow`, 'serverMs') + m(`${who}Flow`, 'dbMs');
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  writeReport('sell', [
    `PostgreSQL, ${ROUNDS} rounds interleaved, medians; rush ${BUYERS} buyers of 1 place on ${PLACES}; throughput ${CLIENTS} clients × ${SECONDS} s; load average at the start ${loadAtStart}, at the end ${load} (${cpus().length} cores)`,
    'Excursio order = POST /api/1/reserve/ + POST /api/webstores/order/ (test-mode card); reference order = POST /api/v1/organizers/{o}/events/{e}/orders/ (paid)',
    '',
    '| | Excursio (hold + card order) | reference | ratio |',
    '|---|---:|---:|---:|',
    row(
      `${BUYERS} buyers of 1 place on ${PLACES} at once: time until the ${PLACES}th order`,
      m('productRush', 'fiftieth'),
      m('referenceRush', 'fiftieth'),
      s,
    ),
    row('same: p50 latency of the buyers who got a place', m('productRush', 'winnersP50'), m('referenceRush', 'winnersP50'), s),
    row('same: p99 latency of the refused buyers', m('productRush', 'refusedP99'), m('referenceRush', 'refusedP99'), s),
    row(`hold step p50 under that rush (all ${BUYERS})`, m('productRush', 'holdP50'), undefined, s),
    row(
      'same: places sold beyond the slot (oversold, max over rounds)',
      Math.max(...rounds.map((r) => r.productRush.oversold)),
      Math.max(...rounds.map((r) => r.referenceRush.oversold)),
      String,
    ),
    row(
      `${CLIENTS} clients on one slot for ${SECONDS} s: orders/s`,
      m('productFlow', 'perSecond'),
      m('referenceFlow', 'perSecond'),
      (x) => x.toFixed(1),
    ),
    row('server CPU per order', m('productFlow', 'serverMs'), m('referenceFlow', 'serverMs'), msf),
    row('database CPU per order', m('productFlow', 'dbMs'), m('referenceFlow', 'dbMs'), msf),
    row('server + database CPU per order', cpu('product'), cpu('reference'), msf),
    '',
    'per round (Excursio / reference):',
    ...rounds.map(
      (r, i) =>
        `  ${i + 1}: ${PLACES}th order ${s(r.productRush.fiftieth)} / ${s(r.referenceRush.fiftieth)}, places won ${r.productRush.won} / ${r.referenceRush.won} (sold on the slot ${r.productRush.sold} / ${r.referenceRush.sold}), errors ${r.productRush.errors} / ${r.referenceRush.errors}, orders/s ${r.productFlow.perSecond.toFixed(1)} / ${r.referenceFlow.perSecond.toFixed(1)}, CPU per order ${msf(r.productFlow.serverMs + r.productFlow.dbMs)} / ${msf(r.referenceFlow.serverMs + r.referenceFlow.dbMs)}, failed orders ${r.productFlow.failed} / ${r.referenceFlow.failed}`,
    ),
  ]);
} finally {
  await monitor.end();
  reference?.server.kill('SIGTERM');
  server.kill('SIGTERM');
  agent.destroy();
}

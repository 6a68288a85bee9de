// The webstore's card order on its own, against a built server on PostgreSQL: what one
// `POST /api/webstores/order/` (test-mode card tok_visa, on the demo's default store, as
// bench/sell-product.mjs posts it) costs the server and the database, apart from its hold.
// BENCH_ORDERS buyers hold one place each (POST /api/1/reserve/), then their orders are sent by
// BENCH_CLIENTS clients; the CPU of each phase is read from /proc (server process, and the PostgreSQL
// backends of its database), after the server is idle again (work left after the answers counts).
//   node bench/order-path.bench.mjs        (BENCH_ORDERS=300 BENCH_WARMUP=40 BENCH_CLIENTS=2 BENCH_ROUNDS=3)
//   BENCH_SQL=1          also count the SQL statements per hold and per order (log_statement=all on the
//                        bench's own database, lines read from the PostgreSQL log; costs CPU: run apart)
//   BENCH_SERVER=path    another build (default apps/server/dist/main.mjs)
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   flags for the server's node
//   BENCH_DATABASE (excursio_order_bench), BENCH_PORT (3291)
import { execSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { spent, TICK_MS } from './proc.mjs';
import { prepareProduct, seedProduct } from './sell-product.mjs';
import { call, median, plusDays, settle, snapshot } from './sell-support.mjs';
import { benchTarget } from './support.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 40);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SQL = process.env.BENCH_SQL === '1';
const SERVER = process.env.BENCH_SERVER ?? 'apps/server/dist/main.mjs';
const PORT = Number(process.env.BENCH_PORT ?? 3291);
const DATABASE = process.env.BENCH_DATABASE ?? 'excursio_order_bench';
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const PG_LOG = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

const { host, origin, pgUrl, http, signIn } = benchTarget({ port: PORT, database: DATABASE, dataDir: 'data/bench-order' });
const monitor = new pg.Client({ connectionString: pgUrl.replace(/\/[^/]*$/, '/postgres') });

const start = async () => {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: npm run build -w @excursio/server`);
  execSync(`psql -h 127.0.0.1 -U postgres -qc "drop database if exists ${DATABASE}" -c "create database ${DATABASE}"`);
  if (SQL) execSync(`psql -h 127.0.0.1 -U postgres -qc "alter database ${DATABASE} set log_statement = 'all'"`);
  execSync('rm -rf data/bench-order');
  const env = {
    ...process.env,
    PORT: String(PORT),
    APP_DOMAIN: `localhost:${PORT}`,
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: 'data/bench-order',
    DATABASE_URL: pgUrl,
  };
  const server = spawn(process.execPath, [...NODE_ARGS, SERVER], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill('SIGTERM');
  throw new Error('server did not become ready');
};

/** The statements the bench's database logged since `offset` (multi-line statements count once). */
const logSize = () => (SQL ? statSync(PG_LOG).size : 0);
const statementsSince = (offset) => {
  if (!SQL) return [];
  const text = readFileSync(PG_LOG).subarray(offset).toString();
  const mark = `@${DATABASE} LOG:  `;
  const found = [];
  for (const line of text.split('\n')) {
    const at = line.indexOf(mark);
    if (at < 0) continue;
    const rest = line.slice(at + mark.length);
    const m = /^(?:statement|execute [^:]*): (.*)$/.exec(rest);
    if (m) found.push(m[1].trim());
  }
  return found;
};
const top = (statements, per) => {
  const counts = new Map();
  for (const s of statements) {
    const key = s.replace(/\s+/g, ' ').slice(0, 110);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([k, n]) => `    ${(n / per).toFixed(2).padStart(6)}  ${k}`);
};

const hold = async (p, day) => {
  const r = await call(PORT, '/api/1/reserve/', {
    method: 'POST',
    headers: { host, origin },
    body: {
      store: p.store,
      productId: p.offer,
      availabilityId: `${day}_${p.bigStart}`,
      rateId: p.rate,
      units: [{ pricingCategoryId: p.adult, quantity: 1 }],
    },
  });
  if (r.status !== 201) throw new Error(`hold: ${r.status} ${r.body}`);
  return JSON.parse(r.body).id;
};
let n = 0;
const order = async (p, holdId) => {
  n += 1;
  const r = await call(PORT, '/api/webstores/order/', {
    method: 'POST',
    headers: { host, origin },
    body: {
      store: p.store,
      lines: [{ hold_id: holdId, answers: p.answers }],
      contact: { first_name: 'Vera', last_name: 'Visitor', email: `vera-${n}@example.test`, phone: '+49 30 1234' },
      terms_accepted: true,
      payment_token: 'tok_visa',
      idempotency_key: randomUUID(),
    },
  });
  if (r.status !== 201) throw new Error(`order: ${r.status} ${r.body}`);
};
/** `count` jobs by CLIENTS clients. */
const pool = async (count, job) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) await job(next++);
    }),
  );
};

const server = await start();
await monitor.connect();
const target = { pid: server.pid, database: DATABASE };
try {
  const product = await prepareProduct({ http, signIn, origin }, await seedProduct(pgUrl, 50));
  for (let i = 0; i < WARMUP; i++) await order(product, await hold(product, plusDays(60)));
  execSync(`psql -h 127.0.0.1 -U postgres -d ${DATABASE} -qc analyze`);
  const results = [];
  for (let round = 0; round < ROUNDS; round++) {
    const day = plusDays(61 + round);
    await settle(server.pid);
    let before = await snapshot(monitor, target);
    let offset = logSize();
    let started = performance.now();
    const holds = [];
    await pool(ORDERS, async (i) => {
      holds[i] = await hold(product, day);
    });
    const holdWall = performance.now() - started;
    await settle(server.pid);
    let after = await snapshot(monitor, target);
    const holdSql = statementsSince(offset);
    const holdCpu = { server: spent(before.server, after.server), db: spent(before.db, after.db) };
    before = after;
    offset = logSize();
    started = performance.now();
    await pool(ORDERS, (i) => order(product, holds[i]));
    const orderWall = performance.now() - started;
    await settle(server.pid);
    after = await snapshot(monitor, target);
    const orderSql = statementsSince(offset);
    const per = (ticks) => (ticks * TICK_MS) / ORDERS;
    const r = {
      holdServer: per(holdCpu.server),
      holdDb: per(holdCpu.db),
      holdMs: holdWall / ORDERS,
      orderServer: per(spent(before.server, after.server)),
      orderDb: per(spent(before.db, after.db)),
      orderMs: orderWall / ORDERS,
      holdSql: holdSql.length / ORDERS,
      orderSql: orderSql.length / ORDERS,
    };
    results.push(r);
    console.log(
      `round ${round + 1}: hold ${r.holdServer.toFixed(1)} ms server + ${r.holdDb.toFixed(1)} ms db` +
        (SQL ? `, ${r.holdSql.toFixed(1)} statements` : '') +
        `;  order ${r.orderServer.toFixed(1)} ms server + ${r.orderDb.toFixed(1)} ms db` +
        (SQL ? `, ${r.orderSql.toFixed(1)} statements` : '') +
        `;  wall per order ${r.orderMs.toFixed(1)} ms (${CLIENTS} clients)`,
    );
    if (SQL && round === ROUNDS - 1) {
      console.log('  statements per order (last round):');
      console.log(top(orderSql, ORDERS).join('\n'));
    }
  }
  const med = (k) => median(results.map((r) => r[k])).toFixed(1);
  console.log(
    `median of ${ROUNDS} rounds of ${ORDERS}: hold ${med('holdServer')} ms server + ${med('holdDb')} ms db` +
      (SQL ? ` (${med('holdSql')} statements)` : '') +
      `;  order ${med('orderServer')} ms server + ${med('orderDb')} ms db` +
      (SQL ? ` (${med('orderSql')} statements)` : '') +
      `;  load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
} finally {
  await monitor.end();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

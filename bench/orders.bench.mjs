// Sales at scale, on PostgreSQL, beside the bare /healthz route in the same run: one organization
// with 1,000,000 orders and 2,000,000 bookings (two lines each), generated with SQL, then
// - GET /api/orders/ with a search term and two filters (target p95 ≤ 50 ms at 4 connections),
// - GET /api/bookings/by-date/ for a busy day (target p95 ≤ 50 ms).
//   npm run bench:orders        (BENCH_ORDERS=200000 for a quicker run)
import pg from 'pg';
import { benchTarget, writeReport } from './support.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DAYS = 365;
const { host, pgUrl, startServer, signIn, load } = benchTarget({
  port: 3230,
  database: 'excursio_bench_orders',
  dataDir: 'data/bench-orders',
});

const seed = async () => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const started = performance.now();
  const {
    rows: [{ id: account }],
  } = await client.query(`select id from base_accounts where subdomain = 'demo'`);
  const {
    rows: [offer],
  } = await client.query(`select id from experiences where account_id = $1 and status = 'active' limit 1`, [account]);
  await client.query('begin');
  // A bulk load: the analytics rollup is rebuilt once at the end, not order by order (migration 0020).
  await client.query(`set local excursio.analytics_bulk = 'on'`);
  // One slot per day and start (10:00 and 15:00) over a year, from 180 days ago.
  await client.query(
    `insert into slots (id, account_id, experience_id, slot_key, local_date, starts_at, ends_at)
     select gen_random_uuid(), $1, $2, to_char(d, 'YYYY-MM-DD') || '_bench' || h, d::date,
            d + make_interval(hours => h), d + make_interval(hours => h + 2)
     from generate_series(current_date - 180, current_date + ${DAYS - 181}, interval '1 day') d, unnest(array[10, 15]) h`,
    [account, offer.id],
  );
  await client.query(
    `create temp table bench_slots as select id, row_number() over (order by starts_at) - 1 as n from slots where slot_key like '%_bench%'`,
  );
  const slotCount = (await client.query('select count(*)::int as c from bench_slots')).rows[0].c;
  // After the demo's own orders.
  const {
    rows: [{ base }],
  } = await client.query('select coalesce(max(number), 0)::int as base from orders where account_id = $1', [account]);
  await client.query(
    `insert into order_counters (account_id, last_number) values ($1, $2)
     on conflict (account_id) do update set last_number = excluded.last_number`,
    [account, base + ORDERS],
  );
  const first = ['Ada', 'Grace', 'Alan', 'Maria', 'Lena', 'James', 'Sophie', 'Noah', 'Aiko', 'Carlos', 'Emma', 'Pieter'];
  const last = ['Lovelace', 'Hopper', 'Turing', 'Santos', 'Hoffmann', 'Whitfield', 'Martin', 'Williams', 'Tanaka', 'Mendes'];
  await client.query(
    `insert into orders (id, account_id, number, channel, contact_first_name, contact_last_name, contact_email, status,
                         payment_status, currency, total_minor, created_at)
     select gen_random_uuid(), $1, $5::int + n, (array['backoffice','api','webstore'])[1 + n % 3],
            ($2::text[])[1 + n % 12], ($3::text[])[1 + (n / 12) % 10] || ' ' || (n % 9973),
            'guest' || n || '@example.test',
            (array['confirmed','confirmed','confirmed','created','canceled'])[1 + n % 5],
            (array['not_paid','partially_paid','fully_paid','fully_paid','refunded'])[1 + (n / 5) % 5],
            'EUR', 3500 + (n % 7) * 500, now() - make_interval(mins => n % (60 * 24 * 180))
     from generate_series(1, $4::int) n`,
    [account, first, last, ORDERS, base],
  );
  await client.query(
    `insert into bookings (id, account_id, experience_id, slot_id, status, attendance_status, units, participants, party, total_minor, currency)
     select gen_random_uuid(), $1, $2, s.id,
            case when o.status = 'canceled' then 'canceled' else 'confirmed' end,
            (array['open','arrived','no_show'])[1 + (o.number + k) % 3], 2, 2, '[]'::jsonb, o.total_minor / 2, 'EUR'
     from orders o cross join generate_series(0, 1) k
     join bench_slots s on s.n = (o.number * 2 + k) % ${slotCount}
     where o.account_id = $1 and o.number > $3`,
    [account, offer.id, base],
  );
  await client.query(
    `insert into order_lines (id, account_id, order_id, booking_id, experience_id, description, total_minor)
     select gen_random_uuid(), b.account_id, o.id, b.id, b.experience_id, 'Bench', b.total_minor
     from (select b.*, row_number() over (order by b.id) as r from bookings b
           where b.account_id = $1 and not exists (select 1 from order_lines l where l.booking_id = b.id)) b
     join (select o.*, row_number() over (order by o.id) as r from orders o where o.account_id = $1 and o.number > $2) o
       on o.r = (b.r + 1) / 2`,
    [account, base],
  );
  await client.query('select analytics_rebuild($1)', [account]);
  await client.query('commit');
  await client.query('vacuum analyze');
  const {
    rows: [{ day }],
  } = await client.query(
    `select local_date::text as day from slots s join bookings b on b.slot_id = s.id where s.account_id = $1
     group by local_date order by count(*) desc limit 1`,
    [account],
  );
  await client.end();
  return { day, seconds: ((performance.now() - started) / 1000).toFixed(0) };
};

const server = await startServer();
try {
  const { day, seconds } = await seed();
  const headers = await signIn();
  const results = [];
  const run = async (title, path) =>
    results.push(await load(title, { connections: 4, path, headers: path === '/healthz' ? { host } : headers }));
  await run('bare route GET /healthz', '/healthz');
  await run('orders: search + status + payment status', '/api/orders/?search=hopper&status=confirmed&payment_status=fully_paid');
  await run('orders: first page, no filter', '/api/orders/');
  await run('orders: #reference', `/api/orders/?search=%23${Math.floor(ORDERS / 2)}`);
  await run('bookings by date: busiest day', `/api/bookings/by-date/?date=${day}`);
  await run('bookings by date: arrived, searched', `/api/bookings/by-date/?date=${day}&attendance_status=arrived&search=grace`);
  const bare = results[0].rps;
  writeReport('orders', [
    `PostgreSQL, 4 connections; ${ORDERS} orders, ${ORDERS * 2} bookings generated in ${seconds} s; busiest day ${day}`,
    ...results.map(
      (r) =>
        `${r.title.padEnd(44)} ${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  non-2xx ${r.non2xx}  ratio to /healthz ${(r.rps / bare).toFixed(3)}`,
    ),
  ]);
} finally {
  server.kill('SIGTERM');
}

// Sales analytics at scale, on PostgreSQL, beside the bare /healthz route in the same run: the demo
// organization with 1,000,000 generated orders (SQL, not the API) over two years across its offers,
// its store and the three channels, one to three lines each, a fifth of them paid and partly
// refunded, one in twelve canceled; the rollup is built in one pass (`analytics_rebuild`) as a
// bulk load does. Then GET /api/analytics/ (target p95 ≤ 100 ms at 4 connections).
//   npm run bench:analytics        (BENCH_ORDERS=200000 for a quicker run; BENCH_KEEP=1 measures
//                                   again on the last run's database without seeding it again)
import pg from 'pg';
import { benchTarget, KEEP, writeReport } from './support.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DAYS = 730;
const { host, pgUrl, startServer, signIn, load } = benchTarget({
  port: 3521,
  database: 'excursio_bench_analytics',
  dataDir: 'data/bench-analytics',
});

const seed = async () => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const started = performance.now();
  const {
    rows: [{ id: account }],
  } = await client.query(`select id from base_accounts where subdomain = 'demo'`);
  if (KEEP) {
    const { rows } = await client.query(
      `select (select count(*) from orders where account_id = $1)::int as orders,
              (select count(*) from order_lines where account_id = $1)::int as lines,
              (select count(*) from sales_daily where account_id = $1)::int as rollup,
              (select count(*) from experiences where account_id = $1 and currency = 'EUR')::int as offers`,
      [account],
    );
    if (rows[0].orders >= ORDERS) {
      await client.end();
      return { counts: rows[0], offers: rows[0].offers, seconds: 'earlier', rebuild: 'earlier' };
    }
  }
  const { rows: offers } = await client.query(
    `select id from experiences where account_id = $1 and currency = 'EUR' order by id`,
    [account],
  );
  const {
    rows: [store],
  } = await client.query('select id from stores where account_id = $1 order by is_default desc limit 1', [account]);
  await client.query('begin');
  await client.query(`set local excursio.analytics_bulk = 'on'`);
  // Bookings are loaded in bulk: their slots' counters are counted once at the end, not per row.
  await client.query('alter table bookings disable trigger bookings_count_booked_units');
  // One slot per offer and day over the two years and the coming month.
  await client.query(
    `insert into slots (id, account_id, experience_id, slot_key, local_date, starts_at, ends_at)
     select gen_random_uuid(), $1, e, to_char(d, 'YYYY-MM-DD') || '_bench', d::date, d + interval '10 hours', d + interval '12 hours'
     from unnest($2::uuid[]) e, generate_series(current_date - ${DAYS}, current_date + 30, interval '1 day') d`,
    [account, offers.map((o) => o.id)],
  );
  const {
    rows: [{ base }],
  } = await client.query('select coalesce(max(number), 0)::int as base from orders where account_id = $1', [account]);
  await client.query(
    `insert into order_counters (account_id, last_number) values ($1, $2)
     on conflict (account_id) do update set last_number = excluded.last_number`,
    [account, base + ORDERS],
  );
  await client.query(
    `insert into orders (id, account_id, number, channel, store_id, contact_first_name, contact_last_name, contact_email, status,
                         payment_status, currency, total_minor, created_at, canceled_at)
     select gen_random_uuid(), $1, $3::int + n, c.channel, case when c.channel = 'webstore' then $4::uuid end,
            'Guest', 'Bench ' || n, 'guest' || n || '@example.test',
            case when n % 12 = 0 then 'canceled' else 'confirmed' end, 'not_paid', 'EUR', 0,
            now() - make_interval(mins => ((n::bigint * 7919) % (60 * 24 * ${DAYS}))::int),
            case when n % 12 = 0 then now() end
     from generate_series(1, $2::int) n
     cross join lateral (select (array['backoffice','api','webstore','webstore'])[1 + n % 4] as channel) c`,
    [account, ORDERS, base, store?.id ?? null],
  );
  // One to three lines per order, each a booking of 1–4 people on one of the offers.
  await client.query(
    `create temp table bench_lines on commit drop as
     select o.id as order_id, o.number, o.status, o.created_at, k,
            ($2::uuid[])[1 + (o.number + k * 7) % cardinality($2::uuid[])] as experience_id,
            1 + (o.number + k) % 4 as people
     from orders o cross join lateral generate_series(0, (o.number % 3)) k
     where o.account_id = $1 and o.number > $3`,
    [account, offers.map((o) => o.id), base],
  );
  await client.query(
    `alter table bench_lines add column booking_id uuid default gen_random_uuid(), add column total int;
     update bench_lines set total = people * 3500`,
  );
  await client.query(
    `insert into bookings (id, account_id, experience_id, slot_id, status, units, participants, party, total_minor, currency, canceled_at)
     select l.booking_id, $1, l.experience_id, s.id, case when l.status = 'canceled' then 'canceled' else 'confirmed' end,
            l.people, l.people, '[]'::jsonb, l.total, 'EUR', case when l.status = 'canceled' then now() end
     from bench_lines l join slots s on s.experience_id = l.experience_id
       and s.slot_key = to_char(l.created_at + interval '3 days', 'YYYY-MM-DD') || '_bench'`,
    [account],
  );
  await client.query(
    `insert into order_lines (id, account_id, order_id, booking_id, experience_id, description, status, total_minor, canceled_at)
     select gen_random_uuid(), $1, l.order_id, l.booking_id, l.experience_id, 'Bench',
            case when l.status = 'canceled' then 'canceled' else 'active' end, l.total, case when l.status = 'canceled' then now() end
     from bench_lines l where exists (select 1 from bookings b where b.id = l.booking_id)`,
    [account],
  );
  await client.query(
    `update orders o set total_minor = t.total from (
       select order_id, coalesce(sum(total_minor) filter (where status = 'active'), 0)::int as total from order_lines
       where account_id = $1 group by order_id) t
     where o.id = t.order_id`,
    [account],
  );
  // A fifth paid in full, a third of those partly refunded.
  await client.query(
    `insert into payments (id, account_id, order_id, kind, method, amount_minor, status, idempotency_key)
     select gen_random_uuid(), $1, o.id, 'payment', 'cash', o.total_minor, 'succeeded', 'bench-pay-' || o.number
     from orders o where o.account_id = $1 and o.number > $2 and o.number % 5 = 1 and o.total_minor > 0`,
    [account, base],
  );
  await client.query(
    `insert into payments (id, account_id, order_id, kind, method, amount_minor, status, idempotency_key)
     select gen_random_uuid(), $1, o.id, 'refund', 'cash', o.total_minor / 4, 'succeeded', 'bench-refund-' || o.number
     from orders o where o.account_id = $1 and o.number > $2 and o.number % 15 = 1 and o.total_minor >= 4`,
    [account, base],
  );
  await client.query(
    `update slots s set booked_units = b.units
     from (select slot_id, sum(units)::int as units from bookings where account_id = $1 and status <> 'canceled' group by slot_id) b
     where b.slot_id = s.id`,
    [account],
  );
  await client.query('alter table bookings enable trigger bookings_count_booked_units');
  const seeded = performance.now();
  await client.query('select analytics_rebuild($1)', [account]);
  await client.query('commit');
  const rebuilt = performance.now();
  await client.query('vacuum analyze');
  const {
    rows: [counts],
  } = await client.query(
    `select (select count(*) from orders where account_id = $1)::int as orders,
            (select count(*) from order_lines where account_id = $1)::int as lines,
            (select count(*) from sales_daily where account_id = $1)::int as rollup`,
    [account],
  );
  await client.end();
  return {
    counts,
    offers: offers.length,
    seconds: ((seeded - started) / 1000).toFixed(0),
    rebuild: ((rebuilt - seeded) / 1000).toFixed(0),
  };
};

const server = await startServer();
try {
  const { counts, offers, seconds, rebuild } = await seed();
  const headers = await signIn();
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const results = [];
  const run = async (title, path) =>
    results.push(await load(title, { connections: 4, path, headers: path === '/healthz' ? { host } : headers }));
  await run('bare route GET /healthz', '/healthz');
  await run('analytics: per offer, last 30 days', '/api/analytics/');
  await run('analytics: per offer, a year, by -net', `/api/analytics/?date_from=${day(-364)}&ordering=-net`);
  await run('analytics: per store, two years', `/api/analytics/?group=store&date_from=${day(-729)}`);
  await run('analytics: per channel, 90 days, search', `/api/analytics/?group=channel&date_from=${day(-89)}&search=web`);
  await run('analytics: per day, a year', `/api/analytics/?group=day&date_from=${day(-364)}&page_size=100`);
  await run('analytics: timeline, 90 days', `/api/analytics/timeline/?date_from=${day(-89)}`);
  const bare = results[0].rps;
  writeReport('analytics', [
    `PostgreSQL, 4 connections; ${counts.orders} orders, ${counts.lines} lines over ${offers} offers generated ${seconds === 'earlier' ? 'by an earlier run' : `in ${seconds} s`}, ` +
      `rollup rebuilt ${rebuild === 'earlier' ? 'then' : `in ${rebuild} s`} (${counts.rollup} daily rows)`,
    ...results.map(
      (r) =>
        `${r.title.padEnd(44)} ${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  non-2xx ${r.non2xx}  ratio to /healthz ${(r.rps / bare).toFixed(3)}`,
    ),
  ]);
} finally {
  server.kill('SIGTERM');
}

// The dashboard home's requests on PostgreSQL, beside the bare /healthz route in the same run, for
// a busy supplier: the demo organization plus OFFERS copies of its scheduled offer (every start a
// day for a week with bookings, some checked in) and ORDERS orders over a year. Target (issue 15):
// p95 ≤ 50 ms for every request the home makes, at 4 connections.
//   npm run bench:dashboard        (BENCH_DASHBOARD_OFFERS=40 BENCH_DASHBOARD_ORDERS=100000 by default)
import pg from 'pg';
import { benchTarget, writeReport } from './support.mjs';

const OFFERS = Number(process.env.BENCH_DASHBOARD_OFFERS ?? 40);
const ORDERS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 100_000);
const { host, pgUrl, startServer, signIn, load } = benchTarget({
  port: 3250,
  database: 'excursio_bench_dashboard',
  dataDir: 'data/bench-dashboard',
});

const seed = async () => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const started = performance.now();
  const q = (text, values) => client.query(text, values);
  const {
    rows: [{ id: account }],
  } = await q(`select id from base_accounts where subdomain = 'demo'`);
  // The demo's active offer with the most starts a day is the model of the copies.
  const {
    rows: [model],
  } = await q(
    `select e.id from experiences e join start_times st on st.experience_id = e.id
     where e.account_id = $1 and e.status = 'active' group by e.id order by count(*) desc limit 1`,
    [account],
  );
  const columnsOf = async (table) =>
    (
      await q(
        `select column_name from information_schema.columns
         where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      )
    ).rows.map((r) => r.column_name);
  /** Copies rows of `table` selected by `from` (aliased src), with some columns replaced. */
  const copy = async (table, from, overrides) => {
    const columns = await columnsOf(table);
    const select = columns.map((c) => overrides[c] ?? `src.${c}`).join(', ');
    await q(`insert into ${table} (${columns.join(', ')}) select ${select} from ${from}`);
  };
  await q('begin');
  await q(`create temp table copies as select gen_random_uuid() as id, n from generate_series(1, ${OFFERS}) n`);
  await copy('experiences', `experiences src cross join copies c where src.id = '${model.id}'`, {
    id: 'c.id',
    title: `src.title || ' · copy ' || c.n`,
  });
  await q(`create temp table rate_copies as
           select gen_random_uuid() as id, r.id as source_id, c.id as experience_id
           from pricing_rates r cross join copies c where r.experience_id = '${model.id}'`);
  await copy('pricing_rates', 'pricing_rates src join rate_copies rc on rc.source_id = src.id', {
    id: 'rc.id',
    experience_id: 'rc.experience_id',
  });
  await copy('pricing_rate_prices', 'pricing_rate_prices src join rate_copies rc on rc.source_id = src.rate_id', {
    rate_id: 'rc.id',
  });
  await copy('start_times', `start_times src cross join copies c where src.experience_id = '${model.id}'`, {
    id: 'gen_random_uuid()',
    experience_id: 'c.id',
  });
  // Every start of the copies from today for a week gets a slot row and three bookings of two.
  await q(
    `insert into slots (id, account_id, experience_id, slot_key, start_time_id, local_date, starts_at, ends_at)
     select gen_random_uuid(), $1, st.experience_id, to_char(d, 'YYYY-MM-DD') || '_' || st.id, st.id, d::date,
            (d::date + st.time::time) at time zone e.time_zone, (d::date + st.time::time) at time zone e.time_zone + interval '2 hours'
     from start_times st join copies c on c.id = st.experience_id join experiences e on e.id = st.experience_id
     cross join generate_series(current_date, current_date + 6, interval '1 day') d`,
    [account],
  );
  await q(
    `insert into bookings (id, account_id, experience_id, slot_id, status, attendance_status, units, participants, party, total_minor, currency)
     select gen_random_uuid(), $1, s.experience_id, s.id, 'confirmed', (array['open','arrived','open'])[1 + k], 2, 2, '[]'::jsonb, 7000, 'EUR'
     from slots s join copies c on c.id = s.experience_id cross join generate_series(0, 2) k`,
    [account],
  );
  const {
    rows: [{ base }],
  } = await q('select coalesce(max(number), 0)::int as base from orders where account_id = $1', [account]);
  await q(
    `insert into order_counters (account_id, last_number) values ($1, $2)
     on conflict (account_id) do update set last_number = excluded.last_number`,
    [account, base + ORDERS],
  );
  // A year of orders (the latest first in time), some in another currency, a fifth canceled.
  await q(
    `insert into orders (id, account_id, number, channel, contact_first_name, contact_last_name, contact_email, status,
                         payment_status, currency, total_minor, created_at)
     select gen_random_uuid(), $1, $3::int + n, 'webstore', 'Guest', 'No ' || n, 'guest' || n || '@example.test',
            (array['confirmed','confirmed','confirmed','created','canceled'])[1 + n % 5], 'fully_paid',
            case when n % 10 = 0 then 'USD' else 'EUR' end, 3500 + (n % 7) * 500,
            now() - make_interval(mins => (n::bigint * 525600 / $2::int)::int)
     from generate_series(1, $2::int) n`,
    [account, ORDERS, base],
  );
  await q('commit');
  await q('vacuum analyze');
  const {
    rows: [{ slots, bookings }],
  } = await q(
    `select count(distinct s.id)::int as slots, count(b.id)::int as bookings
     from slots s join bookings b on b.slot_id = s.id where s.account_id = $1 and s.local_date = current_date`,
    [account],
  );
  await client.end();
  return { slots, bookings, seconds: ((performance.now() - started) / 1000).toFixed(0) };
};

const server = await startServer();
try {
  const { slots, bookings, seconds } = await seed();
  const headers = await signIn();
  const results = [];
  const run = async (title, path) =>
    results.push(await load(title, { connections: 4, path, headers: path === '/healthz' ? { host } : headers }));
  await run('bare route GET /healthz', '/healthz');
  await run('departures: today + 7 days', '/api/dashboard/departures/?days=7');
  await run('month sales', '/api/dashboard/month-sales/');
  await run('onboarding checklist', '/api/onboardings/?page_size=5');
  await run('recent orders', '/api/orders/?page_size=5&ordering=-created_at');
  await run('system notifications', '/api/system-notifications/?page_size=10');
  await run('unread notifications (bell)', '/api/system-notifications/unread-count/');
  const bare = results[0].rps;
  writeReport('dashboard', [
    `PostgreSQL, 4 connections; demo + ${OFFERS} offers (today: ${slots} starts with ${bookings} bookings), ` +
      `${ORDERS} orders over a year; seeded in ${seconds} s`,
    ...results.map(
      (r) =>
        `${r.title.padEnd(34)} ${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  non-2xx ${r.non2xx}  ratio to /healthz ${(r.rps / bare).toFixed(3)}`,
    ),
  ]);
} finally {
  server.kill('SIGTERM');
}

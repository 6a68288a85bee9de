// The availability engine under load, on PostgreSQL, beside the bare /healthz route in the same run:
// - an offer with 36 starts a day for a year (~13,000 slots): `config` for a month and
//   `check-availability` for a day with a party (target p95 ≤ 10 ms at 4 connections);
// - `get-availabilities` for a 30-day window over 500 Active public offers (target p95 ≤ 50 ms);
// - 200 concurrent reserves of one place on one slot of 10 (p99 latency, places granted).
//   npm run bench:availability
import pg from 'pg';
import { benchTarget, percentiles, writeReport } from './support.mjs';

const FEED_OFFERS = Number(process.env.BENCH_FEED_OFFERS ?? 500);
const { host, origin, pgUrl, http, startServer, signIn, load } = benchTarget({
  port: 3220,
  database: 'excursio_bench_availability',
  dataDir: 'data/bench-availability',
});
const today = new Date().toISOString().slice(0, 10);
const plusDays = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const seed = async () => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query('begin');
  const {
    rows: [{ id: account }],
  } = await client.query(`select id from base_accounts where subdomain = 'demo'`);
  const insertOffer = async (title, starts, capacity) => {
    const {
      rows: [{ id }],
    } = await client.query(
      `insert into experiences (id, account_id, type, status, visibility, title, time_zone, currency, duration_minutes, description)
       values (gen_random_uuid(), $1, 'ticket', 'active', 'public', $2, 'Europe/Berlin', 'EUR', 60, 'Bench') returning id`,
      [account, title],
    );
    await client.query(
      `insert into start_times (id, account_id, experience_id, time, weekdays, date_from, date_to, capacity)
       select gen_random_uuid(), $1, $2, to_char(time '06:00' + (s * interval '30 minutes'), 'HH24:MI'), '{1,2,3,4,5,6,7}', $3, $4, $5
       from generate_series(0, $6::int - 1) s`,
      [account, id, today, plusDays(365), capacity, starts],
    );
    return id;
  };
  const big = await insertOffer('Bench: 36 starts a day', 36, 20);
  const {
    rows: [adult],
  } = await client.query(
    `insert into pricing_categories (id, account_id, name, type) values (gen_random_uuid(), $1, 'Bench adult', 'adult') returning id`,
    [account],
  );
  const feedOffers = [];
  for (let i = 0; i < FEED_OFFERS; i++) feedOffers.push(await insertOffer(`Bench feed offer ${i}`, 10, 12));
  await client.query(
    `insert into pricing_rates (id, account_id, experience_id, name)
     select gen_random_uuid(), account_id, id, 'Standard' from experiences where account_id = $1 and title like 'Bench%'`,
    [account],
  );
  await client.query(
    `insert into pricing_rate_prices (account_id, rate_id, pricing_category_id, price_minor)
     select r.account_id, r.id, $2, 2500 from pricing_rates r join experiences e on e.id = r.experience_id
     where r.account_id = $1 and e.title like 'Bench%'`,
    [account, adult.id],
  );
  await client.query('commit');
  await client.query('analyze');
  const {
    rows: [rate],
  } = await client.query('select id from pricing_rates where experience_id = $1', [big]);
  const { rows: starts } = await client.query('select id, time from start_times where experience_id = $1 order by time', [big]);
  await client.end();
  return { big, adult: adult.id, rate: rate.id, starts };
};

const server = await startServer();
try {
  const s = await seed();
  const headers = await signIn();
  const month = plusDays(20);
  const [y, m] = month.split('-').map(Number);
  const day = plusDays(10);
  const party = encodeURIComponent(JSON.stringify({ [s.adult]: 2 }));
  const from = `${plusDays(1)}T00:00:00Z`;
  const to = `${plusDays(31)}T00:00:00Z`;
  const results = [];
  const run = async (title, opts) => results.push(await load(title, { connections: 4, ...opts }));
  await run('bare route GET /healthz', { path: '/healthz' });
  await run('config, a month of 36 starts a day', {
    path: `/api/bookings/config/?experience_id=${s.big}&month=${m}&year=${y}`,
    headers,
  });
  await run('check-availability, a day with a party', {
    path: `/api/bookings/check-availability/?experience_id=${s.big}&date_from=${day}&pricing_options=${party}`,
    headers,
  });
  await run(`get-availabilities, 30 days over ${FEED_OFFERS} offers`, {
    path: `/api/1/get-availabilities/?fromDateTime=${from}&toDateTime=${to}`,
    headers: { host },
  });
  const feed = JSON.parse((await http(`/api/1/get-availabilities/?fromDateTime=${from}&toDateTime=${to}`)).body);

  // 200 concurrent reserves of one place on a slot of 10 (the first start, 12 days out).
  const slotDay = plusDays(12);
  await http(`/api/capacity/slots/`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ experience_id: s.big, start_time_id: s.starts[0].id, date: slotDay, capacity: 10 }),
  });
  const body = JSON.stringify({
    productId: s.big,
    availabilityId: `${slotDay}_${s.starts[0].id}`,
    rateId: s.rate,
    units: [{ pricingCategoryId: s.adult, quantity: 1 }],
  });
  const times = [];
  const statuses = await Promise.all(
    Array.from({ length: 200 }, async () => {
      const started = performance.now();
      const res = await http('/api/1/reserve/', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body,
      });
      times.push(performance.now() - started);
      return res.status;
    }),
  );
  const p = percentiles(times);
  const p99 = [...times].sort((a, b) => a - b)[Math.ceil(0.99 * times.length) - 1];
  const bare = results[0].rps;
  writeReport('availability', [
    `PostgreSQL, 4 connections, ${results.length} runs; feed answered ${feed.count} starts (page of ${feed.results.length})`,
    ...results.map(
      (r) =>
        `${r.title.padEnd(44)} ${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  non-2xx ${r.non2xx}  ratio to /healthz ${(r.rps / bare).toFixed(3)}`,
    ),
    `200 concurrent reserves on a slot of 10: ${statuses.filter((c) => c === 201).length} granted, ${statuses.filter((c) => c === 409).length} refused (409), ${statuses.filter((c) => c >= 500).length} 5xx; latency p50 ${p.p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms`,
  ]);
} finally {
  server.kill('SIGTERM');
}

// The public webstore's offer list under load: the demo store with 5,000 offers in it (all Active
// and public, each with a priced rate and a cover image), on PostgreSQL, at 4 connections.
// Reported next to the bare /healthz route in the same run.
//   npm run bench:webstore     (needs PostgreSQL at 127.0.0.1:5432, creates database excursio_bench_webstore)
import pg from 'pg';
import { seedCatalog } from './catalog-seed.mjs';
import { benchTarget, loadReport, PGLITE } from './support.mjs';

const { pgUrl, startServer, load, host } = benchTarget({
  port: 3210,
  database: 'excursio_bench_webstore',
  dataDir: 'data/bench-webstore',
});
if (PGLITE) throw new Error('The webstore benchmark seeds with SQL over a pg connection: run it on PostgreSQL.');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
// (npm run bench:webstore sets BENCH_CONNECTIONS=4 unless given, so the report's header says 4 too.)

/** Every offer of the demo becomes Active and goes into the demo's store, in creation order. */
const fillStore = async () => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(`update experiences set status = 'active', visibility = 'public'
    where account_id = (select id from base_accounts where subdomain = 'demo')`);
  await client.query(`insert into store_experiences (id, account_id, store_id, experience_id, position)
    select gen_random_uuid(), s.account_id, s.id, e.id,
      (select count(*) from store_experiences x where x.store_id = s.id) + row_number() over (order by e.created_at, e.id) - 1
    from stores s join experiences e on e.account_id = s.account_id
    where s.account_id = (select id from base_accounts where subdomain = 'demo') and s.is_default
      and not exists (select 1 from store_experiences x where x.store_id = s.id and x.experience_id = e.id)`);
  await client.query('analyze');
  const { rows } = await client.query('select count(*)::int as n from store_experiences');
  await client.end();
  return rows[0].n;
};

const server = await startServer();
try {
  const seeded = await seedCatalog(pgUrl);
  const inStore = await fillStore();
  const headers = { host };
  const list = '/api/webstores/experiences/?page_size=12';
  const results = [];
  results.push(await load('bare route GET /healthz', { path: '/healthz', connections }));
  results.push(await load('webstore cards, first page', { path: list, headers, connections }));
  results.push(await load('webstore cards, keyword', { path: `${list}&keyword=kayak`, headers, connections }));
  results.push(
    await load('webstore cards, category tours, page 100', { path: `${list}&category=tours&page=100`, headers, connections }),
  );
  results.push(await load('webstore cards, by price', { path: `${list}&ordering=price`, headers, connections }));
  results.push(await load('webstore stores (GET /api/webstores/)', { path: '/api/webstores/', headers, connections }));
  loadReport('webstore', results, [`seeded ${seeded.offers} offers (${inStore} in the store) in ${seeded.ms} ms`]);
} finally {
  server.kill('SIGTERM');
}

// The offers overview under load with a large catalog: 5,000 offers and 50,000 start times in one
// account (plus a priced rate and a cover image per offer, so the list's price and thumbnail
// columns do real work), on PostgreSQL. Reported next to the bare /healthz route.
//   npm run bench:catalog      (needs PostgreSQL at 127.0.0.1:5432, creates database excursio_bench)
import { seedCatalog } from './catalog-seed.mjs';
import { benchTarget, loadReport, PGLITE } from './support.mjs';

const { pgUrl, startServer, signIn, load } = benchTarget();

if (PGLITE) throw new Error('The catalog benchmark seeds with SQL over a pg connection: run it on PostgreSQL.');

const server = await startServer();
try {
  const seeded = await seedCatalog(pgUrl);
  const headers = await signIn();
  const results = [];
  results.push(await load('bare route GET /healthz', { path: '/healthz' }));
  const list = '/api/experiences/?page_size=25';
  results.push(await load('overview, search + status filter', { path: `${list}&search=kayak&status=active`, headers }));
  results.push(
    await load('overview, search + type filter, by title', {
      path: `${list}&search=old%20town&type=rental&ordering=title`,
      headers,
    }),
  );
  results.push(await load('overview, first page, no filter', { path: list, headers }));
  results.push(await load('overview, page 150, no filter', { path: `${list}&page=150`, headers }));
  loadReport('catalog', results, [`seeded ${seeded.offers} offers, ${seeded.starts} start times in ${seeded.ms} ms`]);
} finally {
  server.kill('SIGTERM');
}

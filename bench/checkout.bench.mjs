// The back-office checkout on PostgreSQL: one team member adds a line (1 adult on the demo walk's
// 10:00 start, the next day with places once one is full) and creates the order, in a
// loop, beside the bare /healthz answered by the same single client in the same run.
//   npm run bench:checkout        (BENCH_CHECKOUTS=300 by default)
import { demoWalkCart, json } from './demo-walk-cart.mjs';
import { benchTarget, percentiles, writeReport } from './support.mjs';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 300);
const { origin, http, startServer, signIn } = benchTarget({
  port: 3240,
  database: 'excursio_bench_checkout',
  dataDir: 'data/bench-checkout',
});
const timed = async (times, call) => {
  const started = performance.now();
  const res = await call();
  times.push(performance.now() - started);
  return res;
};
const line = (p) => `p50 ${p.p50.toFixed(1)} ms  p95 ${p.p95.toFixed(1)} ms  max ${p.max.toFixed(1)} ms`;

const server = await startServer();
try {
  const headers = await signIn();
  const { cart, nextLine } = await demoWalkCart({ http, origin }, headers);

  const health = [];
  for (let i = 0; i < CHECKOUTS; i++) await timed(health, () => http('/healthz'));
  const add = [];
  const create = [];
  for (let i = 0; i < CHECKOUTS; i++) {
    const addLine = await nextLine();
    await json(await timed(add, addLine), 201);
    await json(
      await timed(create, () =>
        http('/api/orders/', {
          method: 'POST',
          headers: { ...headers, origin },
          body: JSON.stringify({ cart_id: cart.id, contact: { first_name: 'Bench', last_name: `Buyer ${i}` } }),
        }),
      ),
      201,
    );
  }
  const [h, a, c] = [percentiles(health), percentiles(add), percentiles(create)];
  writeReport('checkout', [
    `PostgreSQL, one client, ${CHECKOUTS} checkouts (add a line, create the order) after ${CHECKOUTS} GET /healthz`,
    `GET /healthz                   ${line(h)}`,
    `POST cart line (hold places)   ${line(a)}  p95 ratio to /healthz ${(a.p95 / h.p95).toFixed(1)}×`,
    `POST /api/orders/ (checkout)   ${line(c)}  p95 ratio to /healthz ${(c.p95 / h.p95).toFixed(1)}×`,
  ]);
} finally {
  server.kill('SIGTERM');
}

// The back-office checkout on PostgreSQL: one team member adds a line (1 adult on the demo walk's
// 10:00 start, the next day with places once one is full) and creates the order, in a
// loop, beside the bare /healthz answered by the same single client in the same run.
//   npm run bench:checkout        (BENCH_CHECKOUTS=300 by default)
import { benchTarget, percentiles, writeReport } from './support.mjs';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 300);
const { origin, http, startServer, signIn } = benchTarget({
  port: 3240,
  database: 'excursio_bench_checkout',
  dataDir: 'data/bench-checkout',
});
const plusDays = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const json = async (res, expected) => {
  if (res.status !== expected) throw new Error(`${res.status} ${res.body}`);
  return JSON.parse(res.body);
};
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
  const offers = await json(await http('/api/experiences/?search=Lisbon%20Old%20Town&page_size=5', { headers }), 200);
  const tour = offers.results[0];
  const [y, m] = plusDays(1).split('-').map(Number);
  const config = await json(await http(`/api/bookings/config/?experience_id=${tour.id}&month=${m}&year=${y}`, { headers }), 200);
  const rate = config.rates[0];
  const adult = rate.prices[0].pricing_category_id;
  const cart = await json(await http('/api/cart/', { headers }), 200);
  const questions = await json(await http(`/api/booking-questions/?experience=${tour.id}`, { headers }), 200);
  const answers = questions.results.map((q) => ({ question_id: q.id, answer: q.options[0] ?? 'Yes' }));
  /** The next day's 10:00 start with places left, from `ahead` days out. */
  let ahead = 2;
  const nextStart = async () => {
    for (;;) {
      ahead += 1;
      const day = plusDays(ahead);
      const res = await json(
        await http(`/api/bookings/check-availability/?experience_id=${tour.id}&date_from=${day}`, { headers }),
        200,
      );
      const found = res.results.find((s) => s.time === '10:00' && s.bookable && (s.available ?? 1) > 0);
      if (found) return { id: found.id, left: found.available ?? Number.POSITIVE_INFINITY };
    }
  };

  const health = [];
  for (let i = 0; i < CHECKOUTS; i++) await timed(health, () => http('/healthz'));
  const add = [];
  const create = [];
  let slot = { id: null, left: 0 };
  for (let i = 0; i < CHECKOUTS; i++) {
    if (slot.left < 1) slot = await nextStart();
    slot.left -= 1;
    await json(
      await timed(add, () =>
        http(`/api/cart/${cart.id}/lines/`, {
          method: 'POST',
          headers: { ...headers, origin },
          body: JSON.stringify({
            experience_id: tour.id,
            rate_id: rate.id,
            availability_id: slot.id,
            units: [{ pricing_category_id: adult, quantity: 1 }],
            answers,
          }),
        }),
      ),
      201,
    );
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

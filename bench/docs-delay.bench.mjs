// Delay from an order's answer to its confirmation's mail file, on PostgreSQL (pg-boss) by default
// (BENCH_PGLITE=1: the in-process runner): a team member adds a line (1 adult) and creates the order
// for a buyer with an email, ORDERS times, GAP_MS apart, without waiting for the mails; the server
// writes mails as .eml files under its data dir. Reported: p50/p95/max of (file written − 201 answered),
// and the server process's CPU per order over the loop.
//   node bench/docs-delay.bench.mjs        (BENCH_ORDERS=60, BENCH_GAP_MS=100)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { benchTarget, PGLITE, percentiles, writeReport } from './support.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 60);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 100);
const dataDir = 'data/bench-docs';
const mailDir = `${dataDir}/mail`;
const { origin, http, startServer, signIn } = benchTarget({ port: 3250, database: 'excursio_bench_docs', dataDir });
const plusDays = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const json = async (res, expected) => {
  if (res.status !== expected) throw new Error(`${res.status} ${res.body}`);
  return JSON.parse(res.body);
};
/** CPU the server process has used (user + system), ms (Linux /proc; clock ticks of 10 ms). */
const cpuOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const line = (p) => `p50 ${p.p50.toFixed(0)} ms  p95 ${p.p95.toFixed(0)} ms  max ${p.max.toFixed(0)} ms`;

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

  // Every mail file seen, by the time it was first seen (polled every 5 ms).
  const seen = new Map();
  const watch = setInterval(() => {
    if (!existsSync(mailDir)) return;
    const now = performance.now();
    for (const name of readdirSync(mailDir)) if (!seen.has(name)) seen.set(name, now);
  }, 5);
  const answered = new Map();
  const cpuBefore = cpuOf(server.pid);
  let slot = { id: null, left: 0 };
  const run = `${Date.now().toString(36)}`;
  for (let i = 0; i < ORDERS; i++) {
    if (slot.left < 1) slot = await nextStart();
    slot.left -= 1;
    await json(
      await http(`/api/cart/${cart.id}/lines/`, {
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
      201,
    );
    const email = `buyer-${run}-${i}@example.test`;
    await json(
      await http('/api/orders/', {
        method: 'POST',
        headers: { ...headers, origin },
        body: JSON.stringify({ cart_id: cart.id, contact: { first_name: 'Bench', last_name: `Buyer ${i}`, email } }),
      }),
      201,
    );
    answered.set(email, performance.now());
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  // Wait for the last mails (at most 60 s).
  const delays = () =>
    [...answered].flatMap(([email, at]) => {
      const file = [...seen.keys()].find((name) => name.endsWith(`-${email}.eml`));
      return file ? [seen.get(file) - at] : [];
    });
  for (let i = 0; i < 600 && delays().length < ORDERS; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  clearInterval(watch);
  await new Promise((resolve) => setTimeout(resolve, 500)); // the last jobs' completion
  const cpu = (cpuOf(server.pid) - cpuBefore) / ORDERS;
  const got = delays();
  writeReport('docs-delay', [
    `${PGLITE ? 'PGlite (in-process runner)' : 'PostgreSQL (pg-boss)'}: ${ORDERS} back-office orders ${GAP_MS} ms apart`,
    `mails written: ${got.length}/${ORDERS}`,
    `order answered → confirmation mail file   ${line(percentiles(got))}`,
    `server CPU per order (cart line + order + its mail job, the jobs' polling included): ${cpu.toFixed(1)} ms`,
  ]);
} finally {
  server.kill('SIGTERM');
}

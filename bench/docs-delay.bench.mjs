// Delay from an order's answer to its confirmation's mail file, on PostgreSQL (pg-boss) by default
// (BENCH_PGLITE=1: the in-process runner): a team member adds a line (1 adult) and creates the order
// for a buyer with an email, ORDERS times, GAP_MS apart, without waiting for the mails; the server
// writes mails as .eml files under its data dir. Reported: p50/p95/max of (file written − 201 answered),
// and the server process's CPU per order over the loop.
//   node bench/docs-delay.bench.mjs        (BENCH_ORDERS=60, BENCH_GAP_MS=100)
import { existsSync, readdirSync } from 'node:fs';
import { demoWalkCart, json } from './demo-walk-cart.mjs';
import { cpuTicks, TICK_MS } from './proc.mjs';
import { benchTarget, PGLITE, percentiles, writeReport } from './support.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 60);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 100);
const dataDir = 'data/bench-docs';
const mailDir = `${dataDir}/mail`;
const { origin, http, startServer, signIn } = benchTarget({ port: 3250, database: 'excursio_bench_docs', dataDir });
const line = (p) => `p50 ${p.p50.toFixed(0)} ms  p95 ${p.p95.toFixed(0)} ms  max ${p.max.toFixed(0)} ms`;

const server = await startServer();
try {
  const headers = await signIn();
  const { cart, nextLine } = await demoWalkCart({ http, origin }, headers);

  // Every mail file seen, by the time it was first seen (polled every 5 ms).
  const seen = new Map();
  const watch = setInterval(() => {
    if (!existsSync(mailDir)) return;
    const now = performance.now();
    for (const name of readdirSync(mailDir)) if (!seen.has(name)) seen.set(name, now);
  }, 5);
  const answered = new Map();
  const cpuBefore = cpuTicks(server.pid) * TICK_MS;
  const run = `${Date.now().toString(36)}`;
  for (let i = 0; i < ORDERS; i++) {
    await json(await (await nextLine())(), 201);
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
  const cpu = (cpuTicks(server.pid) * TICK_MS - cpuBefore) / ORDERS;
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

// Shared by bench/sell.bench.mjs and bench/order-path.bench.mjs: snapshots of the CPU a server and its
// database spent (bench/proc.mjs), one HTTP client for both servers, medians and percentiles.
import { Agent, request } from 'node:http';
import { dbTicks, spent, treeTicks } from './proc.mjs';

export const plusDays = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return Number.NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : Number.NaN;
};

/** The ticks of a server's process tree and of its database's backends. */
export const snapshot = async (monitor, target) => ({
  server: treeTicks(target.pid),
  db: await dbTicks(monitor, target.database),
});
/** Waits (≤ 15 s) until the server's tree spends under 2 ticks in 500 ms: work left after the answers counts too. */
export const settle = async (pid) => {
  for (let i = 0; i < 30; i++) {
    const before = treeTicks(pid);
    await sleep(500);
    if (spent(before, treeTicks(pid)) < 2) return;
  }
};

// ---- HTTP: one client for both, keep-alive where the server allows it ----
export const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
export const call = (port, path, { method = 'GET', headers = {}, body } = {}) =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
export const json = (res, expected) => {
  if (res.status !== expected) throw new Error(`expected ${expected}, got ${res.status} ${res.body.slice(0, 500)}`);
  return JSON.parse(res.body);
};

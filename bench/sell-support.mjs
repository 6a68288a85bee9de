// Shared by bench/sell.bench.mjs: CPU read from /proc (a process tree, the PostgreSQL backends of one
// database), one HTTP client for both servers, medians and percentiles.
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

export const TICK_MS = 10; // USER_HZ = 100 on Linux
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

// ---- CPU from /proc: a process tree, and the PostgreSQL backends of one database ----
export const cpuTicks = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};
const parentOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
};
/** Ticks per process of the tree under `root` (gunicorn's workers, anything the server spawns). */
export const treeTicks = (root) => {
  const pids = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const children = new Map();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(pid);
  }
  const ticks = new Map();
  const walk = (pid) => {
    ticks.set(pid, cpuTicks(pid));
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return ticks;
};
/** Ticks spent between two snapshots by processes alive at the end (a new one counts whole). */
export const spent = (before, after) => {
  let total = 0;
  for (const [pid, ticks] of after) total += ticks - (before.get(pid) ?? 0);
  return total;
};
/** CPU ticks per PostgreSQL backend of `database` (other databases' backends are other people's work). */
export const dbTicks = async (monitor, database) => {
  const { rows } = await monitor.query('select pid from pg_stat_activity where datname = $1', [database]);
  return new Map(rows.map(({ pid }) => [pid, cpuTicks(pid)]));
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

// CPU and processes read from Linux's /proc, for the benches that charge work to a server (its
// process tree) and to its database (the PostgreSQL backends of one database).
import { readdirSync, readFileSync } from 'node:fs';

export const TICK_MS = 10; // USER_HZ = 100 on Linux

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces); null when gone. */
const statOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
};

/** CPU ticks (user + system, all threads) a process has used; 0 when it is gone. */
export const cpuTicks = (pid) => {
  const fields = statOf(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : 0;
};

/** The process and its descendants (gunicorn's workers, anything a server spawns). */
export const treePids = (root) => {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statOf(entry)?.[1] ?? 0);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(entry));
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
};

/** Ticks per process of the tree under `root`. */
export const treeTicks = (root) => new Map(treePids(root).map((pid) => [pid, cpuTicks(pid)]));

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

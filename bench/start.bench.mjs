// Start-up and idle memory of the built server on its embedded defaults (PGlite, no Redis), as
// `npm start` runs it: apps/server's start script (its environment assignments and node flags) with
// the pinned node, without npm's own processes around it; measured from outside. Each round:
//   1. a first start on an empty data directory (the build's snapshot + the demo seed): time to
//      /readyz, then the resident memory of the process tree 10 s after ready;
//   2. stop, and a restart on the same data directory: time to /readyz, RSS 10 s after ready.
// Medians over the rounds. After the RSS is read, a preload (start-memory.preload.mjs, started with
// --expose-gc) is asked by SIGUSR2 for what holds the memory: the V8 heap, ArrayBuffers, the
// WebAssembly memory of PGlite (its size and how much of it is resident), the process's native heap.
//   npm run bench:start        (BENCH_ROUNDS=3 BENCH_SETTLE_SECONDS=10 by default; builds the server if dist/ is missing)
// BENCH_BEFORE=<dir under apps/server> also measures an older build kept there (started as
// `node <dir>/start.mjs`, the start script before it set anything), interleaved with this one.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpuTicks, TICK_MS, treePids } from './proc.mjs';
import { writeReport } from './support.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10) * 1000;
const PORT = 3295;
const root = resolve(import.meta.dirname, '..');
const serverDir = join(root, 'apps/server');
const node = join(root, 'node_modules/.bin/node');
const preload = join(root, 'bench/start-memory.preload.mjs');

/** apps/server's start script split: `VAR=value … node [flags] dist/start.mjs`. */
const startScript = () => {
  const words = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')).scripts.start.split(/\s+/);
  const env = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error('the start script does not run node');
  return { env, args: words };
};
const targets = [{ label: 'this build', dataDir: join(root, 'data/bench-start'), ...startScript() }];
if (process.env.BENCH_BEFORE) {
  const dir = process.env.BENCH_BEFORE;
  targets.unshift({
    label: `before (${dir})`,
    dataDir: join(root, 'data/bench-start-before'),
    env: {},
    args: [`${dir}/start.mjs`],
  });
}

if (!existsSync(join(serverDir, 'dist/start.mjs')))
  execSync('npm run build -w @excursio/server', { cwd: root, stdio: 'inherit' });

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const mib = (kib) => Math.round((kib / 1024) * 10) / 10;

const rssKib = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const treeRss = (pid) => treePids(pid).reduce((sum, p) => sum + rssKib(p), 0);

/**
 * Resident memory by mapping (KiB): the node binary's pages, other files (shared libraries, native
 * addons), the native heap ([heap], malloc), anonymous mappings (V8's heap pages, compiled
 * WebAssembly code, the WebAssembly memory, thread stacks). `wasmKib` picks the WebAssembly
 * memory's mapping out by its size.
 */
const smapsOf = (text, wasmKib = []) => {
  const groups = { binary: 0, files: 0, malloc: 0, anon: 0, wasmMemory: 0 };
  let name = '';
  let size = 0;
  for (const line of text.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      name = head[1];
      continue;
    }
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    if (!field) continue;
    if (field[1] === 'Size') {
      size = Number(field[2]);
      continue;
    }
    const rss = Number(field[2]);
    if (name === '[heap]') groups.malloc += rss;
    else if (name.endsWith('/bin/node')) groups.binary += rss;
    else if (name.startsWith('/')) groups.files += rss;
    else if (wasmKib.includes(size)) groups.wasmMemory += rss;
    else groups.anon += rss;
  }
  return groups;
};

/** Starts the built server; resolves when /readyz answers 200, with the time it took and the child. */
const start = async (target) => {
  const env = { ...process.env, ...target.env, PORT: String(PORT), DATA_DIR: target.dataDir, LOG_LEVEL: 'info' };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'LOG_PRETTY', 'NODE_OPTIONS']) delete env[key];
  const began = performance.now();
  const child = spawn(node, ['--expose-gc', '--import', preload, ...target.args], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { ready: null, memory: null, exited: false };
  const lines = (stream, onLine) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop();
      for (const l of parts) onLine(l);
    });
  };
  lines(child.stdout, (l) => {
    if (l.includes('"Excursio is ready"')) out.ready = JSON.parse(l);
  });
  lines(child.stderr, (l) => {
    if (l.startsWith('start-memory ')) out.memory = JSON.parse(l.slice('start-memory '.length));
    else if (l.trim()) process.stderr.write(`${l}\n`);
  });
  child.on('exit', () => {
    out.exited = true;
  });
  // BENCH_READY_SECONDS (180 by default: a first start on a loaded machine is slow).
  for (let i = 0; i < Number(process.env.BENCH_READY_SECONDS ?? 180) * 40; i++) {
    if (out.exited) throw new Error('server exited before it was ready');
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok)
        return { ms: performance.now() - began, cpu: cpuTicks(child.pid) * TICK_MS, child, out };
    } catch {}
    await new Promise((r) => setTimeout(r, 25));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become ready in time');
};

/** Waits SETTLE, reads the tree's RSS and the mappings (before any GC), then asks the preload where the memory is; stops the server. */
const measure = async ({ ms, cpu, child, out }) => {
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const rss = treeRss(child.pid);
  const smaps = readFileSync(`/proc/${child.pid}/smaps`, 'utf8');
  const inside = await new Promise((resolve) => {
    child.kill('SIGUSR2');
    const poll = setInterval(() => {
      if (out.memory) resolve(out.memory, clearInterval(poll));
    }, 20);
  });
  const maps = smapsOf(
    smaps,
    inside.wasm.map((m) => m * 1024),
  );
  const stopped = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await stopped;
  return { readyMs: ms, cpuMs: cpu, phases: out.ready?.phases, rss: mib(rss), inside, maps };
};

for (const target of targets) target.runs = { first: [], restart: [] };
const clear = () => {
  for (const target of targets) execSync(`rm -rf ${target.dataDir} ${target.dataDir}.lock`);
};
for (let round = 1; round <= ROUNDS; round++) {
  clear();
  for (const target of targets) target.runs.first.push(await measure(await start(target)));
  for (const target of targets) target.runs.restart.push(await measure(await start(target)));
  for (const { label, runs } of targets)
    console.log(
      `round ${round}, ${label}: first start ${Math.round(runs.first.at(-1).readyMs)} ms, ${runs.first.at(-1).rss} MiB; restart ${Math.round(runs.restart.at(-1).readyMs)} ms, ${runs.restart.at(-1).rss} MiB`,
    );
}
clear();

const summary = (label, list) => {
  const m = (pick) => median(list.map(pick));
  const phases = Object.keys(list[0].phases ?? {})
    .map((k) => `${k} ${m((r) => r.phases[k])}`)
    .join(', ');
  return [
    `${label}: ready in ${Math.round(m((r) => r.readyMs))} ms, ${Math.round(m((r) => r.cpuMs))} ms of CPU (server's phases, ms: ${phases}); RSS 10 s after ready ${m((r) => r.rss)} MiB`,
    `  mappings (MiB): node binary ${m((r) => mib(r.maps.binary))}, other files ${m((r) => mib(r.maps.files))}, native heap (malloc) ${m((r) => mib(r.maps.malloc))}, PGlite's WebAssembly memory resident ${m((r) => mib(r.maps.wasmMemory))} of ${m((r) => r.inside.wasm.reduce((a, b) => a + b, 0))}, other anonymous (V8 heap pages, WebAssembly code, stacks) ${m((r) => mib(r.maps.anon))}`,
    `  after a full GC (MiB): rss ${m((r) => r.inside.rss)}, V8 heap used ${m((r) => r.inside.heapUsed)} of ${m((r) => r.inside.heapTotal)}, external ${m((r) => r.inside.external)} (ArrayBuffers ${m((r) => r.inside.arrayBuffers)}, WebAssembly memory included)`,
  ];
};
writeReport('start', [
  `PGlite, built server, ${ROUNDS} rounds, medians; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  ...targets.flatMap(({ label, env, args, runs }) => [
    `${label}: ${[...Object.entries(env).map(([k, v]) => `${k}=${v}`), 'node', ...args].join(' ')}`,
    ...summary('first start (empty data directory)', runs.first),
    ...summary('restart (same data directory)', runs.restart),
  ]),
]);

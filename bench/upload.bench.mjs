// Image upload end to end: a ~5 MB JPEG (noise, so it does not compress) POSTed as multipart to
// /api/filer-images/ N times, one after another, against a freshly started server: upload,
// content check, re-encode into the WebP variants, storage, database. Prints median and p95.
//   node bench/upload.bench.mjs            (PostgreSQL at 127.0.0.1:5432, database excursio_bench_upload)
//   BENCH_PGLITE=1 BENCH_UPLOADS=30 node bench/upload.bench.mjs
// Own port, data directory and database, so it can run beside the other benchmarks.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import sharp from 'sharp';

const PORT = 3210;
const DOMAIN = `localhost:${PORT}`;
const HOST = `demo.${DOMAIN}`;
const ORIGIN = `http://${HOST}`;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const PGLITE = process.env.BENCH_PGLITE === '1';
const DATA_DIR = 'data/bench-upload';
const DEMO = { email: 'owner@demo.localhost', password: 'excursio-demo-2026' };

/** A raw request with a Host header (fetch cannot set Host). Resolves {status, headers, body}. */
const http = (path, { method = 'GET', headers = {}, body } = {}) =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, method, headers: { host: HOST, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });

const startServer = async () => {
  const env = {
    ...process.env,
    PORT: String(PORT),
    APP_DOMAIN: DOMAIN,
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR,
  };
  if (!PGLITE) {
    execSync(
      'psql -h 127.0.0.1 -U postgres -qc "drop database if exists excursio_bench_upload" -c "create database excursio_bench_upload"',
    );
    env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/excursio_bench_upload';
  }
  execSync(`rm -rf ${DATA_DIR}`);
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill('SIGTERM');
  throw new Error('server did not become ready');
};

const signIn = async () => {
  const res = await http('/api/jwt/create/', {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status}`);
  return { origin: ORIGIN, cookie };
};

/** ~5 MB of JPEG: gaussian noise at high quality barely compresses. */
const makeJpeg = () =>
  sharp({
    create: { width: 3000, height: 2000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 94 })
    .toBuffer();

const multipartBody = async (jpeg) => {
  const form = new FormData();
  form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'bench.jpg');
  form.append('alt_text', 'benchmark');
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') };
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const jpeg = await makeJpeg();
const { body, contentType } = await multipartBody(jpeg);
const server = await startServer();
try {
  const auth = await signIn();
  const headers = { ...auth, 'content-type': contentType, 'content-length': String(body.length) };
  const times = [];
  // One warm-up upload (sharp and the database pool start cold), not counted.
  for (let i = 0; i <= UPLOADS; i++) {
    const started = performance.now();
    const res = await http('/api/filer-images/', { method: 'POST', headers, body });
    const ms = performance.now() - started;
    if (res.status !== 201) throw new Error(`upload ${i} answered ${res.status}: ${res.body}`);
    if (i > 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const report = [
    `database: ${PGLITE ? 'PGlite' : 'PostgreSQL'}  file: ${(jpeg.length / 1048576).toFixed(2)} MB JPEG 3000×2000  uploads: ${UPLOADS} (sequential, after 1 warm-up)`,
    `POST /api/filer-images/  median ${percentile(times, 50).toFixed(0)} ms  p95 ${percentile(times, 95).toFixed(0)} ms  min ${times[0].toFixed(0)} ms  max ${times.at(-1).toFixed(0)} ms`,
  ].join('\n');
  console.log(report);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/upload-${PGLITE ? 'pglite' : 'postgres'}.txt`, `${report}\n`);
} finally {
  server.kill('SIGTERM');
}

// Image upload end to end: a ~5 MB JPEG (noise, so it does not compress) POSTed as multipart to
// /api/filer-images/ N times, one after another, against a freshly started server: upload,
// content check, re-encode into the WebP variants, storage, database. Prints median and p95.
//   node bench/upload.bench.mjs            (PostgreSQL at 127.0.0.1:5432, database excursio_bench_upload)
//   BENCH_PGLITE=1 BENCH_UPLOADS=30 node bench/upload.bench.mjs
// Own port, data directory and database, so it can run beside the other benchmarks.
import sharp from 'sharp';
import { benchTarget, PGLITE, percentiles, writeReport } from './support.mjs';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const { http, startServer, signIn } = benchTarget({
  port: 3210,
  database: 'excursio_bench_upload',
  dataDir: 'data/bench-upload',
});

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
  const { p50, p95, min, max } = percentiles(times);
  writeReport('upload', [
    `database: ${PGLITE ? 'PGlite' : 'PostgreSQL'}  file: ${(jpeg.length / 1048576).toFixed(2)} MB JPEG 3000×2000  uploads: ${UPLOADS} (sequential, after 1 warm-up)`,
    `POST /api/filer-images/  median ${p50.toFixed(0)} ms  p95 ${p95.toFixed(0)} ms  min ${min.toFixed(0)} ms  max ${max.toFixed(0)} ms`,
  ]);
} finally {
  server.kill('SIGTERM');
}

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';

/** A built web app's directory for the serving tests: empty but for `assets/`. */
export const tempWebDist = () => {
  const dist = mkdtempSync(join(tmpdir(), 'excursio-dist-'));
  mkdirSync(join(dist, 'assets'));
  return dist;
};

/** A file with the .br and .gz siblings the web build writes beside it. */
export const writeCompressed = (path: string, text: string) => {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
};

/** The body as the client reads it after undoing the Content-Encoding. */
export const decoded = (res: LightMyRequestResponse) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.body;
};

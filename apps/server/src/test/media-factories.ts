import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll } from 'vitest';
import type { TestApp } from './app.ts';

/** A data directory of its own, so a test file can look at exactly the files it stored. */
export const tempDataDir = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'excursio-media-')) });

/** Removes the test app's (temporary) data directory when the file is done. */
export const removeDataDirAfterAll = (t: TestApp) => {
  afterAll(() => {
    if (t.config?.DATA_DIR.startsWith(join(tmpdir(), 'excursio-media-')))
      rmSync(t.config.DATA_DIR, { recursive: true, force: true });
  });
};

export type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

/** A multipart/form-data body (built by the platform's FormData) and its content type. */
export const multipart = async (parts: Part[]) => {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else
      form.append(
        part.name,
        new Blob([new Uint8Array(part.data)], { type: part.type ?? 'application/octet-stream' }),
        part.filename,
      );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') as string,
  };
};

/** Sends a multipart request through app.inject with the caller's headers. */
export const injectMultipart = async (
  t: TestApp,
  method: 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  parts: Part[],
) => {
  const body = await multipart(parts);
  return t.app.inject({ method, url, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
};

/** A real image of that size and format: one solid colour (compresses small). */
export const solidImage = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } }, limitInputPixels: false })
    .toFormat(format)
    .toBuffer();

/** Random noise as a JPEG: it does not compress, so the file is large for its size. */
export const noiseJpeg = (width: number, height: number, quality = 90) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality })
    .toBuffer();

/** Every file under the data directory's uploads (relative keys), sorted. */
export const storedKeys = (t: TestApp): string[] => {
  const root = join(t.config.DATA_DIR, 'uploads');
  try {
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name).slice(root.length + 1))
      .sort();
  } catch {
    return [];
  }
};

/**
 * A real 20000×20000 PNG (400 megapixels, one colour: ~5 MB). Producing it takes sharp 10+ s, so
 * it is made once per machine and kept in the temp directory.
 */
export const hugePng = async () => {
  const path = join(tmpdir(), 'excursio-test-20000x20000.png');
  if (existsSync(path)) return readFileSync(path);
  const buf = await solidImage(20_000, 20_000, 'png');
  writeFileSync(`${path}.${process.pid}`, buf);
  renameSync(`${path}.${process.pid}`, path);
  return buf;
};

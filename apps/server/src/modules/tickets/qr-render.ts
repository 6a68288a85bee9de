import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/**
 * QR images of a code's content (the `qrcode` package encodes; the images are drawn here). Links use
 * error correction Q (a printed poster survives a quarter of its modules scuffed); tickets, whose
 * content is longer, M.
 *
 * Each code is encoded once: the module grid and the PNGs are kept in small bounded caches keyed by
 * the content (a ticket's content is signed and never changes), so a confirmation, its PDF and a
 * resend share one encoding. Vectors where the medium draws them (the PDF, the SVG route), a PNG
 * where it cannot (a mail's inline image): a 1-bit greyscale PNG written directly (zlib's native
 * deflate), ~0.1 ms against ~16 ms for the package's RGBA PNG of 400 px.
 */
export type Correction = 'M' | 'Q';

/** A Map that forgets its least recently used entry beyond `max` entries. */
const boundedCache = <V>(max: number) => {
  const entries = new Map<string, V>();
  return {
    get: (key: string) => {
      const found = entries.get(key);
      if (found !== undefined) {
        entries.delete(key);
        entries.set(key, found);
      }
      return found;
    },
    set: (key: string, value: V) => {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
      return value;
    },
    size: () => entries.size,
  };
};

type Grid = { size: number; data: Uint8Array };
const grids = boundedCache<Grid>(2000);
const pngs = boundedCache<Buffer>(1000);

/** Test-only: how many encodings were made (a cached one is not). */
export const qrStats = { encoded: 0, pngs: 0 };

const gridOf = (content: string, correction: Correction): Grid => {
  const key = `${correction}:${content}`;
  const found = grids.get(key);
  if (found) return found;
  qrStats.encoded += 1;
  const { modules } = QRCode.create(content, { errorCorrectionLevel: correction });
  return grids.set(key, { size: modules.size, data: modules.data });
};

const chunk = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
};
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The grid as a black-on-white 1-bit PNG `width` pixels wide with a `margin`-module quiet zone, pixel
 * for pixel what the `qrcode` package draws (the same scaling of modules to pixels).
 */
const encodePng = ({ size, data }: Grid, width: number, margin: number) => {
  const symbol = size + margin * 2;
  const scale = width >= symbol ? width / symbol : 4;
  const pixels = Math.floor(symbol * scale);
  const scaledMargin = margin * scale;
  const stride = Math.ceil(pixels / 8) + 1; // the filter byte (0, none) then the row's bits
  const raw = Buffer.alloc(stride * pixels, 0xff);
  // Which module column each pixel column shows (-1: the quiet zone), computed once.
  const columns = new Int32Array(pixels);
  for (let j = 0; j < pixels; j++) {
    columns[j] = j >= scaledMargin && j < pixels - scaledMargin ? Math.floor((j - scaledMargin) / scale) : -1;
  }
  for (let i = 0; i < pixels; i++) {
    const rowStart = i * stride;
    raw[rowStart] = 0;
    if (i < scaledMargin || i >= pixels - scaledMargin) continue;
    const source = Math.floor((i - scaledMargin) / scale) * size;
    for (let j = 0; j < pixels; j++) {
      const column = columns[j];
      // Grey level 1 is white: a dark module clears its bit.
      if (column >= 0 && data[source + column]) raw[rowStart + 1 + (j >> 3)] &= ~(0x80 >> (j & 7));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels, 0);
  header.writeUInt32BE(pixels, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
};

/** A PNG `size` pixels wide (1200 ≈ 10 cm at 300 dpi), black on white with the standard quiet zone; cached. */
export const qrPng = (content: string, size: number, correction: Correction): Buffer => {
  const key = `${size}:${correction}:${content}`;
  const found = pngs.get(key);
  if (found) return found;
  qrStats.pngs += 1;
  return pngs.set(key, encodePng(gridOf(content, correction), size, 4));
};

/** A vector SVG (crisp at any print size). */
export const qrSvg = (content: string, correction: Correction) =>
  QRCode.toString(content, { type: 'svg', margin: 4, errorCorrectionLevel: correction });

/** The module grid, for drawing the code as vectors (PDF tickets); cached. */
export const qrModules = (content: string, correction: Correction) => {
  const { size, data } = gridOf(content, correction);
  return { size, dark: (x: number, y: number) => data[y * size + x] !== 0 };
};

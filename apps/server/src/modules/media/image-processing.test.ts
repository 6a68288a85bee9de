import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { noiseJpeg, solidImage } from '../../test/media-factories.ts';
import { encodeVariants, inspectImage, sniffFormat } from './image-processing.ts';

const MAX = 60_000_000;
const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? error.items[0].code : `unexpected: ${error}`;
  }
};

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF');

describe('sniffFormat (by content, never by name)', () => {
  it('recognises every accepted format from its first bytes', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      expect(sniffFormat(await solidImage(16, 16, format))).toBe(format);
    }
  });

  it('refuses SVG, HTML, PDF, TIFF and empty input', async () => {
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    for (const buf of [SVG, HTML, PDF, tiff, Buffer.alloc(0), Buffer.from('GIF8')]) expect(sniffFormat(buf)).toBeNull();
  });
});

describe('inspectImage', () => {
  it('answers format and size (upright, after EXIF orientation)', async () => {
    expect(await inspectImage(await solidImage(40, 30, 'png'), MAX)).toEqual({ format: 'png', width: 40, height: 30 });
    const rotated = await sharp(await solidImage(40, 30))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await inspectImage(rotated, MAX)).toEqual({ format: 'jpeg', width: 30, height: 40 });
  });

  it("refuses what is not an accepted image as 'unsupported_file_type'", async () => {
    for (const buf of [SVG, HTML, PDF]) expect(await codeOf(inspectImage(buf, MAX))).toBe('unsupported_file_type');
    // JPEG magic bytes followed by garbage: the decoder has the last word.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    expect(await codeOf(inspectImage(fake, MAX))).toBe('unsupported_file_type');
  });

  it("refuses more pixels than the limit as 'image_too_large'", async () => {
    expect(await codeOf(inspectImage(await solidImage(200, 100, 'png'), 19_999))).toBe('image_too_large');
    expect(await codeOf(inspectImage(await solidImage(200, 100, 'png'), 20_000))).toBe('ok');
  });
});

describe('encodeVariants', () => {
  it('re-encodes into every variant as WebP, never enlarging, without metadata', async () => {
    const source = await sharp(await noiseJpeg(1200, 800))
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret', Artist: 'someone' } } })
      .jpeg()
      .toBuffer();
    const variants = await encodeVariants(source, MAX);
    expect(variants.map((v) => [v.name, v.width, v.height])).toEqual([
      ['thumb', 213, 320],
      ['medium', 640, 960],
      ['large', 800, 1200],
    ]);
    for (const v of variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });
});

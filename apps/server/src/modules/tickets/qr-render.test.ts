import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrModules, qrPng, qrStats } from './qr-render.ts';

/** The image as greyscale pixels (the package writes RGBA, this module 1-bit grey). */
const pixels = async (png: Buffer) => {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
};

describe('QR images', () => {
  it('draws the PNG pixel for pixel as the qrcode package does', async () => {
    for (const [content, size] of [
      ['EXC1.ticket-content-that-is-signed-and-somewhat-long-0123456789abcdef', 400],
      ['https://acme.excursio.test/o/AB12CD', 1200],
      ['short', 123],
    ] as const) {
      const mine = await pixels(qrPng(content, size, 'M'));
      const theirs = await pixels(
        await QRCode.toBuffer(content, { type: 'png', width: size, margin: 4, errorCorrectionLevel: 'M' }),
      );
      expect([mine.width, mine.height]).toEqual([theirs.width, theirs.height]);
      expect(mine.data.equals(theirs.data)).toBe(true);
      expect(new Set(mine.data)).toEqual(new Set([0, 255]));
    }
  });

  it('encodes a content once: the PNG and the grid come from the cache the second time', () => {
    const content = `EXC1.cached-${Math.random()}`;
    const before = { ...qrStats };
    const first = qrPng(content, 400, 'M');
    qrModules(content, 'M');
    expect(qrPng(content, 400, 'M')).toBe(first);
    expect(qrStats.encoded - before.encoded).toBe(1);
    expect(qrStats.pngs - before.pngs).toBe(1);
  });
});

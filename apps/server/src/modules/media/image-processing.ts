import { IMAGE_VARIANTS } from '@excursio/contract/media';
import type { Metadata } from 'sharp';

/** libvips is loaded on the first image, not at start (memory and start-up time of every server). */
const sharpModule = () => import('sharp').then((m) => m.default);

import { invalid } from '../../http/app-error.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (buf: Buffer, from: number, to: number) => buf.subarray(from, to).toString('latin1');

/**
 * The image format from the file's first bytes (magic numbers), never from its name or declared
 * type. Anything else (SVG, HTML, PDF, TIFF, …) is null and never reaches an image decoder.
 */
export const sniffFormat = (buf: Buffer): ImageFormat | null => {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (['GIF87a', 'GIF89a'].includes(ascii(buf, 0, 6))) return 'gif';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'webp';
  if (ascii(buf, 4, 8) === 'ftyp') {
    // ISO-BMFF: the major brand, then compatible brands up to the box's size.
    const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 256);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at === 12) continue; // minor version
      if (['avif', 'avis'].includes(ascii(buf, at, at + 4))) return 'avif';
    }
  }
  return null;
};

const UNSUPPORTED = 'Upload a JPEG, PNG, WebP, AVIF or GIF image.';

export type Inspected = { format: ImageFormat; width: number; height: number };

/**
 * Decides what an upload is: sniffed by content, confirmed by the decoder's own header reading,
 * within the pixel limit. Throws 400 'unsupported_file_type' / 'image_too_large' otherwise.
 */
export const inspectImage = async (buf: Buffer, maxPixels: number): Promise<Inspected> => {
  const format = buf.length >= 12 ? sniffFormat(buf) : null;
  if (!format) throw invalid('file', UNSUPPORTED, 'unsupported_file_type');
  let meta: Metadata;
  try {
    meta = await (await sharpModule())(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid('file', UNSUPPORTED, 'unsupported_file_type');
  }
  const decoded = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  if (decoded !== format || !meta.width || !meta.height) throw invalid('file', UNSUPPORTED, 'unsupported_file_type');
  if (meta.width * meta.height > maxPixels) {
    throw invalid(
      'file',
      `The image is too large: ${meta.width}×${meta.height} pixels. The limit is ${Math.round(maxPixels / 1e6)} megapixels.`,
      'image_too_large',
    );
  }
  // Width and height as the image is displayed (EXIF orientation applied).
  return { format, width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
};

export type EncodedVariant = { name: string; data: Buffer; width: number; height: number };

/**
 * Re-encodes the image into every `IMAGE_VARIANTS` size as WebP: rotated upright by its EXIF
 * orientation, never enlarged, all metadata (EXIF, GPS, comments) dropped. A file the decoder
 * cannot read to the end is refused as 'unsupported_file_type'.
 */
export const encodeVariants = async (buf: Buffer, maxPixels: number): Promise<EncodedVariant[]> => {
  const sharp = await sharpModule();
  const source = sharp(buf, { limitInputPixels: maxPixels, failOn: 'error' }).autoOrient();
  try {
    return await Promise.all(
      Object.entries(IMAGE_VARIANTS).map(async ([name, edge]) => {
        const { data, info } = await source
          .clone()
          .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return { name, data, width: info.width, height: info.height };
      }),
    );
  } catch {
    throw invalid('file', 'The image could not be read. Upload a different file.', 'unsupported_file_type');
  }
};

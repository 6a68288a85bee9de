import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EncodedVariant, encodeVariants } from '../modules/media/image-processing.ts';

export type DemoPicture = {
  originalName: string;
  width: number;
  height: number;
  sizeBytes: number;
  variants: EncodedVariant[];
};
type Spec = { sky: [string, string]; hills: string; name: string };

const svgOf = ({ sky, hills }: Spec) => `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="url(#s)"/><circle cx="1180" cy="330" r="120" fill="#fff5c0" opacity="0.9"/>
    <path d="M0 720 Q 400 560 800 700 T 1600 660 V1000 H0 Z" fill="${hills}"/>
    <path d="M0 820 Q 500 700 1000 820 T 1600 800 V1000 H0 Z" fill="${hills}" opacity="0.7"/></svg>`;

const generate = async (spec: Spec): Promise<DemoPicture> => {
  const { default: sharp } = await import('sharp');
  const jpeg = await sharp(Buffer.from(svgOf(spec)))
    .jpeg({ quality: 85 })
    .toBuffer();
  return {
    originalName: `${spec.name}.jpg`,
    width: 1600,
    height: 1000,
    sizeBytes: jpeg.length,
    variants: await encodeVariants(jpeg, 1e8),
  };
};

/**
 * A generated cover picture (sky gradient, sun, hills): no binary assets in the repository.
 * Rendering and re-encoding takes a few hundred milliseconds, so the result is kept in `cacheDir`
 * (outside the data directory: a fresh installation reuses it; `npm run build` fills it).
 */
export const demoPicture = async (cacheDir: string, spec: Spec): Promise<DemoPicture> => {
  const key = createHash('sha256').update(svgOf(spec)).digest('hex').slice(0, 16);
  const file = join(cacheDir, 'demo-pictures', `${spec.name}-${key}.json`);
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as Omit<DemoPicture, 'variants'> & {
      variants: (Omit<EncodedVariant, 'data'> & { data: string })[];
    };
    return { ...cached, variants: cached.variants.map((v) => ({ ...v, data: Buffer.from(v.data, 'base64') })) };
  } catch {
    const picture = await generate(spec);
    try {
      mkdirSync(join(cacheDir, 'demo-pictures'), { recursive: true });
      const stored = { ...picture, variants: picture.variants.map((v) => ({ ...v, data: v.data.toString('base64') })) };
      writeFileSync(file, JSON.stringify(stored));
    } catch {
      // A read-only cache directory only costs the next start the same work again.
    }
    return picture;
  }
};

/** The demo offer's pictures, in gallery order. */
export const DEMO_PICTURES: Spec[] = [
  { sky: ['#f6a66b', '#8fb8de'], hills: '#3f6e5a', name: 'old-town' },
  { sky: ['#5b7bb5', '#f4c27a'], hills: '#7a4e3a', name: 'river' },
];

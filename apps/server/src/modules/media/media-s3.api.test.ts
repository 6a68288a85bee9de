import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { useAccount } from '../../test/factories.ts';
import {
  injectMultipart,
  noiseJpeg,
  removeDataDirAfterAll,
  solidImage,
  storedKeys,
  tempDataDir,
} from '../../test/media-factories.ts';
import { useS3Server } from '../../test/s3-server.ts';

// The media API end to end with STORAGE_DRIVER=s3, against a real S3-compatible server on loopback.
const s3 = useS3Server();
const t = useTestApp(() => ({ ...tempDataDir(), ...s3.env }));
removeDataDirAfterAll(t);
const a = useAccount(t);
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await noiseJpeg(1600, 1200);
});

const bucketKeys = async (containing: string) =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? [])
    .map((o) => o.Key as string)
    .filter((key) => key.includes(containing))
    .sort();

describe('media uploads with STORAGE_DRIVER=s3', () => {
  it('stores the variants of an uploaded image in the bucket (not on disk) and serves them at /media/', async () => {
    const res = await injectMultipart(t, 'POST', '/api/filer-images/', a.owner.headers, [
      { name: 'file', filename: 'Harbour.jpg', data: jpeg, type: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [image] = res.json().results;
    expect(await bucketKeys(image.id)).toEqual(
      ['large', 'medium', 'thumb'].map((v) => `${a.account.id}/images/${image.id}/${v}.webp`),
    );
    expect(storedKeys(t)).toEqual([]);

    const served = await t.app.inject({ url: image.urls.medium, headers: { host: 'excursio.test' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 720]);
    const head = await t.app.inject({ method: 'HEAD', url: image.urls.thumb });
    expect(head.statusCode).toBe(200);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/filer-images/${image.id}/`, headers: a.owner.headers });
    expect(del.statusCode).toBe(204);
    expect(await bucketKeys(image.id)).toEqual([]);
    expect((await t.app.inject({ url: image.urls.medium })).statusCode).toBe(404);
  });

  it("uploads into an offer's gallery through the same storage", async () => {
    const offer = await createExperience(t, a);
    const res = await injectMultipart(t, 'PATCH', `/api/experiences/${offer.id}/images/`, a.owner.headers, [
      { name: 'file', filename: 'cover.png', data: await solidImage(400, 300, 'png'), type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [image] = res.json().results;
    expect(await bucketKeys(image.id)).toHaveLength(3);
    const gallery = await t.app.inject({ url: `/api/experiences/${offer.id}/`, headers: a.owner.headers });
    expect(JSON.stringify(gallery.json())).toContain(image.id);
    const served = await t.app.inject({ url: image.urls.thumb });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('answers 404 for keys the bucket does not hold, and for keys no driver accepts', async () => {
    for (const url of [`/media/${a.account.id}/images/nothing/thumb.webp`, '/media/a/b.html', '/media/..%2f..%2fjwt-secret']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

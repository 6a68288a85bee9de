import { createServer, type Server, type Socket } from 'node:net';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { useS3Server } from '../test/s3-server.ts';
import { createStorage, type StoredFile } from './storage.ts';
import { createS3Storage } from './storage-s3.ts';

const s3 = useS3Server();
const settings = () => loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/excursio-s3-config', ...s3.env });
const storage = () => createStorage(settings());

const text = async (file: StoredFile | null) => {
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return { size: file.size, contentType: file.contentType, body: Buffer.concat(chunks).toString() };
};
const keysInBucket = async () =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key).sort();

describe('S3 storage against a real S3-compatible server', () => {
  it('puts, gets and deletes by key, with the content type stored on the object', async () => {
    const store = storage();
    const key = 'acc-1/images/img-1/thumb.webp';
    await store.put(key, Buffer.from('pixels'), 'image/webp');
    expect(await text(await store.get(key))).toEqual({ size: 6, contentType: 'image/webp', body: 'pixels' });
    // What the bucket itself says (not the driver): the object, its length and its type.
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect({ length: head.ContentLength, type: head.ContentType }).toEqual({ length: 6, type: 'image/webp' });

    await store.put(key, Buffer.from('new pixels'), 'image/webp'); // the same key again replaces it
    expect((await text(await store.get(key)))?.body).toBe('new pixels');

    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await keysInBucket()).not.toContain(key);
  });

  it('serves each known extension with its own type, and nothing under another extension', async () => {
    const store = storage();
    await store.put('acc-2/a.png', Buffer.from('png'), 'image/png');
    await store.put('acc-2/a.jpg', Buffer.from('jpg'), 'image/jpeg');
    expect((await store.get('acc-2/a.png'))?.contentType).toBe('image/png');
    expect((await store.get('acc-2/a.jpg'))?.contentType).toBe('image/jpeg');
    // An object that is in the bucket, but under an extension the media module never writes.
    await s3.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: 'acc-2/page.html', Body: '<script>', ContentType: 'text/html' }),
    );
    expect(await store.get('acc-2/page.html')).toBeNull();
  });

  it('answers null for a missing key, and deleting a missing key is fine', async () => {
    const store = storage();
    expect(await store.get('acc-3/images/nothing/thumb.webp')).toBeNull();
    await expect(store.delete('acc-3/images/nothing/thumb.webp')).resolves.toBeUndefined();
    await store.put('acc-3/x.webp', Buffer.from('x'), 'image/webp');
    await store.delete('acc-3/x.webp');
    await expect(store.delete('acc-3/x.webp')).resolves.toBeUndefined(); // twice
  });

  it('refuses the keys the local driver refuses, without sending them to the server', async () => {
    const store = storage();
    const before = await keysInBucket();
    for (const key of ['../escape.webp', 'a/../../b.webp', '/abs/x.webp', 'a//b.webp', '.hidden.webp', 'a\\b.webp', '']) {
      await expect(store.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/invalid storage key/);
      expect(await store.get(key), key).toBeNull();
      await expect(store.delete(key), key).resolves.toBeUndefined();
    }
    expect(await keysInBucket()).toEqual(before);
  });

  it('fails an upload with credentials the server does not know', async () => {
    const store = createS3Storage({ ...settings(), S3_ACCESS_KEY_ID: 'SOMEONE-ELSE' });
    await expect(store.put('acc-4/x.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    await expect(s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'acc-4/x.webp' }))).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
  });
});

describe('S3 storage timeouts', () => {
  // A server that accepts connections and never answers.
  let silent: Server;
  const sockets = new Set<Socket>();
  let endpoint = '';
  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up on a storage that does not answer instead of waiting for ever', async () => {
    const store = createS3Storage({ ...settings(), S3_ENDPOINT: endpoint, S3_TIMEOUT_MS: 100 });
    await expect(store.put('acc-5/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/timeout|timed out/i);
    await expect(store.get('acc-5/x.webp')).rejects.toThrow(/timeout|timed out/i);
  });
});

describe('S3 configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/excursio-s3-config' };
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('keeps local disk the default', () => {
    expect(loadConfig(base).STORAGE_DRIVER).toBe('local');
  });

  it('reads the S3 settings', () => {
    const config = loadConfig({
      ...base,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media.example',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: 'true',
      S3_TIMEOUT_MS: '2500',
    });
    expect(config).toMatchObject({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media.example',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
      S3_TIMEOUT_MS: 2500,
    });
  });

  it('says what is wrong in words', () => {
    expect(problem({ STORAGE_DRIVER: 's3' })).toBe('Invalid configuration:\n  STORAGE_DRIVER=s3 needs S3_BUCKET');
    expect(problem({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b1b', S3_ACCESS_KEY_ID: 'id' })).toBe(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither',
    );
    expect(problem({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket' })).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(problem({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b1b', S3_ENDPOINT: 'ftp://files' })).toMatch(
      /S3_ENDPOINT: must be an http\(s\) URL/,
    );
    expect(problem({ STORAGE_DRIVER: 'gcs' })).toMatch(/STORAGE_DRIVER/);
  });
});

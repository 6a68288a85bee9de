import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeOf, createLocalStorage, isValidKey } from './storage.ts';

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('storage keys', () => {
  it('accepts the keys the media module writes', () => {
    expect(isValidKey('0192b7a0-7c1e-7000-8000-000000000001/images/0192b7a0-7c1e-7000-8000-000000000002/thumb.webp')).toBe(true);
  });

  it.each([
    '../etc/passwd',
    'a/../../b.webp',
    '/abs/x.webp',
    'a//b.webp',
    'a/./b.webp',
    '.hidden',
    'a\\b.webp',
    'a/b.webp/',
    '',
    'a/b%2e.webp',
    'a/b.webp.1.tmp',
  ])('refuses %j', (key) => {
    expect(isValidKey(key)).toBe(false);
  });

  it('serves only known extensions', () => {
    expect(contentTypeOf('a/b.webp')).toBe('image/webp');
    expect(contentTypeOf('a/b.html')).toBeNull();
    expect(contentTypeOf('a/b')).toBeNull();
  });
});

describe('local storage', () => {
  it('puts, gets and deletes by key, and never reads outside its root', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'excursio-storage-'));
    writeFileSync(join(dir, 'secret.webp'), 'outside');
    const storage = createLocalStorage(join(dir, 'uploads'));
    await storage.put('acc/images/img/thumb.webp', Buffer.from('pixels'), 'image/webp');
    expect(readFileSync(join(dir, 'uploads/acc/images/img/thumb.webp'), 'utf8')).toBe('pixels');
    const got = await storage.get('acc/images/img/thumb.webp');
    expect(got && { size: got.size, type: got.contentType, body: await read(got.body) }).toEqual({
      size: 6,
      type: 'image/webp',
      body: 'pixels',
    });
    expect(await storage.get('../secret.webp')).toBeNull();
    expect(await storage.get('acc/images/img')).toBeNull(); // a directory
    expect(await storage.get('acc/images/img/missing.webp')).toBeNull();
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid storage key/);
    await storage.delete('acc/images/img/thumb.webp');
    await storage.delete('acc/images/img/thumb.webp'); // deleting twice is fine
    expect(await storage.get('acc/images/img/thumb.webp')).toBeNull();
    expect(await storage.get('acc/../secret.webp')).toBeNull();
  });
});

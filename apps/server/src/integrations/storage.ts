import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { createS3Storage, type S3Settings } from './storage-s3.ts';

/** A stored file as read back: its bytes as a stream, size and content type. */
export type StoredFile = { body: Readable; size: number; contentType: string };

/**
 * Where uploaded files live, by key (`{accountId}/images/{imageId}/{variant}.webp`): local disk
 * (below) or an S3-compatible bucket (`storage-s3.ts`), chosen by `STORAGE_DRIVER`.
 */
export type Storage = {
  put: (key: string, data: Buffer, contentType: string) => Promise<void>;
  /** null when there is no such file (or the key is not a valid key). */
  get: (key: string) => Promise<StoredFile | null>;
  /** Deleting a missing file is not an error. */
  delete: (key: string) => Promise<void>;
};

/** Content types by extension: only what the media module writes is ever served. */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  gif: 'image/gif',
};

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(\.[a-z0-9]{1,8})?$/;

/**
 * A key is 1–8 `/`-separated segments of letters, digits, `_` and `-` (a segment may end in one
 * `.ext`): no `..`, no empty segment, no backslash, no absolute path, no dot files.
 */
export const isValidKey = (key: string) => {
  const segments = key.split('/');
  return key.length <= 512 && segments.length <= 8 && segments.every((s) => SEGMENT.test(s));
};

export const contentTypeOf = (key: string): string | null => {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return key.includes('.') ? (CONTENT_TYPES[ext] ?? null) : null;
};

export const createLocalStorage = (root: string): Storage => {
  const base = resolve(root);
  /** The file of a key, or null when the key could leave the storage root. */
  const pathOf = (key: string) => {
    if (!isValidKey(key)) return null;
    const path = resolve(base, key);
    return path.startsWith(base + sep) ? path : null;
  };
  return {
    put: async (key, data) => {
      const path = pathOf(key);
      if (!path) throw new Error(`invalid storage key: ${key}`);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a reader never sees a half-written file.
      const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, path);
    },
    get: async (key) => {
      const path = pathOf(key);
      const contentType = contentTypeOf(key);
      if (!path || !contentType) return null;
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { body: createReadStream(path), size: info.size, contentType };
      } catch {
        return null;
      }
    },
    delete: async (key) => {
      const path = pathOf(key);
      if (!path) return;
      await rm(path, { force: true });
    },
  };
};

/** The settings `createStorage` reads. */
export type StorageConfig = Pick<Config, 'DATA_DIR'> & ({ STORAGE_DRIVER: 'local' } | ({ STORAGE_DRIVER: 's3' } & S3Settings));

export const createStorage = (config: StorageConfig): Storage => {
  switch (config.STORAGE_DRIVER) {
    case 'local':
      return createLocalStorage(join(config.DATA_DIR, 'uploads'));
    case 's3':
      return createS3Storage(config);
  }
};

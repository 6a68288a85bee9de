import { randomUUID } from 'node:crypto';
import type { Database, Listener } from './client.ts';

const SYNC = 'sync:';

/**
 * Values per (account, key), kept only while this instance listens to a channel on which database
 * triggers announce, on commit, the accounts whose rows changed ('*' for all). An announced
 * account's values are dropped; while the listening connection is down nothing is cached; when it
 * comes back the cache starts empty (messages may have been missed). A load that raced with an
 * announcement is not kept (generation counters). Changes made by any instance or client — even
 * psql — reach every instance within the notification's delivery.
 */
export type AnnouncedCache = {
  get: <V>(accountId: string, key: string, load: () => Promise<V>) => Promise<V>;
  /**
   * Resolves once every change committed before the call has reached this instance: a request that
   * changed something awaits it before answering, so the next request sees the change.
   */
  barrier: () => Promise<void>;
  close: () => Promise<void>;
};

export const createAnnouncedCache = async (database: Database, channel: string, maxEntries = 10_000): Promise<AnnouncedCache> => {
  const entries = new Map<string, unknown>();
  const keysByAccount = new Map<string, Set<string>>();
  const generations = new Map<string, number>();
  let epoch = 0;
  const waiters = new Map<string, () => void>();

  const dropAll = () => {
    entries.clear();
    keysByAccount.clear();
    generations.clear();
    epoch++;
  };
  const dropAccount = (accountId: string) => {
    for (const key of keysByAccount.get(accountId) ?? []) entries.delete(key);
    keysByAccount.delete(accountId);
    generations.set(accountId, (generations.get(accountId) ?? 0) + 1);
  };
  const generation = (accountId: string) => `${epoch}:${generations.get(accountId) ?? 0}`;

  const listener: Listener = await database.listen(channel, {
    onMessage: (payload) => {
      if (payload.startsWith(SYNC)) return waiters.get(payload)?.();
      if (payload === '*') dropAll();
      else dropAccount(payload);
    },
    onLive: () => dropAll(),
  });

  const remember = (accountId: string, entry: string, value: unknown) => {
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
      keysByAccount.get(oldest.slice(0, oldest.indexOf('|')))?.delete(oldest);
    }
    entries.set(entry, value);
    let keys = keysByAccount.get(accountId);
    if (!keys) {
      keys = new Set();
      keysByAccount.set(accountId, keys);
    }
    keys.add(entry);
  };

  return {
    get: async <V>(accountId: string, key: string, load: () => Promise<V>): Promise<V> => {
      if (!listener.live) return load();
      const entry = `${accountId}|${key}`;
      if (entries.has(entry)) {
        const hit = entries.get(entry) as V;
        // Least recently used goes first when full: re-insert on every hit.
        entries.delete(entry);
        entries.set(entry, hit);
        return hit;
      }
      const before = generation(accountId);
      const value = await load();
      if (listener.live && generation(accountId) === before) remember(accountId, entry, value);
      return value;
    },
    barrier: async () => {
      if (!listener.live) return;
      // Notifications arrive in commit order: once our own token is back, every earlier change is in.
      const token = `${SYNC}${randomUUID()}`;
      const arrived = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          // The announcement did not come back in time: trust nothing cached.
          dropAll();
          resolve();
        }, 2000);
        waiters.set(token, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      try {
        await database.notify(channel, token);
        await arrived;
      } catch {
        // The change itself committed; if the round trip fails, forget everything instead.
        dropAll();
      } finally {
        waiters.delete(token);
      }
    },
    close: () => listener.close(),
  };
};

/** Caches registered for a database (the app's own), found by the repositories that use them. */
const registry = new WeakMap<object, Map<string, AnnouncedCache>>();

export const registerAnnouncedCache = (db: object, channel: string, cache: AnnouncedCache) => {
  let caches = registry.get(db);
  if (!caches) {
    caches = new Map();
    registry.set(db, caches);
  }
  caches.set(channel, cache);
};

/**
 * The cache of a channel for this executor; a pass-through for anything else (a transaction reads
 * the database itself, as does a database no app registered).
 */
export const announcedCacheOf = (db: object, channel: string): Pick<AnnouncedCache, 'get'> =>
  registry.get(db)?.get(channel) ?? { get: (_account, _key, load) => load() };

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { databaseFailure } from './errors.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

/** A LISTEN subscription: `live` is false while its connection is down (notifications may be missed). */
export type Listener = { readonly live: boolean; close: () => Promise<void> };
export type ListenHandlers = {
  onMessage: (payload: string) => void;
  /** Called when the subscription goes down or comes back (after a reconnect: missed messages are unknown). */
  onLive: (live: boolean) => void;
};

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  /** Subscribes to a NOTIFY channel, on a connection of its own (PostgreSQL) that is re-opened when lost. */
  listen: (channel: string, handlers: ListenHandlers) => Promise<Listener>;
  notify: (channel: string, payload: string) => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = join(import.meta.dirname, 'migrations');

/**
 * drizzle's migrator reads and hashes every migration file on each start, then applies those newer
 * than the last one recorded. When the database already records the journal's newest migration there
 * is nothing to apply: a restart reads the journal and one row instead.
 */
export const migrateUnlessApplied = async (one: (sql: string) => Promise<unknown>, migrate: () => Promise<void>) => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const recorded = await one(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (recorded) {
    const last = await one('select max(created_at)::text as last from drizzle.__drizzle_migrations');
    if (last !== null && Number(last) >= newest) return;
  }
  await migrate();
};

/** Limits set on every PostgreSQL session, so no request can wait on a lock or a query for ever. */
export type PoolSettings = {
  max: number;
  /** Waiting for a free connection (or a new one) longer than this fails the request with 503. */
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
};
export const DEFAULT_POOL: PoolSettings = {
  max: 10,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 15_000,
  lockTimeoutMs: 3000,
  idleInTransactionTimeoutMs: 30_000,
};

export type DatabaseOptions =
  | { url: string; pool?: Partial<PoolSettings>; onConnectionError?: (error: Error) => void }
  /** `baseSnapshot`: a dumped, migrated data directory to start a new `dataDir` from (instead of initdb). */
  | { dataDir: string; baseSnapshot?: string }
  | { memory: true; loadDataDir?: Blob | File };

const isRead = (query: unknown) => {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*select\b/i.test(text);
};

/**
 * A pool that survives lost connections: a plain read that failed because its connection broke is
 * run once more on a fresh connection (it changed nothing, so repeating it is safe). Writes and
 * transactions are never repeated here: whether their commit happened is unknown.
 */
class ResilientPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this only forwards them.
  override query(...args: any[]): any {
    const first = super.query.apply(this, args as never) as unknown;
    if (typeof args.at(-1) === 'function' || !(first instanceof Promise) || !isRead(args[0])) return first;
    return first.catch((error: unknown) => {
      if (databaseFailure(error) !== 'unavailable') throw error;
      return super.query.apply(this, args as never);
    });
  }
}

/**
 * drizzle's transaction on a pool leaks its client when `begin` itself fails (a connection
 * terminated between checkout and `begin`: that statement is outside its try/finally), and returns
 * a client whose connection broke to the pool as if it were healthy. Found by the faults suite
 * under load: after terminations the pool kept clients checked out for ever and starved. So the
 * transaction checks its client out here, runs drizzle's transaction on that one client (a session
 * of the pool's own dialect and schema), and always releases it — destroyed when its connection
 * failed.
 */
const ownTransactions = (db: Db, pool: pg.Pool) => {
  const base = (db as unknown as { session: { dialect: unknown; schema: unknown; options: unknown } }).session;
  db.transaction = (async (run: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    try {
      const session = new NodePgSession(client, base.dialect as never, base.schema as never, base.options as never);
      return await session.transaction(run as never, config);
    } catch (error) {
      if (databaseFailure(error) === 'unavailable') broken ??= error as Error;
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }) as Db['transaction'];
  return db;
};

/** Deadlocks and serialization failures roll the whole transaction back: run it again, a few times. */
const retryTransactions = (db: Db) => {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(run, config);
      } catch (error) {
        if (attempt >= 4 || databaseFailure(error) !== 'retryable') throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
      }
    }
  }) as Db['transaction'];
  return db;
};

/**
 * LISTEN on a dedicated PostgreSQL connection. When it breaks, the subscription reports itself down
 * (its owner must assume it missed messages) and reconnects with back-off until closed.
 */
const listenPg = async (url: string, channel: string, handlers: ListenHandlers, report: (error: Error) => void) => {
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const setLive = (value: boolean) => {
    if (live !== value) {
      live = value;
      handlers.onLive(value);
    }
  };
  const connect = async (attempt: number): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('error', (error) => {
      report(error);
      setLive(false);
    });
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      setLive(false);
      if (!closed) retry = setTimeout(() => void connect(1), 200);
    });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
      client = next;
      setLive(true);
    } catch (error) {
      report(error as Error);
      await next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(attempt + 1), Math.min(5000, 100 * 2 ** attempt));
    }
  };
  await connect(0);
  return {
    get live() {
      return live;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      setLive(false);
      await client?.end().catch(() => {});
    },
  } satisfies Listener;
};

/** PGlite on disk (embedded default), in memory (tests), or PostgreSQL through a pool. */
export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if ('url' in options) {
    const settings = { ...DEFAULT_POOL, ...options.pool };
    const pool = new ResilientPool({
      connectionString: options.url,
      max: settings.max,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      statement_timeout: settings.statementTimeoutMs,
      lock_timeout: settings.lockTimeoutMs,
      idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
      keepAlive: true,
    });
    // Without listeners a backend terminated by a restart, failover or reaper is an unhandled
    // 'error' event that ends the process: idle clients report on the pool, checked-out ones
    // (between two statements of a transaction) on themselves. Their queries fail on their own.
    const report = options.onConnectionError ?? (() => {});
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = retryTransactions(ownTransactions(drizzlePg(pool, { schema }) as unknown as Db, pool));
    const listeners = new Set<Listener>();
    return {
      db,
      driver: 'postgres',
      migrate: () =>
        migrateUnlessApplied(
          async (sql) => Object.values((await pool.query(sql)).rows[0] ?? {})[0] ?? null,
          () => migratePg(drizzlePg(pool), { migrationsFolder }),
        ),
      ping: async () => {
        await pool.query('select 1');
      },
      listen: async (channel, handlers) => {
        const listener = await listenPg(options.url, channel, handlers, report);
        listeners.add(listener);
        return listener;
      },
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      close: async () => {
        await Promise.all([...listeners].map((l) => l.close()));
        await pool.end();
      },
    };
  }
  // PostgreSQL's default 128 MB of shared buffers is for a server: PGlite initialises them on every
  // start (~0.4 s) and keeps them resident; its pages come from the OS cache anyway.
  const tuning = { postgresqlconf: ['shared_buffers = 32MB'] };
  let client: PGlite;
  let release = () => {};
  if ('dataDir' in options) {
    release = lockDataDir(options.dataDir);
    mkdirSync(options.dataDir, { recursive: true });
    const fresh = !existsSync(join(options.dataDir, 'PG_VERSION'));
    const base = fresh && options.baseSnapshot && existsSync(options.baseSnapshot) ? options.baseSnapshot : null;
    client = await PGlite.create({
      ...tuning,
      dataDir: options.dataDir,
      extensions: { pg_trgm },
      // A new directory from the build's snapshot: ~2 s instead of ~5 s of initdb and migrations.
      ...(base ? { loadDataDir: new Blob([readFileSync(base)]) } : {}),
    }).catch((error: unknown) => {
      release();
      throw error;
    });
  } else {
    client = await PGlite.create({ ...tuning, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  }
  // One in-process connection: no connection to lose and no lock waits between sessions (PGlite
  // runs one transaction at a time), so the pool's timeouts and reconnects do not apply here.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () =>
      migrateUnlessApplied(
        async (sql) => Object.values((await client.query<Record<string, unknown>>(sql)).rows[0] ?? {})[0] ?? null,
        () => migratePglite(drizzlePglite(client), { migrationsFolder }),
      ),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onMessage);
      handlers.onLive(true);
      return {
        live: true,
        close: async () => {
          if (!client.closed) await unlisten();
        },
      };
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await client.close();
      release();
    },
  };
};

/** A migrated in-memory PGlite serialised: each test file starts from it, and a new data directory from the build's. */
export const dumpPglite = async (database: Database, compression: 'none' | 'gzip' = 'none'): Promise<Blob> => {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir(compression);
};

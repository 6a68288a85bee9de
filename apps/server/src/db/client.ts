import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = join(import.meta.dirname, 'migrations');

export type DatabaseOptions = { url: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob | File };

/** PGlite on disk (embedded default), in memory (tests), or PostgreSQL through a pool. */
export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  } else {
    client = await PGlite.create({ loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
};

/** Only for test setup: a migrated in-memory PGlite serialised so each test file starts from it fast. */
export const dumpPglite = async (database: Database): Promise<Blob> => {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
};

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { migrateUnlessApplied, openDatabase } from './client.ts';

// A restart does not read and hash every migration again: drizzle's migrator runs only when the
// database does not record the journal's newest migration (it would apply nothing otherwise).
const journal = JSON.parse(readFileSync(join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8')) as {
  entries: { when: number }[];
};
const newest = Math.max(...journal.entries.map((entry) => entry.when));

/** A database answering the two questions: is the migrations table there, and its newest record. */
const recording = (table: boolean, last: number | null) => async (query: string) =>
  query.includes('to_regclass') ? table : last === null ? null : String(last);

describe('migrations at start', () => {
  it('run the migrator unless the newest migration of the journal is recorded', async () => {
    for (const [table, last, runs] of [
      [false, null, 1],
      [true, null, 1],
      [true, newest - 1, 1],
      [true, newest, 0],
    ] as const) {
      const migrate = vi.fn(async () => {});
      await migrateUnlessApplied(recording(table, last), migrate);
      expect(migrate, `table ${table}, last ${last}`).toHaveBeenCalledTimes(runs);
    }
  });

  it('apply every migration to a new database, and leave a migrated one as it is', async () => {
    const database = await openDatabase({ memory: true });
    const recorded = async () =>
      (
        (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n;
    await database.migrate();
    expect(await recorded()).toBe(journal.entries.length);
    await database.migrate();
    expect(await recorded()).toBe(journal.entries.length);
    await database.close();
  }, 60_000);
});

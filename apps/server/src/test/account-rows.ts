import { type Column, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TestApp } from './app.ts';

/** A tenant-owned table: every row carries `account_id`. */
export type AccountTable = PgTable & { accountId: Column; id: Column };

/** The account's rows of the table as stored, by id: compare before and after to prove nothing was written. */
export const accountRows = async (t: TestApp, table: AccountTable, accountId: string) =>
  ((await t.db.select().from(table).where(eq(table.accountId, accountId))) as { id: string }[]).sort((x, y) =>
    x.id.localeCompare(y.id),
  );

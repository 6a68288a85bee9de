import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import type { invoiceCounters } from './schema/invoices.ts';
import type { orderCounters } from './schema/sales.ts';

/** A per-organization number sequence: one row per organization (`account_id`, `last_number`). */
type CounterTable = typeof orderCounters | typeof invoiceCounters;

/**
 * The next number of an organization's sequence, from 1. The upsert locks the counter row until the
 * transaction ends, so numbers go out one transaction at a time: no duplicates, and a rolled-back
 * transaction takes its increment with it (no gaps).
 */
export const nextNumber = async (tx: Executor, counter: CounterTable, accountId: string) => {
  const [row] = await tx
    .insert(counter)
    .values({ accountId, lastNumber: 1 })
    .onConflictDoUpdate({ target: counter.accountId, set: { lastNumber: sql`${counter.lastNumber} + 1` } })
    .returning({ number: counter.lastNumber });
  return row.number;
};

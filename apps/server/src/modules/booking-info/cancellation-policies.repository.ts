import type { CANCELLATION_POLICY_ORDERING } from '@excursio/contract/booking-info';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { cancellationPolicies } from '../../db/schema/catalog.ts';
import type { Ordering } from '../../http/paging.ts';

export type CancellationPolicyOrderingField = (typeof CANCELLATION_POLICY_ORDERING)[number];
export type CancellationPolicyRow = typeof cancellationPolicies.$inferSelect;
export type CancellationPolicyValues = Pick<CancellationPolicyRow, 'name' | 'description' | 'tiers'>;

const table = cancellationPolicies;
const ofAccount = (accountId: string, id: string) => and(eq(table.accountId, accountId), eq(table.id, id));

export const listCancellationPolicies = async (
  db: Executor,
  accountId: string,
  query: { search?: string; ordering: Ordering<CancellationPolicyOrderingField>; limit: number; offset: number },
) => {
  const where = and(eq(table.accountId, accountId), searchAny(query.search, table.name, table.description));
  const column = { name: table.name, created_at: table.createdAt }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(direction(column), asc(table.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(table).where(where);
  return { rows, count: total };
};

export const findCancellationPolicy = async (db: Executor, accountId: string, id: string, lock = false) => {
  const query = db.select().from(table).where(ofAccount(accountId, id));
  return (await (lock ? query.for('update') : query))[0] ?? null;
};

export const cancellationPolicyNameTaken = async (db: Executor, accountId: string, name: string, exceptId?: string) =>
  (
    await db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.accountId, accountId),
          sql`lower(${table.name}) = lower(${name})`,
          exceptId ? ne(table.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  ).length > 0;

export const insertCancellationPolicy = async (db: Executor, accountId: string, values: CancellationPolicyValues) =>
  (
    await db
      .insert(table)
      .values({ accountId, ...values })
      .returning()
  )[0];

export const updateCancellationPolicy = async (db: Executor, accountId: string, id: string, values: CancellationPolicyValues) =>
  (
    await db
      .update(table)
      .set({ ...values, updatedAt: new Date() })
      .where(ofAccount(accountId, id))
      .returning()
  )[0];

export const deleteCancellationPolicy = async (db: Executor, accountId: string, id: string) => {
  await db.delete(table).where(ofAccount(accountId, id));
};

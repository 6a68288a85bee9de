import type { AccountType } from '@excursio/contract/auth';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { subscriptionTiers } from '../../db/schema/accounts.ts';
import type { Ordering } from '../../http/paging.ts';

// Subscription tiers are global reference data (the plans on offer), not tenant-owned.

export const listTiers = async (
  db: Executor,
  query: {
    accountType?: AccountType;
    search?: string;
    ordering?: Ordering<'price_minor' | 'name'>;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    query.accountType ? eq(subscriptionTiers.accountType, query.accountType) : undefined,
    searchAny(query.search, subscriptionTiers.name),
  );
  const order = query.ordering
    ? [
        (query.ordering.descending ? desc : asc)(
          query.ordering.field === 'name' ? subscriptionTiers.name : subscriptionTiers.priceMinor,
        ),
      ]
    : [asc(subscriptionTiers.accountType), asc(subscriptionTiers.sortOrder)];
  const rows = await db
    .select()
    .from(subscriptionTiers)
    .where(where)
    .orderBy(...order, asc(subscriptionTiers.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(subscriptionTiers).where(where);
  return { rows, count: total };
};

export const findTier = async (db: Executor, tierId: string) =>
  (await db.select().from(subscriptionTiers).where(eq(subscriptionTiers.id, tierId)))[0] ?? null;

import type { API_KEY_ORDERING } from '@excursio/contract/api-keys';
import { and, count, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { searchAny } from '../../db/query.ts';
import { baseAccounts, subscriptionTiers } from '../../db/schema/accounts.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { users } from '../../db/schema/users.ts';
import type { Ordering } from '../../http/paging.ts';

export type ApiKeyOrderingField = (typeof API_KEY_ORDERING)[number];

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  creatorId: users.id,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  creatorEmail: users.email,
};
export type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  creatorId: string | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  creatorEmail: string | null;
};

const withCreator = (db: Executor) => db.select(columns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy));

export const insertApiKey = async (
  db: Executor,
  values: { accountId: string; name: string; prefix: string; secretHash: string; scopes: string[]; createdBy: string },
) => {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row.id;
};

export const findApiKey = async (db: Executor, accountId: string, id: string): Promise<ApiKeyRow | null> =>
  (await withCreator(db).where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id))))[0] ?? null;

export const listApiKeys = async (
  db: Executor,
  accountId: string,
  query: {
    search?: string;
    status?: 'active' | 'revoked';
    ordering: Ordering<ApiKeyOrderingField>;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    eq(apiKeys.accountId, accountId),
    searchAny(query.search, apiKeys.name, apiKeys.prefix),
    query.status === 'active' ? isNull(apiKeys.revokedAt) : query.status === 'revoked' ? isNotNull(apiKeys.revokedAt) : undefined,
  );
  const column = { name: apiKeys.name, created_at: apiKeys.createdAt, last_used_at: apiKeys.lastUsedAt }[query.ordering.field];
  // Never-used keys last whichever way last use is ordered.
  const order = query.ordering.descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const rows: ApiKeyRow[] = await withCreator(db)
    .where(where)
    .orderBy(order, desc(apiKeys.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(apiKeys).where(where);
  return { rows, count: total };
};

/** Revokes a key once (the first revocation's time and person stay); false when it was revoked already. */
export const revokeApiKey = async (db: Executor, accountId: string, id: string, by: string, at: Date) =>
  (
    await db
      .update(apiKeys)
      .set({ revokedAt: at, revokedBy: by })
      .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id })
  ).length > 0;

const callerQuery = (db: Db) =>
  prepared(db, 'api_keys.caller', (name) =>
    db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        scopes: apiKeys.scopes,
        accountId: apiKeys.accountId,
        subdomain: baseAccounts.subdomain,
        features: subscriptionTiers.features,
      })
      .from(apiKeys)
      .innerJoin(baseAccounts, eq(baseAccounts.id, apiKeys.accountId))
      .leftJoin(subscriptionTiers, eq(subscriptionTiers.id, baseAccounts.subscriptionTierId))
      .where(and(eq(apiKeys.secretHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt), eq(baseAccounts.isActive, true)))
      .prepare(name),
  );

/** The live key with this secret hash, of an active organization, with the organization's plan features. */
export const keyCallerByHash = async (db: Db, hash: string) => (await callerQuery(db).execute({ hash }))[0] ?? null;

/** Whether the key with this secret hash exists and was revoked (only asked when a key was refused). */
export const isRevokedKey = async (db: Db, hash: string) =>
  (
    await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.secretHash, hash), isNotNull(apiKeys.revokedAt)))
      .limit(1)
  ).length > 0;

/**
 * Records a use, unless one was recorded less than a minute before `at` (so across instances too the
 * row is written at most once a minute per key). Changes nothing cached: the access trigger ignores
 * this column.
 */
export const touchApiKey = async (db: Executor, id: string, at: Date) => {
  const minuteBefore = new Date(at.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, minuteBefore))));
};

import type { AUDIT_ORDERING } from '@excursio/contract/audit';
import { and, asc, count, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likePattern } from '../../db/query.ts';
import { type AuditChange, auditEntries } from '../../db/schema/audit.ts';
import type { Ordering } from '../../http/paging.ts';

export type AuditEntryRow = typeof auditEntries.$inferSelect;
export type AuditEntryValues = Omit<typeof auditEntries.$inferInsert, 'id' | 'at'> & { changes: AuditChange[] };

/** The only write there is: entries are never updated or deleted (the table's trigger refuses it). */
export const insertAuditEntry = async (db: Executor, values: AuditEntryValues) => {
  await db.insert(auditEntries).values(values);
};

/** Several entries in one statement (in the order given). */
export const insertAuditEntries = async (db: Executor, values: AuditEntryValues[]) => {
  if (values.length) await db.insert(auditEntries).values(values);
};

export type AuditListQuery = {
  search?: string;
  entityType?: string;
  entityId?: string;
  actorKind?: string;
  actor?: string;
  orderId?: string;
  from?: Date;
  to?: Date;
  ordering: Ordering<(typeof AUDIT_ORDERING)[number]>;
  limit: number;
  offset: number;
};

export const listAuditEntries = async (db: Executor, accountId: string, query: AuditListQuery) => {
  const conditions: (SQL | undefined)[] = [
    eq(auditEntries.accountId, accountId),
    query.entityType ? eq(auditEntries.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditEntries.entityId, query.entityId) : undefined,
    query.actorKind ? eq(auditEntries.actorKind, query.actorKind) : undefined,
    query.actor ? eq(auditEntries.actorId, query.actor) : undefined,
    query.orderId ? eq(auditEntries.orderId, query.orderId) : undefined,
    query.from ? gte(auditEntries.at, query.from) : undefined,
    query.to ? lt(auditEntries.at, query.to) : undefined,
    // Words anywhere in the entry (label, actor, action, changed fields and values): trigram index.
    query.search ? like(auditEntries.searchText, likePattern(query.search.toLowerCase())) : undefined,
  ];
  const where = and(...conditions);
  const direction = query.ordering.descending ? desc : asc;
  const rows = await db
    .select()
    .from(auditEntries)
    .where(where)
    .orderBy(direction(auditEntries.at), direction(auditEntries.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(auditEntries).where(where);
  return { rows, count: total };
};

/** The users and keys that appear in the organization's trail, with their latest name. */
export const auditActors = async (db: Executor, accountId: string) =>
  db
    .select({
      id: sql<string>`${auditEntries.actorId}::text`,
      kind: auditEntries.actorKind,
      name: sql<string>`(array_agg(${auditEntries.actorName} order by ${auditEntries.at} desc))[1]`,
    })
    .from(auditEntries)
    .where(and(eq(auditEntries.accountId, accountId), sql`${auditEntries.actorId} is not null`))
    .groupBy(auditEntries.actorId, auditEntries.actorKind)
    .orderBy(sql`3`);

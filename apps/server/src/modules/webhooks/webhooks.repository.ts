import { and, arrayContains, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/integrations.ts';
import { teamMembers } from '../../db/schema/team.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

// ---- endpoints

/** The enabled endpoints of an organization, with the events each listens to. */
const enabledEndpointsOf = async (db: Executor, accountId: string) =>
  await db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.enabled, true)));

type Listeners = Promise<{ id: string; events: string[] }[]>;
const endpointsOfTx = new WeakMap<Executor, Map<string, Listeners>>();

/**
 * `endpointsListening` for the events a change emits: inside a transaction, which often emits
 * several events of one organization (an order's `order.created`, `order.confirmed` and its
 * payment's event), the organization's endpoints are read once per transaction.
 */
export const endpointsListeningInTx = async (tx: Executor, accountId: string, type: string) => {
  if (!(tx instanceof PgTransaction)) return endpointsListening(tx, accountId, type);
  let byAccount = endpointsOfTx.get(tx);
  if (!byAccount) {
    byAccount = new Map();
    endpointsOfTx.set(tx, byAccount);
  }
  let endpoints = byAccount.get(accountId);
  if (!endpoints) {
    endpoints = enabledEndpointsOf(tx, accountId);
    byAccount.set(accountId, endpoints);
  }
  return (await endpoints).filter((e) => e.events.includes(type)).map((e) => e.id);
};

/** The enabled endpoints of an organization that listen to `type`. */
export const endpointsListening = async (db: Executor, accountId: string, type: string) =>
  (
    await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.accountId, accountId),
          eq(webhookEndpoints.enabled, true),
          arrayContains(webhookEndpoints.events, [type]),
        ),
      )
  ).map((r) => r.id);

export const insertEndpoint = async (
  db: Executor,
  values: { accountId: string; url: string; description: string; events: string[]; secret: string },
) => (await db.insert(webhookEndpoints).values(values).returning())[0];

export const findEndpoint = async (db: Executor, accountId: string, id: string): Promise<EndpointRow | null> =>
  (
    await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
  )[0] ?? null;

export const listEndpoints = async (db: Executor, accountId: string, window: { limit: number; offset: number }) => {
  const where = eq(webhookEndpoints.accountId, accountId);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(where)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(window.limit)
    .offset(window.offset);
  const [{ total }] = await db.select({ total: count() }).from(webhookEndpoints).where(where);
  return { rows, count: total };
};

export const updateEndpoint = async (
  db: Executor,
  accountId: string,
  id: string,
  values: Partial<
    Pick<EndpointRow, 'url' | 'description' | 'events' | 'secret' | 'enabled' | 'disabledReason' | 'consecutiveFailures'>
  >,
) =>
  (
    await db
      .update(webhookEndpoints)
      .set(values)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
      .returning()
  )[0] ?? null;

export const deleteEndpoint = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id })
  ).length > 0;

/** A delivered attempt: the failure count starts again. */
export const endpointSucceeded = (db: Db, id: string, at: Date) =>
  db.update(webhookEndpoints).set({ consecutiveFailures: 0, lastDeliveryAt: at }).where(eq(webhookEndpoints.id, id));

/**
 * A failed attempt: one more consecutive failure; at `limit` the endpoint is disabled. Answers the
 * endpoint when THIS call disabled it (a conditional update: however many workers fail at once,
 * one of them disables it and tells the owner).
 */
export const endpointFailed = async (db: Db, id: string, at: Date, limit: number, reason: string) => {
  await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`, lastDeliveryAt: at })
    .where(eq(webhookEndpoints.id, id));
  const [disabled] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason })
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.consecutiveFailures} >= ${limit}`,
      ),
    )
    .returning();
  return disabled ?? null;
};

/** The organization owner's email (the notice of a disabled endpoint goes there). */
export const ownerEmail = async (db: Executor, accountId: string) =>
  (
    await db
      .select({ email: teamMembers.email })
      .from(teamMembers)
      .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.isOwner, true)))
      .limit(1)
  )[0]?.email ?? null;

// ---- deliveries (the outbox)

export const insertDeliveries = async (
  db: Executor,
  rows: { accountId: string; endpointId: string; eventId: string; eventType: string; payload: string; replayOf?: string }[],
) => db.insert(webhookDeliveries).values(rows).returning();

export const findDelivery = async (db: Executor, accountId: string, id: string): Promise<DeliveryRow | null> =>
  (
    await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.id, id)))
  )[0] ?? null;

export const listDeliveries = async (
  db: Executor,
  accountId: string,
  query: { endpointId?: string; status?: DeliveryRow['status']; eventType?: string; limit: number; offset: number },
) => {
  const where = and(
    eq(webhookDeliveries.accountId, accountId),
    query.endpointId ? eq(webhookDeliveries.endpointId, query.endpointId) : undefined,
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
    query.eventType ? eq(webhookDeliveries.eventType, query.eventType) : undefined,
  );
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(webhookDeliveries).where(where);
  return { rows, count: total };
};

export type ClaimedDelivery = DeliveryRow & { url: string; secret: string };

/**
 * Claims up to `limit` due deliveries of enabled endpoints for this worker: one statement that
 * picks them with FOR UPDATE SKIP LOCKED (a row another instance is claiming is skipped, not waited
 * for) and stamps the lease `locked_until` and the attempt. A row whose lease is live is not due;
 * one whose lease ran out (its sender died) is.
 */
export const claimDueDeliveries = async (db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> => {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        // null: due at once (a new event, a replay, a re-enabled endpoint's waiting deliveries).
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
        eq(webhookEndpoints.enabled, true),
      ),
    )
    .orderBy(sql`${webhookDeliveries.nextAttemptAt} asc nulls first`, asc(webhookDeliveries.createdAt))
    .limit(limit)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: leaseUntil, attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  if (!claimed.length) return [];
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(
      inArray(
        webhookEndpoints.id,
        claimed.map((d) => d.endpointId),
      ),
    );
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  return claimed.flatMap((d) => {
    const e = byId.get(d.endpointId);
    return e ? [{ ...d, url: e.url, secret: e.secret }] : [];
  });
};

/** The outcome of an attempt, written only while this worker's lease is still the row's. */
export const recordAttempt = async (
  db: Db,
  claimed: { id: string; lockedUntil: Date | null },
  outcome: Pick<DeliveryRow, 'status' | 'responseStatus' | 'lastError' | 'nextAttemptAt' | 'deliveredAt'>,
) =>
  (
    await db
      .update(webhookDeliveries)
      .set({ ...outcome, lockedUntil: null })
      .where(
        and(
          eq(webhookDeliveries.id, claimed.id),
          claimed.lockedUntil ? eq(webhookDeliveries.lockedUntil, claimed.lockedUntil) : isNull(webhookDeliveries.lockedUntil),
        ),
      )
      .returning({ id: webhookDeliveries.id })
  ).length > 0;

/** Failed deliveries waiting for a disabled endpoint come back due when it is re-enabled. */
export const requeuePendingOf = (db: Executor, endpointId: string) =>
  db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: null, lockedUntil: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));

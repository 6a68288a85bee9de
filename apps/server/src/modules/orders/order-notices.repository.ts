import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderNotices } from '../../db/schema/messages.ts';

export type OrderNoticeRow = typeof orderNotices.$inferSelect;

const waiting = and(isNull(orderNotices.sentAt), isNull(orderNotices.givenUpAt));

/** Records a notice to send (its `seq` is its place among the order's notices). */
export const insertOrderNotice = async (
  db: Executor,
  row: { accountId: string; orderId: string; kind: string; notice: object },
) => {
  const [inserted] = await db.insert(orderNotices).values(row).returning({ id: orderNotices.id });
  return inserted.id;
};

/** The order's first notice neither sent nor given up, and whether someone else holds a live claim on it. */
export const firstWaitingNotice = async (db: Executor, orderId: string) =>
  (
    await db
      .select({
        id: orderNotices.id,
        accountId: orderNotices.accountId,
        kind: orderNotices.kind,
        notice: orderNotices.notice,
        claimed: sql<boolean>`coalesce(${orderNotices.claimedUntil} > now(), false)`,
      })
      .from(orderNotices)
      .where(and(eq(orderNotices.orderId, orderId), waiting))
      .orderBy(asc(orderNotices.seq))
      .limit(1)
  )[0];

/**
 * Claims a waiting notice for `seconds` (one conditional update: of two concurrent claims one wins,
 * the other finds the row claimed or sent after waiting on its lock). Answers whether this one won.
 */
export const claimNotice = async (db: Executor, id: string, claimant: string, seconds: number) =>
  (
    await db
      .update(orderNotices)
      .set({ claimedBy: claimant, claimedUntil: sql`now() + make_interval(secs => ${seconds})` })
      .where(
        and(eq(orderNotices.id, id), waiting, or(isNull(orderNotices.claimedUntil), lt(orderNotices.claimedUntil, sql`now()`))),
      )
      .returning({ id: orderNotices.id })
  ).length > 0;

/** Marks the claimed notice sent (only while this claimant holds it). */
export const markNoticeSent = (db: Executor, id: string, claimant: string) =>
  db
    .update(orderNotices)
    .set({ sentAt: sql`now()`, claimedUntil: null })
    .where(and(eq(orderNotices.id, id), eq(orderNotices.claimedBy, claimant)));

/** Counts a failed attempt and releases the claim; at `giveUpAfter` attempts the notice is given up. Answers whether it was. */
export const recordNoticeFailure = async (db: Executor, id: string, claimant: string, error: string, giveUpAfter: number) => {
  const [row] = await db
    .update(orderNotices)
    .set({
      attempts: sql`${orderNotices.attempts} + 1`,
      lastError: error.slice(0, 500),
      claimedUntil: null,
      givenUpAt: sql`case when ${orderNotices.attempts} + 1 >= ${giveUpAfter} then now() end`,
    })
    .where(and(eq(orderNotices.id, id), eq(orderNotices.claimedBy, claimant), isNull(orderNotices.sentAt)))
    .returning({ givenUpAt: orderNotices.givenUpAt });
  return Boolean(row?.givenUpAt);
};

/** Orders with a notice waiting since before `seconds` ago (a lost job, a crash): the sweep queues them again. */
export const ordersWithStaleNotices = (db: Executor, seconds: number, limit: number) =>
  db
    .selectDistinct({ accountId: orderNotices.accountId, orderId: orderNotices.orderId })
    .from(orderNotices)
    .where(and(waiting, lt(orderNotices.createdAt, sql`now() - make_interval(secs => ${seconds})`)))
    .limit(limit);

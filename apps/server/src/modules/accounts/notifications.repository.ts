import { and, asc, desc, eq, gt, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { systemNotifications } from '../../db/schema/accounts.ts';
import { systemNotificationReads } from '../../db/schema/home.ts';

export const seedNotifications = async (db: Executor) => {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(systemNotifications);
  if (n > 0) return;
  await db.insert(systemNotifications).values({
    title: 'Welcome to Excursio',
    message: 'Set up your organization profile and invite your team from Settings.',
    level: 'info',
  });
};

const visible = () =>
  and(
    lte(systemNotifications.publishedAt, sql`now()`),
    or(isNull(systemNotifications.expiresAt), gt(systemNotifications.expiresAt, sql`now()`)),
  );

// System notifications are global (from Excursio to every organization), not tenant-owned; whether
// one is read is per person (`system_notification_reads`). A caller without a person (an API key)
// reads them all as unread: `userId` null.

const readAtOf = (userId: string | null) =>
  userId
    ? sql<Date | null>`(select ${systemNotificationReads.readAt} from ${systemNotificationReads}
        where ${systemNotificationReads.userId} = ${userId} and ${systemNotificationReads.notificationId} = ${systemNotifications.id})`
    : sql<Date | null>`null::timestamptz`;

const unreadBy = (userId: string): SQL =>
  notExists(
    sql`(select 1 from ${systemNotificationReads} where ${systemNotificationReads.userId} = ${userId}
      and ${systemNotificationReads.notificationId} = ${systemNotifications.id})`,
  );

/** `unread` true / false / either; without a person everything is unread. */
const readFilter = (userId: string | null, unread: boolean | undefined): SQL | undefined => {
  if (unread === undefined) return undefined;
  if (userId === null) return unread ? undefined : sql`false`;
  return unread ? unreadBy(userId) : sql`not ${unreadBy(userId)}`;
};

const columns = (userId: string | null) => ({
  id: systemNotifications.id,
  title: systemNotifications.title,
  message: systemNotifications.message,
  level: systemNotifications.level,
  publishedAt: systemNotifications.publishedAt,
  readAt: readAtOf(userId).mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
});

export const listNotifications = async (
  db: Executor,
  userId: string | null,
  query: { search?: string; unread?: boolean; descending: boolean; limit: number; offset: number },
) => {
  const where = and(
    visible(),
    searchAny(query.search, systemNotifications.title, systemNotifications.message),
    readFilter(userId, query.unread),
  );
  const rows = await db
    .select(columns(userId))
    .from(systemNotifications)
    .where(where)
    .orderBy((query.descending ? desc : asc)(systemNotifications.publishedAt), desc(systemNotifications.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(systemNotifications).where(where);
  return { rows, count };
};

export const findNotification = async (db: Executor, userId: string | null, notificationId: string) =>
  (
    await db
      .select(columns(userId))
      .from(systemNotifications)
      .where(and(visible(), eq(systemNotifications.id, notificationId)))
  )[0] ?? null;

export const countUnread = async (db: Executor, userId: string) => {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(systemNotifications)
    .where(and(visible(), unreadBy(userId)));
  return count;
};

/** Marks read: the first read's time stays (parallel marks insert once). Answers the rows newly marked. */
export const markRead = async (db: Executor, accountId: string, userId: string, notificationIds: string[]) => {
  if (!notificationIds.length) return 0;
  const inserted = await db
    .insert(systemNotificationReads)
    .values(notificationIds.map((notificationId) => ({ accountId, userId, notificationId })))
    .onConflictDoNothing()
    .returning({ id: systemNotificationReads.notificationId });
  return inserted.length;
};

/** Every visible notification the person has not read, marked read in one statement. */
export const markAllRead = async (db: Executor, accountId: string, userId: string) => {
  const inserted = await db
    .insert(systemNotificationReads)
    .select(
      db
        .select({
          accountId: sql`${accountId}::uuid`.as('account_id'),
          userId: sql`${userId}::uuid`.as('user_id'),
          notificationId: sql`${systemNotifications.id}`.as('notification_id'),
          readAt: sql`now()`.as('read_at'),
        })
        .from(systemNotifications)
        .where(and(visible(), unreadBy(userId))),
    )
    .onConflictDoNothing()
    .returning({ id: systemNotificationReads.notificationId });
  return inserted.length;
};

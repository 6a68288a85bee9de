import type { NotificationKind } from '@excursio/contract/notifications';
import { and, asc, desc, eq, inArray, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import {
  notificationMails,
  notificationPreferences,
  organizationNotificationReads,
  organizationNotifications,
} from '../../db/schema/notifications.ts';
import { resales } from '../../db/schema/partners.ts';
import { permissionSets, rolePermissionSets, teamMembers } from '../../db/schema/team.ts';
import { users } from '../../db/schema/users.ts';

export type NoticeRow = typeof organizationNotifications.$inferSelect;
export type NewNotice = typeof organizationNotifications.$inferInsert;

export const insertNotices = async (tx: Executor, rows: NewNotice[]) => {
  if (rows.length) await tx.insert(organizationNotifications).values(rows);
};

/** The resale recorded beside an order (in the caller's transaction), with both organizations' names. */
export const resaleOfOrder = async (tx: Executor, orderId: string) =>
  (
    await tx
      .select({
        supplierAccountId: resales.accountId,
        resellerAccountId: resales.resellerAccountId,
        sellerUserId: resales.sellerUserId,
        resellerName: sql<string>`(select ${baseAccounts.name} from ${baseAccounts} where ${baseAccounts.id} = ${resales.resellerAccountId})`,
        supplierName: sql<string>`(select ${baseAccounts.name} from ${baseAccounts} where ${baseAccounts.id} = ${resales.accountId})`,
      })
      .from(resales)
      .where(eq(resales.orderId, orderId))
  )[0] ?? null;

export const organizationName = async (tx: Executor, accountId: string) =>
  (await tx.select({ name: baseAccounts.name }).from(baseAccounts).where(eq(baseAccounts.id, accountId)))[0]?.name ?? '';

const unreadBy = (userId: string): SQL =>
  notExists(
    sql`(select 1 from ${organizationNotificationReads} where ${organizationNotificationReads.userId} = ${userId}
      and ${organizationNotificationReads.notificationId} = ${organizationNotifications.id})`,
  );

const columns = (userId: string) => ({
  id: organizationNotifications.id,
  kind: organizationNotifications.kind,
  title: organizationNotifications.title,
  message: organizationNotifications.message,
  orderId: organizationNotifications.orderId,
  link: organizationNotifications.link,
  createdAt: organizationNotifications.createdAt,
  readAt: sql<Date | null>`(select ${organizationNotificationReads.readAt} from ${organizationNotificationReads}
      where ${organizationNotificationReads.userId} = ${userId}
      and ${organizationNotificationReads.notificationId} = ${organizationNotifications.id})`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  ),
});
export type NoticeView = Awaited<ReturnType<typeof findNotice>> & {};

export const listNotices = async (
  db: Executor,
  accountId: string,
  userId: string,
  query: { unread?: boolean; kind?: NotificationKind; descending: boolean; limit: number; offset: number },
) => {
  const where = and(
    eq(organizationNotifications.accountId, accountId),
    query.kind ? eq(organizationNotifications.kind, query.kind) : undefined,
    query.unread === undefined ? undefined : query.unread ? unreadBy(userId) : sql`not ${unreadBy(userId)}`,
  );
  const order = query.descending ? desc : asc;
  const rows = await db
    .select(columns(userId))
    .from(organizationNotifications)
    .where(where)
    .orderBy(order(organizationNotifications.createdAt), order(organizationNotifications.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(organizationNotifications).where(where);
  return { rows, count };
};

export const findNotice = async (db: Executor, accountId: string, userId: string, id: string) =>
  (
    await db
      .select(columns(userId))
      .from(organizationNotifications)
      .where(and(eq(organizationNotifications.accountId, accountId), eq(organizationNotifications.id, id)))
  )[0] ?? null;

export const countUnreadNotices = async (db: Executor, accountId: string, userId: string) => {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organizationNotifications)
    .where(and(eq(organizationNotifications.accountId, accountId), unreadBy(userId)));
  return count;
};

/** Marks read once: the first time stays (parallel marks insert once). */
export const markNoticeRead = async (db: Executor, accountId: string, userId: string, notificationId: string) => {
  await db.insert(organizationNotificationReads).values({ accountId, userId, notificationId }).onConflictDoNothing();
};

/** Every notice of the organization the person has not read, marked read in one statement. */
export const markAllNoticesRead = async (db: Executor, accountId: string, userId: string) => {
  const inserted = await db
    .insert(organizationNotificationReads)
    .select(
      db
        .select({
          accountId: organizationNotifications.accountId,
          userId: sql`${userId}::uuid`.as('user_id'),
          notificationId: sql`${organizationNotifications.id}`.as('notification_id'),
          readAt: sql`now()`.as('read_at'),
        })
        .from(organizationNotifications)
        .where(and(eq(organizationNotifications.accountId, accountId), unreadBy(userId))),
    )
    .onConflictDoNothing()
    .returning({ id: organizationNotificationReads.notificationId });
  return inserted.length;
};

// ---- mail ----

/** Notices whose mails are not queued yet, oldest first (across organizations). */
export const unmailedNotices = (db: Executor, limit: number) =>
  db
    .select({ id: organizationNotifications.id, accountId: organizationNotifications.accountId })
    .from(organizationNotifications)
    .where(isNull(organizationNotifications.mailedAt))
    .orderBy(asc(organizationNotifications.createdAt))
    .limit(limit);

export const setMailed = async (db: Executor, ids: string[], at: Date) => {
  if (ids.length)
    await db.update(organizationNotifications).set({ mailedAt: at }).where(inArray(organizationNotifications.id, ids));
};

export const noticeForMail = async (db: Executor, id: string) =>
  (
    await db
      .select({ notice: organizationNotifications, subdomain: baseAccounts.subdomain, accountName: baseAccounts.name })
      .from(organizationNotifications)
      .innerJoin(baseAccounts, eq(baseAccounts.id, organizationNotifications.accountId))
      .where(eq(organizationNotifications.id, id))
  )[0] ?? null;

const holdsTitle = (title: string) =>
  sql<boolean>`exists (select 1 from ${rolePermissionSets} rps join ${permissionSets} ps on ps.id = rps.permission_set_id
    where rps.role_id = ${teamMembers.roleId} and ps.title = ${title})`;

/**
 * The organization's members who may see orders ('Manage orders'), active and signed up, with their
 * mail choices and whether they may manage the account (the defaults' rule). `userId` narrows to one.
 */
export const membersWhoSeeOrders = (db: Executor, accountId: string, userId?: string) =>
  db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      managesAccount: holdsTitle('Manage account'),
      mail: notificationPreferences.mail,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(
      and(
        eq(teamMembers.accountId, accountId),
        eq(users.accountId, accountId),
        eq(teamMembers.status, 'active'),
        eq(users.isActive, true),
        holdsTitle('Manage orders'),
        userId ? eq(users.id, userId) : undefined,
      ),
    );

/** The claim of one mail: inserted once per (notice, person); answers whether this call claimed it. */
export const claimMail = async (tx: Executor, values: typeof notificationMails.$inferInsert) =>
  (await tx.insert(notificationMails).values(values).onConflictDoNothing().returning({ id: notificationMails.userId })).length >
  0;

export const mailsOfNotice = (db: Executor, notificationId: string) =>
  db.select().from(notificationMails).where(eq(notificationMails.notificationId, notificationId));

// ---- preferences ----

export const preferencesOf = async (db: Executor, userId: string) =>
  (await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)))[0] ?? null;

export const savePreferences = async (db: Executor, accountId: string, userId: string, mail: Record<string, boolean>) => {
  await db
    .insert(notificationPreferences)
    .values({ accountId, userId, mail })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { mail, updatedAt: new Date() } });
};

/** An organization's notices so far: marked mailed, and read by each of its people (seeded history). */
export const settleNoticesOf = async (db: Executor, accountId: string, at: Date) => {
  await db
    .update(organizationNotifications)
    .set({ mailedAt: at })
    .where(and(eq(organizationNotifications.accountId, accountId), isNull(organizationNotifications.mailedAt)));
  const people = await db.select({ id: users.id }).from(users).where(eq(users.accountId, accountId));
  for (const person of people) await markAllNoticesRead(db, accountId, person.id);
};

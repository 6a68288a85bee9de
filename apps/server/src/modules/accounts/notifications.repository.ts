import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { systemNotifications } from '../../db/schema/accounts.ts';

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

// System notifications are global (from Excursio to every organization), not tenant-owned.

export const listNotifications = async (
  db: Executor,
  query: { search?: string; descending: boolean; limit: number; offset: number },
) => {
  const where = and(visible(), searchAny(query.search, systemNotifications.title, systemNotifications.message));
  const rows = await db
    .select()
    .from(systemNotifications)
    .where(where)
    .orderBy((query.descending ? desc : asc)(systemNotifications.publishedAt), desc(systemNotifications.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(systemNotifications).where(where);
  return { rows, count };
};

export const findNotification = async (db: Executor, notificationId: string) =>
  (
    await db
      .select()
      .from(systemNotifications)
      .where(and(visible(), eq(systemNotifications.id, notificationId)))
  )[0] ?? null;

import { and, desc, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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

export const listNotifications = async (db: Executor, window: { limit: number; offset: number }) => {
  const rows = await db
    .select()
    .from(systemNotifications)
    .where(visible())
    .orderBy(desc(systemNotifications.publishedAt))
    .limit(window.limit)
    .offset(window.offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(systemNotifications).where(visible());
  return { rows, count };
};

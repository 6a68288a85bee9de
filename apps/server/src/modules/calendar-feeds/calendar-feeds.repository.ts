import { and, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { bookings, slots } from '../../db/schema/availability.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { calendarFeeds } from '../../db/schema/integrations.ts';

export type FeedRow = typeof calendarFeeds.$inferSelect;

export const insertFeed = async (db: Executor, values: { accountId: string; experienceId: string | null; tokenHash: string }) =>
  (await db.insert(calendarFeeds).values(values).returning())[0];

/** The organization's feeds not revoked, newest first, with their offer's title. */
export const activeFeeds = (db: Executor, accountId: string) =>
  db
    .select({ feed: calendarFeeds, title: experiences.title })
    .from(calendarFeeds)
    .leftJoin(experiences, eq(experiences.id, calendarFeeds.experienceId))
    .where(and(eq(calendarFeeds.accountId, accountId), isNull(calendarFeeds.revokedAt)))
    .orderBy(desc(calendarFeeds.createdAt));

/** Revokes the active feeds of one scope (the organization's, or one offer's): answers how many. */
export const revokeScope = async (db: Executor, accountId: string, experienceId: string | null, at: Date) =>
  (
    await db
      .update(calendarFeeds)
      .set({ revokedAt: at })
      .where(
        and(
          eq(calendarFeeds.accountId, accountId),
          experienceId ? eq(calendarFeeds.experienceId, experienceId) : isNull(calendarFeeds.experienceId),
          isNull(calendarFeeds.revokedAt),
        ),
      )
      .returning({ id: calendarFeeds.id })
  ).length;

export const revokeFeed = async (db: Executor, accountId: string, id: string, at: Date) =>
  (
    await db
      .update(calendarFeeds)
      .set({ revokedAt: at })
      .where(and(eq(calendarFeeds.accountId, accountId), eq(calendarFeeds.id, id), isNull(calendarFeeds.revokedAt)))
      .returning({ id: calendarFeeds.id })
  ).length > 0;

export const feedByHash = async (db: Db, tokenHash: string) =>
  (
    await db
      .select()
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt)))
  )[0] ?? null;

export const experienceOf = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .select({ id: experiences.id, title: experiences.title })
      .from(experiences)
      .where(and(eq(experiences.accountId, accountId), eq(experiences.id, id)))
  )[0] ?? null;

/** Departures with bookings (not canceled) between `from` and `to`: when, what, how many booked. */
export const departures = (db: Db, accountId: string, options: { experienceId: string | null; from: Date; to: Date }) =>
  db
    .select({
      slotId: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      title: experiences.title,
      bookings: sql<number>`count(${bookings.id})::int`,
      participants: sql<number>`coalesce(sum(${bookings.participants}), 0)::int`,
      arrived: sql<number>`coalesce(sum(${bookings.participants}) filter (where ${bookings.attendanceStatus} = 'arrived'), 0)::int`,
    })
    .from(slots)
    .innerJoin(experiences, eq(experiences.id, slots.experienceId))
    .innerJoin(bookings, and(eq(bookings.slotId, slots.id), ne(bookings.status, 'canceled')))
    .where(
      and(
        eq(slots.accountId, accountId),
        options.experienceId ? eq(slots.experienceId, options.experienceId) : undefined,
        gte(slots.startsAt, options.from),
        lt(slots.startsAt, options.to),
      ),
    )
    .groupBy(slots.id, experiences.title)
    .orderBy(slots.startsAt);

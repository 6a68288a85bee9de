import type { MEETING_POINT_ORDERING } from '@excursio/contract/booking-info';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { meetingPoints } from '../../db/schema/catalog.ts';
import type { Ordering } from '../../http/paging.ts';

export type MeetingPointOrderingField = (typeof MEETING_POINT_ORDERING)[number];
export type MeetingPointRow = typeof meetingPoints.$inferSelect;
export type MeetingPointValues = Pick<MeetingPointRow, 'name' | 'address' | 'latitude' | 'longitude' | 'instructions'>;

const ofAccount = (accountId: string, id: string) => and(eq(meetingPoints.accountId, accountId), eq(meetingPoints.id, id));

export const listMeetingPoints = async (
  db: Executor,
  accountId: string,
  query: { search?: string; ordering: Ordering<MeetingPointOrderingField>; limit: number; offset: number },
) => {
  const where = and(eq(meetingPoints.accountId, accountId), searchAny(query.search, meetingPoints.name, meetingPoints.address));
  const column = { name: meetingPoints.name, created_at: meetingPoints.createdAt }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows = await db
    .select()
    .from(meetingPoints)
    .where(where)
    .orderBy(direction(column), asc(meetingPoints.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(meetingPoints).where(where);
  return { rows, count: total };
};

export const findMeetingPoint = async (db: Executor, accountId: string, id: string, lock = false) => {
  const query = db.select().from(meetingPoints).where(ofAccount(accountId, id));
  return (await (lock ? query.for('update') : query))[0] ?? null;
};

export const meetingPointNameTaken = async (db: Executor, accountId: string, name: string, exceptId?: string) =>
  (
    await db
      .select({ id: meetingPoints.id })
      .from(meetingPoints)
      .where(
        and(
          eq(meetingPoints.accountId, accountId),
          sql`lower(${meetingPoints.name}) = lower(${name})`,
          exceptId ? ne(meetingPoints.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  ).length > 0;

export const insertMeetingPoint = async (db: Executor, accountId: string, values: MeetingPointValues) =>
  (
    await db
      .insert(meetingPoints)
      .values({ accountId, ...values })
      .returning()
  )[0];

export const updateMeetingPoint = async (db: Executor, accountId: string, id: string, values: MeetingPointValues) =>
  (
    await db
      .update(meetingPoints)
      .set({ ...values, updatedAt: new Date() })
      .where(ofAccount(accountId, id))
      .returning()
  )[0];

export const deleteMeetingPoint = async (db: Executor, accountId: string, id: string) => {
  await db.delete(meetingPoints).where(ofAccount(accountId, id));
};

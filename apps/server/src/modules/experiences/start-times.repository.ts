import type { START_TIME_ORDERING } from '@excursio/contract/schedule';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { experiences, startTimes } from '../../db/schema/catalog.ts';
import type { Ordering } from '../../http/paging.ts';

export type StartTimeOrderingField = (typeof START_TIME_ORDERING)[number];
export type StartTimeValues = { time: string; weekdays: number[]; dateFrom: string; dateTo: string | null; capacity: number };

/** A schedule line with its offer's zone: the wall time is read in it. */
const columns = {
  id: startTimes.id,
  experienceId: startTimes.experienceId,
  time: startTimes.time,
  weekdays: startTimes.weekdays,
  dateFrom: startTimes.dateFrom,
  dateTo: startTimes.dateTo,
  capacity: startTimes.capacity,
  createdAt: startTimes.createdAt,
  timeZone: experiences.timeZone,
};
export type StartTimeRow = StartTimeValues & { id: string; experienceId: string; createdAt: Date; timeZone: string };

const withOffer = () =>
  // The offer join repeats the account: a line can never be shown with another account's offer.
  and(eq(experiences.id, startTimes.experienceId), eq(experiences.accountId, startTimes.accountId));

export const listStartTimes = async (
  db: Executor,
  accountId: string,
  query: { experienceId?: string; search?: string; ordering: Ordering<StartTimeOrderingField>; limit: number; offset: number },
) => {
  const where = and(
    eq(startTimes.accountId, accountId),
    query.experienceId ? eq(startTimes.experienceId, query.experienceId) : undefined,
    searchAny(query.search, startTimes.time),
  );
  const column = {
    time: startTimes.time,
    date_from: startTimes.dateFrom,
    capacity: startTimes.capacity,
    created_at: startTimes.createdAt,
  }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows: StartTimeRow[] = await db
    .select(columns)
    .from(startTimes)
    .innerJoin(experiences, withOffer())
    .where(where)
    .orderBy(direction(column), asc(startTimes.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(startTimes).where(where);
  return { rows, count: total };
};

export const findStartTime = async (db: Executor, accountId: string, startTimeId: string): Promise<StartTimeRow | null> =>
  (
    await db
      .select(columns)
      .from(startTimes)
      .innerJoin(experiences, withOffer())
      .where(and(eq(startTimes.accountId, accountId), eq(startTimes.id, startTimeId)))
  )[0] ?? null;

/** The other lines of an offer (all of them when `exceptId` is absent), for the overlap rule. */
export const linesOfExperience = async (db: Executor, accountId: string, experienceId: string, exceptId?: string) =>
  db
    .select({
      id: startTimes.id,
      time: startTimes.time,
      weekdays: startTimes.weekdays,
      date_from: startTimes.dateFrom,
      date_to: startTimes.dateTo,
    })
    .from(startTimes)
    .where(
      and(
        eq(startTimes.accountId, accountId),
        eq(startTimes.experienceId, experienceId),
        exceptId ? ne(startTimes.id, exceptId) : undefined,
      ),
    );

export const insertStartTime = async (db: Executor, accountId: string, experienceId: string, values: StartTimeValues) =>
  (
    await db
      .insert(startTimes)
      .values({ ...values, accountId, experienceId })
      .returning({ id: startTimes.id })
  )[0];

export const updateStartTime = async (db: Executor, accountId: string, startTimeId: string, values: Partial<StartTimeValues>) => {
  await db
    .update(startTimes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(startTimes.accountId, accountId), eq(startTimes.id, startTimeId)));
};

export const deleteStartTime = async (db: Executor, accountId: string, startTimeId: string) => {
  await db.delete(startTimes).where(and(eq(startTimes.accountId, accountId), eq(startTimes.id, startTimeId)));
};

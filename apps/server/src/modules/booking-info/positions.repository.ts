import type { PER_EXPERIENCE_ORDERING } from '@excursio/contract/booking-info';
import { and, asc, type Column, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { agendaItems, bookingQuestions } from '../../db/schema/catalog.ts';
import type { Ordering } from '../../http/paging.ts';

/** Per-offer lists kept in a `position` order. */
const tables = { booking_questions: bookingQuestions, agenda_items: agendaItems };
export type PositionedTable = keyof typeof tables;
export type PerExperienceOrderingField = (typeof PER_EXPERIENCE_ORDERING)[number];
export type PerExperienceListQuery = {
  experience?: string;
  search?: string;
  ordering: Ordering<PerExperienceOrderingField>;
  limit: number;
  offset: number;
};

/** A page of the account's rows (of one offer when `experience` is given), `search` matched in `searchIn`. */
export const listPositioned = async <T extends (typeof tables)[PositionedTable]>(
  db: Executor,
  table: T,
  accountId: string,
  query: PerExperienceListQuery,
  searchIn: Column[],
) => {
  const where = and(
    eq(table.accountId, accountId),
    query.experience ? eq(table.experienceId, query.experience) : undefined,
    searchAny(query.search, ...searchIn),
  );
  const column = { position: table.position, created_at: table.createdAt }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  // The union, not the type parameter: drizzle's `from` cannot check a generic table.
  const source: (typeof tables)[PositionedTable] = table;
  const rows = await db
    .select()
    .from(source)
    .where(where)
    .orderBy(direction(column), direction(table.createdAt), asc(table.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(source).where(where);
  return { rows: rows as T['$inferSelect'][], count: total };
};

/** The offer's rows in their current order (ties, which only older data has, by age). */
export const positionsOf = (db: Executor, name: PositionedTable, accountId: string, experienceId: string) => {
  const table = tables[name];
  return db
    .select({ id: table.id, position: table.position })
    .from(table)
    .where(and(eq(table.accountId, accountId), eq(table.experienceId, experienceId)))
    .orderBy(asc(table.position), asc(table.createdAt), asc(table.id));
};

export const setPosition = async (db: Executor, name: PositionedTable, accountId: string, id: string, position: number) => {
  const table = tables[name];
  await db
    .update(table)
    .set({ position })
    .where(and(eq(table.accountId, accountId), eq(table.id, id)));
};

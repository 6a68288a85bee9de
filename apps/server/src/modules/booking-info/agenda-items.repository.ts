import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { agendaItems } from '../../db/schema/catalog.ts';
import type { Ordering } from '../../http/paging.ts';
import type { PerExperienceOrderingField } from './booking-questions.repository.ts';

export type AgendaItemRow = typeof agendaItems.$inferSelect;
export type AgendaItemValues = Pick<AgendaItemRow, 'title' | 'description' | 'durationMinutes' | 'position'>;

const table = agendaItems;
const ofAccount = (accountId: string, id: string) => and(eq(table.accountId, accountId), eq(table.id, id));

export const listAgendaItems = async (
  db: Executor,
  accountId: string,
  query: {
    experience?: string;
    search?: string;
    ordering: Ordering<PerExperienceOrderingField>;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    eq(table.accountId, accountId),
    query.experience ? eq(table.experienceId, query.experience) : undefined,
    searchAny(query.search, table.title, table.description),
  );
  const column = { position: table.position, created_at: table.createdAt }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(direction(column), direction(table.createdAt), asc(table.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(table).where(where);
  return { rows, count: total };
};

export const findAgendaItem = async (db: Executor, accountId: string, id: string) =>
  (await db.select().from(table).where(ofAccount(accountId, id)))[0] ?? null;

export const insertAgendaItem = async (db: Executor, accountId: string, experienceId: string, values: AgendaItemValues) =>
  (
    await db
      .insert(table)
      .values({ accountId, experienceId, ...values })
      .returning({ id: table.id })
  )[0];

export const updateAgendaItem = async (
  db: Executor,
  accountId: string,
  id: string,
  values: Omit<AgendaItemValues, 'position'>,
) => {
  await db
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(ofAccount(accountId, id));
};

export const deleteAgendaItem = async (db: Executor, accountId: string, id: string) => {
  await db.delete(table).where(ofAccount(accountId, id));
};

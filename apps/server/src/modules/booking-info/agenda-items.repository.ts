import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agendaItems } from '../../db/schema/catalog.ts';
import { listPositioned, type PerExperienceListQuery } from './positions.repository.ts';

export type AgendaItemRow = typeof agendaItems.$inferSelect;
export type AgendaItemValues = Pick<AgendaItemRow, 'title' | 'description' | 'durationMinutes' | 'position'>;

const table = agendaItems;
const ofAccount = (accountId: string, id: string) => and(eq(table.accountId, accountId), eq(table.id, id));

export const listAgendaItems = (db: Executor, accountId: string, query: PerExperienceListQuery) =>
  listPositioned(db, table, accountId, query, [table.title, table.description]);

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

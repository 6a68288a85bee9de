import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agendaItems, bookingQuestions } from '../../db/schema/catalog.ts';

/** Per-offer lists kept in a `position` order. */
const tables = { booking_questions: bookingQuestions, agenda_items: agendaItems };
export type PositionedTable = keyof typeof tables;

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

import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingQuestions } from '../../db/schema/catalog.ts';
import { listPositioned, type PerExperienceListQuery } from './positions.repository.ts';

export type BookingQuestionRow = typeof bookingQuestions.$inferSelect;
export type BookingQuestionValues = Pick<
  BookingQuestionRow,
  'question' | 'scope' | 'answerType' | 'options' | 'required' | 'position'
>;

const table = bookingQuestions;
const ofAccount = (accountId: string, id: string) => and(eq(table.accountId, accountId), eq(table.id, id));

export const listBookingQuestions = (db: Executor, accountId: string, query: PerExperienceListQuery) =>
  listPositioned(db, table, accountId, query, [table.question]);

export const findBookingQuestion = async (db: Executor, accountId: string, id: string) =>
  (await db.select().from(table).where(ofAccount(accountId, id)))[0] ?? null;

export const insertBookingQuestion = async (
  db: Executor,
  accountId: string,
  experienceId: string,
  values: BookingQuestionValues,
) =>
  (
    await db
      .insert(table)
      .values({ accountId, experienceId, ...values })
      .returning({ id: table.id })
  )[0];

export const updateBookingQuestion = async (
  db: Executor,
  accountId: string,
  id: string,
  values: Omit<BookingQuestionValues, 'position'>,
) => {
  await db
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(ofAccount(accountId, id));
};

export const deleteBookingQuestion = async (db: Executor, accountId: string, id: string) => {
  await db.delete(table).where(ofAccount(accountId, id));
};

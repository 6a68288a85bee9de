import type { PER_EXPERIENCE_ORDERING } from '@excursio/contract/booking-info';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { bookingQuestions } from '../../db/schema/catalog.ts';
import type { Ordering } from '../../http/paging.ts';

export type PerExperienceOrderingField = (typeof PER_EXPERIENCE_ORDERING)[number];
export type BookingQuestionRow = typeof bookingQuestions.$inferSelect;
export type BookingQuestionValues = Pick<
  BookingQuestionRow,
  'question' | 'scope' | 'answerType' | 'options' | 'required' | 'position'
>;

const table = bookingQuestions;
const ofAccount = (accountId: string, id: string) => and(eq(table.accountId, accountId), eq(table.id, id));

export const listBookingQuestions = async (
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
    searchAny(query.search, table.question),
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

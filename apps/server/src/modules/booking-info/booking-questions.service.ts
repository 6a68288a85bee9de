import {
  type BookingQuestion,
  type bookingQuestionInput,
  type bookingQuestionPatchInput,
  OPTIONS_ONLY_FOR_SELECT,
} from '@excursio/contract/booking-info';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import {
  type BookingQuestionRow,
  type BookingQuestionValues,
  deleteBookingQuestion,
  findBookingQuestion,
  insertBookingQuestion,
  listBookingQuestions,
  updateBookingQuestion,
} from './booking-questions.repository.ts';
import type { PerExperienceOrderingField } from './positions.repository.ts';
import { arrange, checkSameExperience, lockedChild, lockOwnExperience } from './positions.ts';

type Input = z.output<typeof bookingQuestionInput>;
type Patch = z.output<typeof bookingQuestionPatchInput>;
type Fields = Omit<BookingQuestionValues, 'position'>;
const WHAT = 'question';
const TABLE = 'booking_questions';
/** What a field left out of a create or a full replace (PUT) becomes. */
const DEFAULTS: Fields = { question: '', scope: 'booking', answerType: 'text', options: [], required: false };

const toQuestion = (row: BookingQuestionRow): BookingQuestion => ({
  id: row.id,
  experience_id: row.experienceId,
  question: row.question,
  scope: row.scope,
  answer_type: row.answerType,
  options: row.options,
  required: row.required,
  position: row.position,
  created_at: row.createdAt.toISOString(),
});

/** The wire fields that were given, as columns. */
const given = (input: Patch): Partial<Fields> =>
  Object.fromEntries(
    Object.entries({
      question: input.question,
      scope: input.scope,
      answerType: input.answer_type,
      options: input.options,
      required: input.required,
    }).filter(([, v]) => v !== undefined),
  );

const stored = (row: BookingQuestionRow): Fields => ({
  question: row.question,
  scope: row.scope,
  answerType: row.answerType,
  options: row.options,
  required: row.required,
});

/** The contract checks a body on its own; these rules hold for the merged result. */
const checkOptions = (values: Fields) => {
  if (values.answerType === 'select' && values.options.length < 2) {
    throw invalid('options', 'A choice question needs at least two options.');
  }
  if (values.answerType !== 'select' && values.options.length > 0) throw invalid('options', OPTIONS_ONLY_FOR_SELECT);
};

export const listBookingQuestionsPage = async (
  db: Db,
  accountId: string,
  query: {
    page: number;
    page_size: number;
    search?: string;
    experience?: string;
    ordering: Ordering<PerExperienceOrderingField>;
  },
) => {
  const { rows, count } = await listBookingQuestions(db, accountId, { ...query, ...pageWindow(query) });
  return { results: rows.map(toQuestion), count };
};

export const getBookingQuestion = async (db: Db | Tx, accountId: string, id: string) => {
  const row = await findBookingQuestion(db, accountId, id);
  if (!row) throw notFound();
  return toQuestion(row);
};

/** Without a position a new question goes last; with one, the others shift to make room. */
export const createBookingQuestion = (db: Db, accountId: string, input: Input) =>
  db.transaction(async (tx) => {
    await lockOwnExperience(tx, accountId, input.experience_id);
    const values = { ...DEFAULTS, ...given(input) };
    checkOptions(values);
    const { id } = await insertBookingQuestion(tx, accountId, input.experience_id, { ...values, position: 0 });
    await arrange(tx, TABLE, accountId, input.experience_id, { id, position: input.position });
    return getBookingQuestion(tx, accountId, id);
  });

/** PUT: every field given or reset to its default; the position stays unless given. */
export const replaceBookingQuestion = (db: Db, accountId: string, id: string, input: Input) =>
  db.transaction(async (tx) => {
    const current = await lockedChild(tx, accountId, id, findBookingQuestion);
    await checkSameExperience(tx, accountId, current.experienceId, input.experience_id, WHAT);
    return write(tx, accountId, current, { ...DEFAULTS, ...given(input) }, input.position);
  });

/**
 * PATCH: the given fields over the stored ones. Switching away from a choice question drops its
 * options unless the patch names them (they would otherwise block the switch).
 */
export const updateBookingQuestionFields = (db: Db, accountId: string, id: string, patch: Patch) =>
  db.transaction(async (tx) => {
    const current = await lockedChild(tx, accountId, id, findBookingQuestion);
    const values = { ...stored(current), ...given(patch) };
    if (patch.answer_type !== undefined && patch.answer_type !== 'select' && patch.options === undefined) values.options = [];
    return write(tx, accountId, current, values, patch.position);
  });

const write = async (tx: Tx, accountId: string, current: BookingQuestionRow, values: Fields, position?: number) => {
  checkOptions(values);
  await updateBookingQuestion(tx, accountId, current.id, values);
  if (position !== undefined) await arrange(tx, TABLE, accountId, current.experienceId, { id: current.id, position });
  return getBookingQuestion(tx, accountId, current.id);
};

export const removeBookingQuestion = (db: Db, accountId: string, id: string) =>
  db.transaction(async (tx) => {
    const current = await lockedChild(tx, accountId, id, findBookingQuestion);
    await deleteBookingQuestion(tx, accountId, id);
    await arrange(tx, TABLE, accountId, current.experienceId);
  });

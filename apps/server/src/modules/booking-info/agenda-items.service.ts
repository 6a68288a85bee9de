import type { AgendaItem, agendaItemInput, agendaItemPatchInput } from '@excursio/contract/booking-info';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import {
  type AgendaItemRow,
  type AgendaItemValues,
  deleteAgendaItem,
  findAgendaItem,
  insertAgendaItem,
  listAgendaItems,
  updateAgendaItem,
} from './agenda-items.repository.ts';
import type { PerExperienceOrderingField } from './positions.repository.ts';
import { arrange, checkSameExperience, lockedChild, lockOwnExperience } from './positions.ts';

type Input = z.output<typeof agendaItemInput>;
type Patch = z.output<typeof agendaItemPatchInput>;
type Fields = Omit<AgendaItemValues, 'position'>;
const WHAT = 'agenda item';
const TABLE = 'agenda_items';
/** What a field left out of a create or a full replace (PUT) becomes. */
const DEFAULTS: Fields = { title: '', description: '', durationMinutes: null };

const toAgendaItem = (row: AgendaItemRow): AgendaItem => ({
  id: row.id,
  experience_id: row.experienceId,
  title: row.title,
  description: row.description,
  duration_minutes: row.durationMinutes,
  position: row.position,
  created_at: row.createdAt.toISOString(),
});

/** The wire fields that were given, as columns. */
const given = (input: Patch): Partial<Fields> =>
  Object.fromEntries(
    Object.entries({ title: input.title, description: input.description, durationMinutes: input.duration_minutes }).filter(
      ([, v]) => v !== undefined,
    ),
  );

const stored = (row: AgendaItemRow): Fields => ({
  title: row.title,
  description: row.description,
  durationMinutes: row.durationMinutes,
});

export const listAgendaItemsPage = async (
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
  const { rows, count } = await listAgendaItems(db, accountId, { ...query, ...pageWindow(query) });
  return { results: rows.map(toAgendaItem), count };
};

export const getAgendaItem = async (db: Db | Tx, accountId: string, id: string) => {
  const row = await findAgendaItem(db, accountId, id);
  if (!row) throw notFound();
  return toAgendaItem(row);
};

/** Without a position a new item goes last; with one, the others shift to make room. */
export const createAgendaItem = (db: Db, accountId: string, input: Input) =>
  db.transaction(async (tx) => {
    await lockOwnExperience(tx, accountId, input.experience_id);
    const { id } = await insertAgendaItem(tx, accountId, input.experience_id, { ...DEFAULTS, ...given(input), position: 0 });
    await arrange(tx, TABLE, accountId, input.experience_id, { id, position: input.position });
    return getAgendaItem(tx, accountId, id);
  });

const write = async (tx: Tx, accountId: string, current: AgendaItemRow, values: Fields, position?: number) => {
  await updateAgendaItem(tx, accountId, current.id, values);
  if (position !== undefined) await arrange(tx, TABLE, accountId, current.experienceId, { id: current.id, position });
  return getAgendaItem(tx, accountId, current.id);
};

/** PUT: every field given or reset to its default; the position stays unless given. */
export const replaceAgendaItem = (db: Db, accountId: string, id: string, input: Input) =>
  db.transaction(async (tx) => {
    const current = await lockedChild(tx, accountId, id, findAgendaItem);
    await checkSameExperience(tx, accountId, current.experienceId, input.experience_id, WHAT);
    return write(tx, accountId, current, { ...DEFAULTS, ...given(input) }, input.position);
  });

export const updateAgendaItemFields = (db: Db, accountId: string, id: string, patch: Patch) =>
  db.transaction(async (tx) => {
    const current = await lockedChild(tx, accountId, id, findAgendaItem);
    return write(tx, accountId, current, { ...stored(current), ...given(patch) }, patch.position);
  });

export const removeAgendaItem = (db: Db, accountId: string, id: string) =>
  db.transaction(async (tx) => {
    const current = await lockedChild(tx, accountId, id, findAgendaItem);
    await deleteAgendaItem(tx, accountId, id);
    await arrange(tx, TABLE, accountId, current.experienceId);
  });

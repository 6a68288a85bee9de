import type { Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../http/app-error.ts';
import { type PositionedTable, positionsOf, setPosition } from './positions.repository.ts';
import { experienceExists, lockExperience } from './shared.repository.ts';
import { unknownExperience } from './shared.ts';

/**
 * Renumbers an offer's questions (or agenda items) 0…n-1 in their order, after putting `move.id` at
 * `move.position` (clamped; absent = last) or, without `move`, just closing gaps (after a delete).
 * Others shift to make room, as when dragging a row. The caller holds the offer's lock.
 */
export const arrange = async (
  tx: Tx,
  table: PositionedTable,
  accountId: string,
  experienceId: string,
  move?: { id: string; position?: number },
) => {
  const rows = await positionsOf(tx, table, accountId, experienceId);
  const order = rows.map((r) => r.id).filter((id) => id !== move?.id);
  if (move) {
    const at = Math.min(Math.max(move.position ?? order.length, 0), order.length);
    order.splice(at, 0, move.id);
  }
  const current = new Map(rows.map((r) => [r.id, r.position]));
  for (const [position, id] of order.entries()) {
    if (current.get(id) !== position) await setPosition(tx, table, accountId, id, position);
  }
};

/**
 * A question or agenda item of the account, read again after locking its offer (the lock every
 * writer of the offer's list takes first, so reorders never deadlock), or 404.
 */
export const lockedChild = async <R extends { experienceId: string }>(
  tx: Tx,
  accountId: string,
  id: string,
  find: (tx: Tx, accountId: string, id: string) => Promise<R | null>,
) => {
  const seen = await find(tx, accountId, id);
  if (!seen) throw notFound();
  await lockExperience(tx, accountId, seen.experienceId);
  const row = await find(tx, accountId, id);
  if (!row) throw notFound();
  return row;
};

/** The offer named in a create body: the account's own, locked; otherwise 400 does_not_exist. */
export const lockOwnExperience = async (tx: Tx, accountId: string, experienceId: string) => {
  if (!(await lockExperience(tx, accountId, experienceId))) throw unknownExperience();
};

/** A full replace names the offer again: it must be the same one (items do not move between offers). */
export const checkSameExperience = async (tx: Tx, accountId: string, current: string, given: string, what: string) => {
  if (given === current) return;
  if (!(await experienceExists(tx, accountId, given))) throw unknownExperience();
  throw invalid('experience_id', `A ${what} stays with its offer. Create it on the other offer instead.`, 'immutable');
};

import type { MeetingPoint } from '@excursio/contract/booking-info';
import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import {
  deleteMeetingPoint,
  findMeetingPoint,
  insertMeetingPoint,
  listMeetingPoints,
  type MeetingPointOrderingField,
  type MeetingPointRow,
  type MeetingPointValues,
  meetingPointNameTaken,
  updateMeetingPoint,
} from './meeting-points.repository.ts';
import { countExperiencesUsing, lockAccountScope } from './shared.repository.ts';
import { inUse, nameTaken } from './shared.ts';

type Input = Partial<MeetingPointValues>;
const WHAT = 'meeting point';
/** What a field left out of a create or a full replace (PUT) becomes. */
const DEFAULTS = { address: '', latitude: null, longitude: null, instructions: '' };

const toMeetingPoint = (row: MeetingPointRow): MeetingPoint => ({
  id: row.id,
  name: row.name,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  instructions: row.instructions,
  created_at: row.createdAt.toISOString(),
});

const stored = (row: MeetingPointRow): MeetingPointValues => ({
  name: row.name,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  instructions: row.instructions,
});

/** A pin needs both coordinates: one alone would place it somewhere arbitrary on a map. */
const checkCoordinates = (values: MeetingPointValues) => {
  if ((values.latitude === null) !== (values.longitude === null)) {
    throw invalid(
      values.latitude === null ? 'latitude' : 'longitude',
      'Give both latitude and longitude, or neither.',
      'incomplete_coordinates',
    );
  }
};

export const listMeetingPointsPage = async (
  db: Db,
  accountId: string,
  query: { page: number; page_size: number; search?: string; ordering: Ordering<MeetingPointOrderingField> },
) => {
  const { rows, count } = await listMeetingPoints(db, accountId, { ...query, ...pageWindow(query) });
  return { results: rows.map(toMeetingPoint), count };
};

export const getMeetingPoint = async (db: Db, accountId: string, id: string) => {
  const row = await findMeetingPoint(db, accountId, id);
  if (!row) throw notFound();
  return toMeetingPoint(row);
};

/** Create (id null), full replace and partial update: merge, check, write in one transaction. */
const save = (db: Db, accountId: string, id: string | null, merge: (current: MeetingPointRow | null) => MeetingPointValues) =>
  db.transaction(async (tx) => {
    await lockAccountScope(tx, accountId, 'meeting_points');
    const current = id === null ? null : await findMeetingPoint(tx, accountId, id, true);
    if (id !== null && !current) throw notFound();
    const values = merge(current);
    checkCoordinates(values);
    if (await meetingPointNameTaken(tx, accountId, values.name, id ?? undefined)) throw nameTaken(WHAT);
    const row =
      id === null ? await insertMeetingPoint(tx, accountId, values) : await updateMeetingPoint(tx, accountId, id, values);
    return toMeetingPoint(row);
  });

export const createMeetingPoint = (db: Db, accountId: string, input: Input & { name: string }) =>
  save(db, accountId, null, () => ({ ...DEFAULTS, ...input }));

export const replaceMeetingPoint = (db: Db, accountId: string, id: string, input: Input & { name: string }) =>
  save(db, accountId, id, () => ({ ...DEFAULTS, ...input }));

export const updateMeetingPointFields = (db: Db, accountId: string, id: string, patch: Input) =>
  save(db, accountId, id, (current) => ({ ...stored(current as MeetingPointRow), ...patch }));

/** Refused while offers use it: the FK would silently clear their meeting point. */
export const removeMeetingPoint = (db: Db, accountId: string, id: string) =>
  db.transaction(async (tx) => {
    if (!(await findMeetingPoint(tx, accountId, id, true))) throw notFound();
    const used = await countExperiencesUsing(tx, accountId, 'meetingPointId', id);
    if (used > 0) throw inUse(used, WHAT);
    await deleteMeetingPoint(tx, accountId, id);
  });

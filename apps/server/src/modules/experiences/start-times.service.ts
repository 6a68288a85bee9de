import type { ErrorItem } from '@excursio/contract/list';
import {
  type ScheduleInput,
  type StartTime,
  type StartTimeInput,
  startTimeProblems,
  startTimesOverlap,
  WEEKDAY_LABELS,
} from '@excursio/contract/schedule';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import { recordChange } from '../audit/audit.service.ts';
import { experienceStats, lockExperience } from './experiences.repository.ts';
import { problemsIntroduced, publishFactsOf } from './experiences.service.ts';
import { unsellable } from './sellable.ts';
import {
  deleteStartTime,
  findStartTime,
  insertStartTime,
  linesOfExperience,
  listStartTimes,
  type StartTimeOrderingField,
  type StartTimeRow,
  type StartTimeValues,
  updateStartTime,
} from './start-times.repository.ts';

type Line = { time: string; weekdays: number[]; date_from: string; date_to: string | null; capacity: number };

const toStartTime = (row: StartTimeRow): StartTime => ({
  id: row.id,
  experience_id: row.experienceId,
  time: row.time,
  weekdays: row.weekdays,
  date_from: row.dateFrom,
  date_to: row.dateTo,
  capacity: row.capacity,
  time_zone: row.timeZone,
  created_at: row.createdAt.toISOString(),
});

const valuesOf = (line: Line): StartTimeValues => ({
  time: line.time,
  weekdays: line.weekdays,
  dateFrom: line.date_from,
  dateTo: line.date_to,
  capacity: line.capacity,
});

export const listStartTimesPage = async (
  db: Db,
  accountId: string,
  query: { experience?: string; search?: string; page: number; page_size: number; ordering: Ordering<StartTimeOrderingField> },
) => {
  const { rows, count } = await listStartTimes(db, accountId, {
    experienceId: query.experience,
    search: query.search,
    ordering: query.ordering,
    ...pageWindow(query),
  });
  return { results: rows.map(toStartTime), count };
};

export const getStartTime = async (db: Executor, accountId: string, startTimeId: string) => {
  const row = await findStartTime(db, accountId, startTimeId);
  if (!row) throw notFound();
  return toStartTime(row);
};

/**
 * A line on its own (dates and weekdays) and against the offer's other lines. The caller holds the
 * offer's row lock, so a parallel write of the same line waits and then sees this one.
 */
const checkLine = async (db: Executor, accountId: string, experienceId: string, line: Line, exceptId?: string) => {
  const problems = startTimeProblems(line);
  if (problems.length)
    throw new AppError(
      400,
      problems.map((p): ErrorItem => ({ code: 'invalid', ...p })),
    );
  const others = await linesOfExperience(db, accountId, experienceId, exceptId);
  if (others.some((other) => startTimesOverlap(line, other))) {
    throw invalid(
      'time',
      `This offer already has a start time at ${line.time} on one of these weekdays in an overlapping date range.`,
      'duplicate_start_time',
    );
  }
};

/** What the audit trail keeps of a schedule: one field per line ("Start 09:00 Mon, Tue from 2026-05-01"). */
const scheduleSnapshot = async (db: Executor, accountId: string, experienceId: string) =>
  Object.fromEntries(
    (await scheduleOf(db, accountId, experienceId)).results.map((line) => [
      `Start ${line.time} ${line.weekdays.map((d) => WEEKDAY_LABELS[d - 1]).join(', ')} from ${line.date_from}`,
      `${line.date_to ? `until ${line.date_to}` : 'no end date'}, capacity ${line.capacity}`,
    ]),
  );

/** Runs a change of an offer's schedule and records the schedule before and after it (in `tx`). */
const auditedSchedule = async <T>(
  tx: Executor,
  accountId: string,
  offer: { id: string; title: string },
  change: () => Promise<T>,
) => {
  const before = await scheduleSnapshot(tx, accountId, offer.id);
  const result = await change();
  const entity = { type: 'schedule', id: offer.id, label: offer.title } as const;
  await recordChange(tx, accountId, entity, before, await scheduleSnapshot(tx, accountId, offer.id));
  return result;
};

export const createStartTime = async (db: Db, accountId: string, input: StartTimeInput) => {
  const id = await db.transaction(async (tx) => {
    const offer = await lockExperience(tx, accountId, input.experience_id);
    if (!offer) throw invalid('experience_id', 'Offer not found.', 'does_not_exist');
    await checkLine(tx, accountId, offer.id, input);
    return auditedSchedule(
      tx,
      accountId,
      offer,
      async () => (await insertStartTime(tx, accountId, offer.id, valuesOf(input))).id,
    );
  });
  return getStartTime(db, accountId, id);
};

/** The line, re-read under its offer's lock (a parallel delete may have removed it meanwhile). */
const lockedLine = async (db: Executor, accountId: string, startTimeId: string) => {
  const found = await findStartTime(db, accountId, startTimeId);
  if (!found) throw notFound();
  const offer = await lockExperience(db, accountId, found.experienceId);
  const line = offer && (await findStartTime(db, accountId, startTimeId));
  if (!offer || !line) throw notFound();
  return { offer, line };
};

/** PUT (every field) and PATCH (the given ones). */
export const changeStartTime = async (db: Db, accountId: string, startTimeId: string, input: Partial<Line>) => {
  await db.transaction(async (tx) => {
    const { line, offer } = await lockedLine(tx, accountId, startTimeId);
    const next: Line = {
      time: input.time ?? line.time,
      weekdays: input.weekdays ?? line.weekdays,
      date_from: input.date_from ?? line.dateFrom,
      date_to: input.date_to === undefined ? line.dateTo : input.date_to,
      capacity: input.capacity ?? line.capacity,
    };
    await checkLine(tx, accountId, line.experienceId, next, startTimeId);
    await auditedSchedule(tx, accountId, offer, () => updateStartTime(tx, accountId, startTimeId, valuesOf(next)));
  });
  return getStartTime(db, accountId, startTimeId);
};

const LAST_START_TIME =
  "This is the offer's last start time, and an Active offer needs at least one to stay sellable. Set the offer Inactive first.";

/** An Active offer keeps at least one start time (unless it needs none): it must be set Inactive first. */
export const removeStartTime = async (db: Db, accountId: string, startTimeId: string) => {
  await db.transaction(async (tx) => {
    const { offer } = await lockedLine(tx, accountId, startTimeId);
    if (offer.status === 'active') {
      const stats = await experienceStats(tx, accountId, offer.id);
      const fields = { type: offer.type, is_open_dated: offer.isOpenDated, title: offer.title, description: offer.description };
      const after = { ...stats, startTimesCount: stats.startTimesCount - 1 };
      const problems = problemsIntroduced(true, publishFactsOf(fields, stats), publishFactsOf(fields, after));
      // Only the start-time rule can be broken by removing a line.
      if (problems.length) throw unsellable('start_times', LAST_START_TIME);
    }
    await auditedSchedule(tx, accountId, offer, () => deleteStartTime(tx, accountId, startTimeId));
  });
};

/** Problems of a whole schedule: each line on its own, then every pair of lines. */
const scheduleProblems = (lines: Line[]): ErrorItem[] => {
  const items: ErrorItem[] = lines.flatMap((line, i) =>
    startTimeProblems(line).map((p) => ({ code: 'invalid', attr: `start_times.${i}.${p.attr}`, detail: p.detail })),
  );
  lines.forEach((line, i) => {
    const earlier = lines.findIndex((other, j) => j < i && startTimesOverlap(line, other));
    if (earlier >= 0) {
      items.push({
        code: 'duplicate_start_time',
        attr: `start_times.${i}.time`,
        detail: `Line ${i + 1} repeats line ${earlier + 1}: ${line.time} on a shared weekday in an overlapping date range.`,
      });
    }
  });
  return items;
};

/**
 * The offer's schedule as one set, under the offer's lock: lines with an id are updated in place (ids
 * stay stable for what refers to them later), new lines are inserted, the rest removed.
 */
export const replaceSchedule = async (db: Db, accountId: string, experienceId: string, input: ScheduleInput) => {
  await db.transaction(async (tx) => {
    const offer = await lockExperience(tx, accountId, experienceId);
    if (!offer) throw notFound();
    const problems = scheduleProblems(input.start_times);
    const existing = await linesOfExperience(tx, accountId, experienceId);
    const known = new Set(existing.map((line) => line.id));
    input.start_times.forEach((line, i) => {
      if (line.id && !known.has(line.id)) {
        problems.push({
          code: 'does_not_exist',
          attr: `start_times.${i}.id`,
          detail: 'This start time is not one of the offer.',
        });
      }
    });
    if (problems.length) throw new AppError(400, problems);
    const needsStarts = !(offer.type === 'ticket' && offer.isOpenDated);
    if (offer.status === 'active' && needsStarts && input.start_times.length === 0) {
      throw unsellable('start_times', LAST_START_TIME);
    }
    const kept = new Set(input.start_times.flatMap((line) => (line.id ? [line.id] : [])));
    await auditedSchedule(tx, accountId, offer, async () => {
      for (const line of existing) if (!kept.has(line.id)) await deleteStartTime(tx, accountId, line.id);
      for (const line of input.start_times) {
        if (line.id) await updateStartTime(tx, accountId, line.id, valuesOf(line));
        else await insertStartTime(tx, accountId, experienceId, valuesOf(line));
      }
    });
  });
  return scheduleOf(db, accountId, experienceId);
};

export const scheduleOf = async (db: Executor, accountId: string, experienceId: string) => {
  const { rows } = await listStartTimes(db, accountId, {
    experienceId,
    ordering: { field: 'time', descending: false },
    limit: 1000,
    offset: 0,
  });
  return { results: rows.map(toStartTime) };
};

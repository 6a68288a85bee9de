import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { capacityDayNotes } from '../../db/schema/availability.ts';

/** An offer's note for a whole day, apart from its slots' own notes ("Close whole day" writes it). */
export const setDayNote = async (tx: Executor, accountId: string, experienceId: string, localDate: string, note: string) => {
  await tx
    .insert(capacityDayNotes)
    .values({ accountId, experienceId, localDate, note })
    .onConflictDoUpdate({
      target: [capacityDayNotes.experienceId, capacityDayNotes.localDate],
      set: { note, updatedAt: sql`now()` },
    });
};

/** "Reopen day": the day's closing note goes. */
export const removeDayNote = async (tx: Executor, accountId: string, experienceId: string, localDate: string) => {
  await tx
    .delete(capacityDayNotes)
    .where(
      and(
        eq(capacityDayNotes.accountId, accountId),
        eq(capacityDayNotes.experienceId, experienceId),
        eq(capacityDayNotes.localDate, localDate),
      ),
    );
};

/** The day notes of these offers on a date. */
export const dayNotesOf = async (db: Executor, accountId: string, localDate: string, experienceIds: readonly string[]) =>
  experienceIds.length
    ? db
        .select({ experienceId: capacityDayNotes.experienceId, note: capacityDayNotes.note })
        .from(capacityDayNotes)
        .where(
          and(
            eq(capacityDayNotes.accountId, accountId),
            eq(capacityDayNotes.localDate, localDate),
            inArray(capacityDayNotes.experienceId, [...experienceIds]),
          ),
        )
    : [];

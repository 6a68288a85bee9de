import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { experiences } from '../../db/schema/catalog.ts';

/**
 * Serializes writes of one kind within one account until the transaction ends (a transaction-level
 * advisory lock): used where a rule spans rows, such as "names are unique in the account".
 */
export const lockAccountScope = async (db: Executor, accountId: string, scope: string) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${accountId}`}))`);
};

/**
 * Locks the offer row of the account against concurrent reorders of its questions or agenda
 * (NO KEY UPDATE: rows referencing it can still be inserted elsewhere). False when it is not the account's.
 */
export const lockExperience = async (db: Executor, accountId: string, experienceId: string) =>
  (
    await db
      .select({ id: experiences.id })
      .from(experiences)
      .where(and(eq(experiences.accountId, accountId), eq(experiences.id, experienceId)))
      .for('no key update')
  ).length > 0;

/** How many offers of the account use this meeting point / cancellation policy. */
export const countExperiencesUsing = async (
  db: Executor,
  accountId: string,
  column: 'meetingPointId' | 'cancellationPolicyId',
  id: string,
) =>
  (
    await db
      .select({ total: count() })
      .from(experiences)
      .where(and(eq(experiences.accountId, accountId), eq(experiences[column], id)))
  )[0].total;

export const experienceExists = async (db: Executor, accountId: string, experienceId: string) =>
  (
    await db
      .select({ id: experiences.id })
      .from(experiences)
      .where(and(eq(experiences.accountId, accountId), eq(experiences.id, experienceId)))
  ).length > 0;

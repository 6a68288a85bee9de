import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cancellationPolicies, experiences } from '../../db/schema/catalog.ts';

/** The cancellation policy an offer uses now (null: none chosen). */
export const cancellationPolicyOf = async (db: Executor, accountId: string, experienceId: string) =>
  (
    await db
      .select({ tiers: cancellationPolicies.tiers })
      .from(experiences)
      .innerJoin(cancellationPolicies, eq(cancellationPolicies.id, experiences.cancellationPolicyId))
      .where(and(eq(experiences.accountId, accountId), eq(experiences.id, experienceId)))
  )[0] ?? null;

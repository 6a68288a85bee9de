import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';

/** The organization's zone (its profile's): exports write when things happened in it. */
export const organizationZone = async (db: Executor, accountId: string) =>
  (
    await db
      .select({ zone: sql<string>`coalesce(nullif(${baseAccounts.profile}->>'timezone', ''), 'UTC')` })
      .from(baseAccounts)
      .where(eq(baseAccounts.id, accountId))
  )[0]?.zone ?? 'UTC';

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { providerStates } from '../../db/schema/payments.ts';

export type ProviderStateRow = typeof providerStates.$inferSelect;

export const insertProviderState = async (db: Executor, values: typeof providerStates.$inferInsert) =>
  (await db.insert(providerStates).values(values).returning())[0];

export const findProviderState = async (db: Executor, id: string) =>
  (await db.select().from(providerStates).where(eq(providerStates.id, id)))[0] ?? null;

/** Stamps a state used, once: null when it was used already, expired or never existed. */
export const consumeProviderState = async (db: Executor, id: string, purpose: string, now: Date) =>
  (
    await db
      .update(providerStates)
      .set({ usedAt: now })
      .where(
        and(
          eq(providerStates.id, id),
          eq(providerStates.purpose, purpose),
          isNull(providerStates.usedAt),
          gt(providerStates.expiresAt, now),
        ),
      )
      .returning()
  )[0] ?? null;

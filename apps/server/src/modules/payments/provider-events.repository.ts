import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { providerEvents } from '../../db/schema/payments.ts';

/** A claim older than this is taken as a crashed delivery: the next delivery processes the event. */
const STALE_CLAIM = sql`interval '2 minutes'`;

/**
 * Claims an event for processing: true for the first delivery (or after a crashed one), false while
 * another delivery processes it or once it was processed. One atomic upsert, so parallel deliveries
 * of the same event cannot both win.
 */
export const claimEvent = async (
  db: Executor,
  event: { provider: string; eventId: string; type: string; externalAccountId: string | null },
  now: Date,
) =>
  (
    await db
      .insert(providerEvents)
      .values({ ...event, claimedAt: now })
      .onConflictDoUpdate({
        target: [providerEvents.provider, providerEvents.eventId],
        set: { claimedAt: sql`excluded.claimed_at` },
        setWhere: sql`${providerEvents.processedAt} is null and (${providerEvents.claimedAt} is null or ${providerEvents.claimedAt} < excluded.claimed_at - ${STALE_CLAIM})`,
      })
      .returning({ eventId: providerEvents.eventId })
  ).length === 1;

const byKey = (provider: string, eventId: string) =>
  and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId));

export const markEventProcessed = async (db: Executor, provider: string, eventId: string, now: Date) => {
  await db.update(providerEvents).set({ processedAt: now }).where(byKey(provider, eventId));
};

/** Processing failed: the provider's next delivery (it retries) gets to process it. */
export const releaseEvent = async (db: Executor, provider: string, eventId: string) => {
  await db.update(providerEvents).set({ claimedAt: null }).where(byKey(provider, eventId));
};

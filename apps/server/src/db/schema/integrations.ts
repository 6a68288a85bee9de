import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { experiences } from './catalog.ts';
import { createdAt, pk, ts } from './columns.ts';

/**
 * An organization's webhook endpoint: where its events are POSTed, signed with `secret`
 * (`whsec_…`, kept to sign with; shown once, revealable by 'Manage account'). Disabled by hand or
 * by the worker after `consecutive_failures` reached the limit (`disabled_reason` says which).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: pk(),
    accountId: accountId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: createdAt(),
    lastDeliveryAt: ts('last_delivery_at'),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * The outbox: one row per (event, endpoint), written in the transaction of the change it reports.
 * The worker claims due rows (`status` pending, `next_attempt_at` reached, no live lease) with
 * FOR UPDATE SKIP LOCKED and sets `locked_until` (the lease) before sending, so two instances never
 * send one row twice at once; a crashed sender's lease runs out and the row is tried again.
 * `payload` is the exact JSON body (the same bytes on every attempt and on a replay).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: pk(),
    accountId: accountId(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lockedUntil: ts('locked_until'),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    /** The delivery this one replays (null for the first). */
    replayOf: uuid('replay_of'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_account_idx').on(t.accountId, t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * A calendar feed's secret address: for the whole organization (`experience_id` null) or one offer.
 * Only the token's SHA-256 is stored (it is shown when made); revoking stamps `revoked_at`.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: pk(),
    accountId: accountId(),
    experienceId: uuid('experience_id').references(() => experiences.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('calendar_feeds_account_idx').on(t.accountId, t.experienceId)],
);

import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pk } from './columns.ts';

/** One changed field of an audit entry: its value before and after (null when absent). */
export type AuditChange = { field: string; from: string | number | boolean | null; to: string | number | boolean | null };

/**
 * The audit trail: who changed what and when. Append-only: a trigger (migration 0022) refuses every
 * UPDATE, DELETE and TRUNCATE of the table, so no route, service or script can alter an entry; rows
 * are written in the same transaction as the change they describe. No foreign keys: an entry
 * outlives the user, key, offer or order it names (their names are copied into the row).
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: pk(),
    accountId: uuid('account_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'user' | 'api_key' | 'visitor' (a webstore buyer) | 'system' (webhooks, sweeps, the seed). */
    actorKind: text('actor_kind').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    ip: text('ip'),
    /** 'created' | 'updated' | 'deleted' or a named action ('canceled', 'confirmed', …). */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    entityLabel: text('entity_label').notNull(),
    /** The order the entity belongs to (orders, bookings, payments, refunds), for the order's tab. */
    orderId: uuid('order_id'),
    changes: jsonb('changes').$type<AuditChange[]>().notNull(),
    /** What the trail's search matches: the headline's words and every changed field with its values. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(entity_label || ' ' || actor_name || ' ' || action || ' ' || entity_type || ' ' || jsonb_path_query_array(changes, '$[*].field')::text || ' ' || jsonb_path_query_array(changes, '$[*].from')::text || ' ' || jsonb_path_query_array(changes, '$[*].to')::text)`,
      ),
  },
  (t) => [
    index('audit_entries_account_at_idx').on(t.accountId, t.at, t.id),
    index('audit_entries_account_order_idx').on(t.accountId, t.orderId, t.at),
    index('audit_entries_account_entity_idx').on(t.accountId, t.entityType, t.entityId),
    index('audit_entries_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

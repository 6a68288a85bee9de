import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { baseAccounts } from './accounts.ts';
import { createdAt, pk, ts } from './columns.ts';
import { users } from './users.ts';

/**
 * An organization's API keys (server-to-server use of the API). The secret itself is never stored:
 * `secret_hash` is its SHA-256 (hex), looked up on every request; `prefix` is its first characters
 * for display. `scopes` are permission titles. A revoked key keeps its row (its name and who used
 * it stay readable) with `revoked_at` set. Inserts, deletes and changes of `revoked_at` or `scopes`
 * announce the account on the access channel (migration 0017), so cached key callers are dropped.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: pk(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => baseAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_key').on(t.secretHash),
    index('api_keys_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

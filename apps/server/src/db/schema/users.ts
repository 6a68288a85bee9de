import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { baseAccounts } from './accounts.ts';
import { createdAt, pk, ts, updatedAt } from './columns.ts';

/** A login. Belongs to exactly one organization; emails are stored lower-cased and unique. */
export const users = pgTable(
  'users',
  {
    id: pk(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => baseAccounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** False until the emailed activation link is used (or after self-deletion). */
    isActive: boolean('is_active').notNull().default(false),
    activatedAt: ts('activated_at'),
    lastLoginAt: ts('last_login_at'),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_account_idx').on(t.accountId)],
);

export const AUTH_TOKEN_KINDS = ['activation', 'password_reset', 'email_reset', 'invite', 'handover'] as const;
export type AuthTokenKind = (typeof AUTH_TOKEN_KINDS)[number];

/** Single-use tokens sent by mail or handed between hosts; only their SHA-256 is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: pk(),
    kind: text('kind', { enum: AUTH_TOKEN_KINDS }).notNull(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => baseAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id'),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId, t.kind)],
);

/** Refresh tokens by family: each use rotates; presenting a rotated one revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: pk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    replacedBy: uuid('replaced_by'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

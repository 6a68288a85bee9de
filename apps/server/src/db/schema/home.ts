import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId, systemNotifications } from './accounts.ts';
import { createdAt, pk, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The dashboard home's state (migration 0021): which system notifications each person has read,
 * and the organization's onboarding checklist. What a step asks for is never stored: it is read
 * from the data (offers, stores, payments, orders) at every request; only dismissals are kept.
 */

/** One row per (person, notification) read; the first read's time is kept. */
export const systemNotificationReads = pgTable(
  'system_notification_reads',
  {
    accountId: accountId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => systemNotifications.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);

/** One checklist per organization (a unique account id: parallel first reads make one). */
export const onboardings = pgTable(
  'onboardings',
  {
    id: pk(),
    accountId: accountId(),
    kind: text('kind', { enum: ['supplier', 'affiliate'] }).notNull(),
    dismissedAt: ts('dismissed_at'),
    dismissedByUserId: uuid('dismissed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('onboardings_account_key').on(t.accountId)],
);

/** The steps on a checklist (a removed step has no row); `done` is derived, never stored. */
export const onboardingSteps = pgTable(
  'onboarding_steps',
  {
    id: pk(),
    accountId: accountId(),
    onboardingId: uuid('onboarding_id')
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    position: integer('position').notNull(),
    dismissedAt: ts('dismissed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('onboarding_steps_onboarding_code_key').on(t.onboardingId, t.code),
    index('onboarding_steps_account_idx').on(t.accountId),
  ],
);

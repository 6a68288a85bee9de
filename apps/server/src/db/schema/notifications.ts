import { NOTIFICATION_KINDS } from '@excursio/contract/notifications';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, pk, ts, updatedAt } from './columns.ts';
import { orders } from './sales.ts';
import { users } from './users.ts';

/**
 * What an organization hears of (migration 0030): one row per event, written in the transaction of
 * the change it reports (an outbox: a rolled-back order leaves none). The header bell lists them;
 * `mailed_at` stays null until the job queue's sweep has queued the members' mails.
 */
export const organizationNotifications = pgTable(
  'organization_notifications',
  {
    id: pk(),
    accountId: accountId(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    link: text('link'),
    /** The member whose own action it reports (gets no mail of it), if any. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    mailedAt: ts('mailed_at'),
  },
  (t) => [
    index('organization_notifications_account_created_idx').on(t.accountId, t.createdAt),
    index('organization_notifications_unmailed_idx').on(t.createdAt).where(sql`${t.mailedAt} is null`),
  ],
);

/** One row per (person, notice) read; the first read's time is kept. */
export const organizationNotificationReads = pgTable(
  'organization_notification_reads',
  {
    accountId: accountId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => organizationNotifications.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);

/**
 * One row per mail sent: the primary key (notice, person) is the dedupe key. It is inserted in the
 * transaction that sends the mail, so a repeated job, a retry or a second instance sends nothing.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    accountId: accountId(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => organizationNotifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toEmail: text('to_email').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

/** A member's mail choices per kind (`{kind: boolean}`); a kind not in the map takes the default. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: accountId(),
  mail: jsonb('mail').$type<Record<string, boolean>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { bookings } from './availability.ts';
import { createdAt, pk, ts, updatedAt } from './columns.ts';
import { orders } from './sales.ts';
import { stores } from './stores.ts';

/**
 * Every message sent to a customer by the job queue (reminder, follow-up, abandoned cart). The row
 * is inserted in the transaction that sends the mail: `dedupe_key` (`reminder:{booking id}`,
 * `follow_up:{order id}`, `abandoned_cart:{cart contact id}`) is unique, so a second instance or a
 * retried job finds it taken and sends nothing.
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: pk(),
    accountId: accountId(),
    kind: text('kind', { enum: ['reminder', 'follow_up', 'abandoned_cart'] }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    cartContactId: uuid('cart_contact_id'),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_messages_dedupe_key').on(t.dedupeKey),
    index('customer_messages_account_order_idx').on(t.accountId, t.orderId),
  ],
);

/**
 * The email a webstore visitor typed at checkout, with the holds of their cart: the only address an
 * abandoned-cart reminder goes to. One row per cart (`cart_key` = its hold ids, sorted).
 */
export const webstoreCartContacts = pgTable(
  'webstore_cart_contacts',
  {
    id: pk(),
    accountId: accountId(),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    cartKey: text('cart_key').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    holdIds: uuid('hold_ids').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webstore_cart_contacts_account_cart_key').on(t.accountId, t.cartKey),
    index('webstore_cart_contacts_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

/** Addresses that asked for no more reminders of their carts (the link in the abandoned-cart email). */
export const messageOptOuts = pgTable(
  'message_opt_outs',
  {
    accountId: accountId(),
    /** Lower case. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.email] })],
);

/**
 * The buyer's mails of an order (confirmation, request received, declined, canceled, refunded): one
 * row per notice, written before the answer, sent by the job queue (`order-notices-send`). `seq`
 * orders one order's notices (a confirmation never overtakes the request received): a sender only
 * ever takes the order's first notice neither sent nor given up, and claims it with a conditional
 * update (a lease: `claimed_by` until `claimed_until`), so two instances or a repeated job send each
 * once and in order. A failure counts an attempt; after the last the notice is given up (logged) and
 * the next ones go on.
 */
export const orderNotices = pgTable(
  'order_notices',
  {
    id: pk(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    notice: jsonb('notice').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The sender working on it (a random id) until `claimed_until`: a lease, so no transaction stays open while mailing. */
    claimedBy: uuid('claimed_by'),
    claimedUntil: ts('claimed_until'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    givenUpAt: ts('given_up_at'),
  },
  (t) => [
    uniqueIndex('order_notices_order_seq').on(t.orderId, t.seq),
    index('order_notices_pending_idx').on(t.createdAt).where(sql`${t.sentAt} is null and ${t.givenUpAt} is null`),
  ],
);

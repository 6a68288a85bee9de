import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId, baseAccounts } from './accounts.ts';
import { bookings } from './availability.ts';
import type { CartAnswer, CartExtra } from './carts.ts';
import { experiences } from './catalog.ts';
import { createdAt, pk, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { stores } from './stores.ts';
import { users } from './users.ts';

/** The last order number of an organization: `insert … on conflict do update … returning` hands out the next. */
export const orderCounters = pgTable('order_counters', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => baseAccounts.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

/**
 * An order: what a customer bought in one go. `payment_status` is derived from `payments`
 * (modules/orders/money.ts) and rewritten in the transaction that records each movement, so lists
 * can filter on it.
 */
export const orders = pgTable(
  'orders',
  {
    id: pk(),
    accountId: accountId(),
    /** Per organization, from 1; shown as the order's reference. */
    number: integer('number').notNull(),
    /** Shown before the number (`#1042`): the product configuration's prefix when the order was made. */
    referencePrefix: text('reference_prefix').notNull().default('#'),
    channel: text('channel', { enum: ['backoffice', 'api', 'webstore'] }).notNull(),
    /** The team member who sold it (back office); null for the public channels. */
    sellerUserId: uuid('seller_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The store it was sold through (webstore orders); null for the back office and the booking API. */
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    /** Who bought (found or created by email when booked); the contact below is what they typed then. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    contactFirstName: text('contact_first_name').notNull().default(''),
    contactLastName: text('contact_last_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['created', 'confirmed', 'canceled'] })
      .notNull()
      .default('created'),
    paymentStatus: text('payment_status', {
      enum: ['not_paid', 'partially_paid', 'fully_paid', 'refunded', 'partially_refunded', 'refund_due'],
    })
      .notNull()
      .default('not_paid'),
    currency: text('currency').notNull(),
    /** What the order costs now: lines not canceled. */
    totalMinor: integer('total_minor').notNull(),
    /** Search: reference number, contact name and email, lower-case. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(number::text || ' ' || contact_first_name || ' ' || contact_last_name || ' ' || contact_email)`,
      ),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /**
     * The checkout that produced the order (an unguessable token; a card provider's session id once
     * card checkout exists): `GET /api/order?session_id=` finds it for a confirmation page.
     */
    checkoutSessionId: text('checkout_session_id'),
    /**
     * The language the order was made in (two letters): the webstore's language at checkout, else the
     * organization's default (profile) — guest mails and the back office name it.
     */
    language: text('language').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_account_number_key').on(t.accountId, t.number),
    uniqueIndex('orders_account_checkout_session_key').on(t.accountId, t.checkoutSessionId),
    index('orders_customer_idx').on(t.customerId),
    // The list by date, and the dashboard's month sales read from the index alone (status, currency,
    // total ride along after the key; migration 0027).
    index('orders_account_created_idx').on(t.accountId, t.createdAt, t.status, t.currency, t.totalMinor),
    index('orders_account_seller_idx').on(t.accountId, t.sellerUserId),
    index('orders_account_store_idx').on(t.accountId, t.storeId),
    index('orders_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The dashboard's "refunds due" count and the list's Refund due filter (migration 0028).
    index('orders_account_refund_due_idx').on(t.accountId).where(sql`${t.paymentStatus} = 'refund_due'`),
    check('orders_total_not_negative', sql`${t.totalMinor} >= 0`),
  ],
);

/** One thing bought: a booking on a slot (its `bookings` row), at the price the server computed. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: pk(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    experienceId: uuid('experience_id').references(() => experiences.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    status: text('status', { enum: ['active', 'canceled'] })
      .notNull()
      .default('active'),
    /** The booking's party plus extras, as priced at checkout. */
    totalMinor: integer('total_minor').notNull(),
    extras: jsonb('extras').$type<CartExtra[]>().notNull().default(sql`'[]'::jsonb`),
    answers: jsonb('answers').$type<CartAnswer[]>().notNull().default(sql`'[]'::jsonb`),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), uniqueIndex('order_lines_booking_key').on(t.bookingId)],
);

/**
 * Money moving on an order: a payment in or a refund out. Never edited but for a pending
 * movement's outcome, never deleted. `idempotency_key` (per organization) makes a repeated request
 * the same movement.
 */
export const payments = pgTable(
  'payments',
  {
    id: pk(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    method: text('method', { enum: ['cash', 'bank_transfer', 'card'] }).notNull(),
    /** Positive, minor units of the order's currency. */
    amountMinor: integer('amount_minor').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    /** `manual` for cash and transfers; a card provider's name (`test` for the built-in test mode). */
    provider: text('provider').notNull().default('manual'),
    providerReference: text('provider_reference'),
    /** The connected account the card payment ran on (Stripe `acct_…`), when not the platform's. */
    providerAccount: text('provider_account'),
    /** Money moved on to other accounts with it (a resale's split): [{account, transfer, amount}]. */
    transfers: jsonb('transfers').$type<{ account: string; transfer: string; amount: number }[]>().notNull().default([]),
    idempotencyKey: text('idempotency_key').notNull(),
    note: text('note').notNull().default(''),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_account_idempotency_key').on(t.accountId, t.idempotencyKey),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
    index('payments_order_idx').on(t.orderId),
    // The dashboard's month revenue subtracts refunds: the organization's refunds since a date (few rows).
    index('payments_account_refunds_idx').on(t.accountId, t.createdAt).where(sql`${t.kind} = 'refund'`),
  ],
);

/**
 * The refund-due ledger of an order: a refund it owes its buyer (`owed`: a cancellation policy's share,
 * or everything paid when a request is declined), and what recorded refunds settled of it (`settled`,
 * with the refund movement; once per movement). What is still owed = owed − settled (money.ts). Rows
 * are never edited or deleted.
 */
export const refundDues = pgTable(
  'refund_dues',
  {
    id: pk(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['owed', 'settled'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** The refund that settled it (`settled` rows). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    /** Why it is owed ("Canceled: Kayak tour, 100 % under the policy") or how it was settled. */
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('refund_dues_order_idx').on(t.orderId),
    uniqueIndex('refund_dues_payment_key').on(t.paymentId),
    check('refund_dues_amount_positive', sql`${t.amountMinor} > 0`),
    check('refund_dues_settled_has_payment', sql`(${t.kind} = 'settled') = (${t.paymentId} is not null)`),
  ],
);

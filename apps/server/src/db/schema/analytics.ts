import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';

/** Stands for "none" in the analytics keys (no store, no reseller, an offer since deleted): keys are never null. */
export const NO_ID = '00000000-0000-0000-0000-000000000000';

/** The figures every analytics row carries (minor units of its currency). */
const figures = () => ({
  /** Booked lines still standing. */
  bookings: integer('bookings').notNull().default(0),
  participants: integer('participants').notNull().default(0),
  /** Everything sold, at its sale price (lines canceled since included). */
  grossMinor: bigint('gross_minor', { mode: 'number' }).notNull().default(0),
  /** The part of the gross canceled since. */
  canceledMinor: bigint('canceled_minor', { mode: 'number' }).notNull().default(0),
  /** Money refunded (succeeded refunds), spread over the order's lines by their gross. */
  refundsMinor: bigint('refunds_minor', { mode: 'number' }).notNull().default(0),
  /** What the sale is worth now: the order's total, or what was kept when more (paid − refunded). */
  netMinor: bigint('net_minor', { mode: 'number' }).notNull().default(0),
});

/** The dimensions of a sale: the day it was made (UTC), the offer, the store, channel, reseller, currency. */
const dimensions = () => ({
  accountId: accountId(),
  day: date('day', { mode: 'string' }).notNull(),
  experienceId: uuid('experience_id').notNull(),
  storeId: uuid('store_id').notNull(),
  channel: text('channel').notNull(),
  resellerAccountId: uuid('reseller_account_id').notNull(),
  resellerStoreId: uuid('reseller_store_id').notNull(),
  currency: text('currency').notNull(),
});

/**
 * What each order line contributes to the analytics right now (migration 0020): rewritten, and the
 * difference applied to `sales_daily`, by the database itself in the committing transaction whenever
 * an order, its lines, payments or resale change (deferred triggers; see docs "Analytics").
 */
export const salesLineParts = pgTable(
  'sales_line_parts',
  {
    lineId: uuid('line_id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    ...dimensions(),
    ...figures(),
  },
  (t) => [index('sales_line_parts_order_idx').on(t.orderId)],
);

/** The daily rollup the analytics read: the sum of `sales_line_parts` per day and dimensions. */
export const salesDaily = pgTable('sales_daily', { ...dimensions(), ...figures() }, (t) => [
  primaryKey({
    columns: [t.accountId, t.day, t.experienceId, t.storeId, t.channel, t.resellerAccountId, t.resellerStoreId, t.currency],
  }),
  index('sales_daily_reseller_idx')
    .on(t.resellerAccountId, t.day)
    .where(sql`${t.resellerAccountId} <> '00000000-0000-0000-0000-000000000000'`),
]);

import type { InvoiceDocument } from '@excursio/contract/invoices';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId, baseAccounts } from './accounts.ts';
import { createdAt, pk, ts } from './columns.ts';
import { orders } from './sales.ts';

/**
 * The last invoice number of an organization. A row of its own rather than a column on
 * `base_accounts`: every update of an account row notifies the access and catalog caches
 * (migrations 0003, 0005), which an invoice must not flush. `insert … on conflict do update …
 * returning` hands out the next number and keeps the row locked until the issuing transaction
 * ends: a rolled-back invoice gives its number back, so there are no gaps and no duplicates.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => baseAccounts.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

/** An invoice of an order: one per order, numbered per organization; `snapshot` is what it says, never changed. */
export const invoices = pgTable(
  'invoices',
  {
    id: pk(),
    accountId: accountId(),
    /** An invoiced order cannot be deleted alone (no action: checked at the end of the statement, so an organization's deletion still goes). */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    number: integer('number').notNull(),
    issuedAt: ts('issued_at').notNull(),
    snapshot: jsonb('snapshot').$type<InvoiceDocument>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_account_order_key').on(t.accountId, t.orderId),
    uniqueIndex('invoices_account_number_key').on(t.accountId, t.number),
    check('invoices_number_positive', sql`${t.number} > 0`),
  ],
);

import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { baseAccounts } from './accounts.ts';
import { cancellationPolicies, meetingPoints } from './catalog.ts';
import { updatedAt } from './columns.ts';

/**
 * Organization-wide defaults (product configuration), one row per organization once saved; an
 * organization without a row uses the column defaults. Time format, currency and time zone stay in
 * the profile and the hold time on `base_accounts` (one value each, read where they always were).
 * Not columns of `base_accounts`: every update of an account row notifies the access and catalog caches.
 */
export const productConfigurations = pgTable('product_configurations', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => baseAccounts.id, { onDelete: 'cascade' }),
  dateFormat: text('date_format').notNull().default('DD. MMMM YYYY'),
  bookingReferencePrefix: text('booking_reference_prefix').notNull().default('#'),
  defaultCancellationPolicyId: uuid('default_cancellation_policy_id').references(() => cancellationPolicies.id, {
    onDelete: 'set null',
  }),
  defaultMeetingPointId: uuid('default_meeting_point_id').references(() => meetingPoints.id, { onDelete: 'set null' }),
  invoiceNumberPrefix: text('invoice_number_prefix').notNull().default('INV-'),
  invoiceNumberDigits: integer('invoice_number_digits').notNull().default(6),
  invoiceTaxId: text('invoice_tax_id').notNull().default(''),
  invoiceFooter: text('invoice_footer').notNull().default(''),
  reminderEnabled: boolean('reminder_enabled').notNull().default(true),
  reminderHoursBefore: integer('reminder_hours_before').notNull().default(24),
  followUpEnabled: boolean('follow_up_enabled').notNull().default(true),
  followUpHoursAfter: integer('follow_up_hours_after').notNull().default(3),
  abandonedCartEnabled: boolean('abandoned_cart_enabled').notNull().default(true),
  abandonedCartMinutesAfter: integer('abandoned_cart_minutes_after').notNull().default(60),
  updatedAt: updatedAt(),
});

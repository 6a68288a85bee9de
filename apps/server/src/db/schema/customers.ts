import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, pk, updatedAt } from './columns.ts';

/**
 * The people an organization sells to. Email is unique per organization (case-insensitive) when
 * there is one; a phone booking may have none.
 */
export const customers = pgTable(
  'customers',
  {
    id: pk(),
    accountId: accountId(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phone: text('phone').notNull().default(''),
    /** ISO 3166-1 alpha-2, or ''. */
    country: text('country').notNull().default(''),
    /** A short language code (`en`, `de`), or ''. */
    language: text('language').notNull().default(''),
    notes: text('notes').notNull().default(''),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** When consent was given (null without consent). */
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || phone)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_account_email_key').on(t.accountId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    index('customers_account_name_idx').on(t.accountId, t.lastName, t.firstName),
    index('customers_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

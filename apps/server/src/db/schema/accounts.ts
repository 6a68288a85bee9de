import type { BillingInfo, ContactInfo, LegalInfo, Profile } from '@excursio/contract/accounts';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, ts, updatedAt } from './columns.ts';

export const subscriptionTiers = pgTable('subscription_tiers', {
  id: pk(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  accountType: text('account_type', { enum: ['supplier', 'affiliate'] }).notNull(),
  priceMinor: integer('price_minor').notNull(),
  currency: text('currency').notNull(),
  interval: text('interval', { enum: ['month', 'year'] }).notNull(),
  features: text('features').array().notNull(),
  /** The platform's fee on card payments taken under this plan, hundredths of a percent. */
  platformFeeBp: integer('platform_fee_bp').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const baseAccounts = pgTable(
  'base_accounts',
  {
    id: pk(),
    type: text('type', { enum: ['supplier', 'affiliate'] }).notNull(),
    name: text('name').notNull(),
    subdomain: text('subdomain').notNull(),
    subscriptionTierId: uuid('subscription_tier_id').references(() => subscriptionTiers.id),
    isActive: boolean('is_active').notNull().default(true),
    contactInfo: jsonb('contact_info').$type<ContactInfo>().notNull(),
    profile: jsonb('profile').$type<Profile>().notNull(),
    legalInfo: jsonb('legal_info').$type<LegalInfo>().notNull(),
    billingInfo: jsonb('billing_info').$type<BillingInfo>().notNull(),
    /** How long a hold keeps places (product configuration; 15 minutes unless changed). */
    holdMinutes: integer('hold_minutes').notNull().default(15),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('base_accounts_subdomain_key').on(t.subdomain)],
);

export const systemNotifications = pgTable(
  'system_notifications',
  {
    id: pk(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    level: text('level', { enum: ['info', 'warning', 'critical'] })
      .notNull()
      .default('info'),
    publishedAt: ts('published_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
  },
  (t) => [index('system_notifications_published_idx').on(t.publishedAt)],
);

/** The owning organization of a tenant-owned row (rows go with their organization). */
export const accountId = () =>
  uuid('account_id')
    .notNull()
    .references(() => baseAccounts.id, { onDelete: 'cascade' });

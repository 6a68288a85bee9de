import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { experiences } from './catalog.ts';
import { createdAt, pk, updatedAt } from './columns.ts';
import { filerImages } from './media.ts';

/**
 * A sales channel of an organization (specification §3 "Store"). Internal stores are webstores
 * served at `/s/{slug}/`; every store sells the offers of `store_experiences` in its currency.
 */
export const stores = pgTable(
  'stores',
  {
    id: pk(),
    accountId: accountId(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    status: text('status', { enum: ['draft', 'active', 'inactive'] })
      .notNull()
      .default('draft'),
    ownership: text('ownership', { enum: ['internal', 'external'] })
      .notNull()
      .default('internal'),
    isDefault: boolean('is_default').notNull().default(false),
    currency: text('currency').notNull(),
    languages: text('languages').array().notNull(),
    headline: text('headline').notNull().default(''),
    description: text('description').notNull().default(''),
    logoImageId: uuid('logo_image_id').references(() => filerImages.id, { onDelete: 'set null' }),
    heroImageId: uuid('hero_image_id').references(() => filerImages.id, { onDelete: 'set null' }),
    accentColor: text('accent_color').notNull(),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    termsUrl: text('terms_url').notNull().default(''),
    privacyUrl: text('privacy_url').notNull().default(''),
    holdMinutes: integer('hold_minutes'),
    questionMode: text('question_mode', { enum: ['all', 'required'] })
      .notNull()
      .default('all'),
    paymentMode: text('payment_mode', { enum: ['full', 'deposit', 'none'] })
      .notNull()
      .default('full'),
    depositPercent: integer('deposit_percent').notNull().default(20),
    /** While card payments are unavailable (no connected provider), visitors may book and pay later. */
    reserveWithoutPayment: boolean('reserve_without_payment').notNull().default(false),
    recaptchaEnabled: boolean('recaptcha_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stores_account_slug_key').on(t.accountId, t.slug),
    // At most one default store per organization.
    uniqueIndex('stores_account_default_key').on(t.accountId).where(sql`${t.isDefault}`),
    index('stores_account_created_idx').on(t.accountId, t.createdAt),
    check('stores_deposit_percent_range', sql`${t.depositPercent} between 1 and 99`),
  ],
);

/** An offer in a store, at a position (0 first), optionally featured. */
export const storeExperiences = pgTable(
  'store_experiences',
  {
    id: pk(),
    accountId: accountId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    featured: boolean('featured').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('store_experiences_store_experience_key').on(t.storeId, t.experienceId),
    index('store_experiences_store_position_idx').on(t.storeId, t.position),
    index('store_experiences_experience_idx').on(t.experienceId),
  ],
);

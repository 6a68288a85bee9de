import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { baseAccounts } from './accounts.ts';
import { experiences } from './catalog.ts';
import { createdAt, pk, updatedAt } from './columns.ts';
import { orders } from './sales.ts';
import { stores } from './stores.ts';
import { users } from './users.ts';

/**
 * A partnership: the supplier's offers sold by the reseller (specification §3 "Partner types").
 * Not tenant-owned by one side: both organizations read it, each through its own column. Never
 * deleted — an ended partnership keeps its resales readable.
 */
export const partnerships = pgTable(
  'partnerships',
  {
    id: pk(),
    supplierAccountId: uuid('supplier_account_id').references(() => baseAccounts.id, { onDelete: 'cascade' }),
    resellerAccountId: uuid('reseller_account_id').references(() => baseAccounts.id, { onDelete: 'cascade' }),
    /** The organization that sent the invitation. */
    invitedByAccountId: uuid('invited_by_account_id')
      .notNull()
      .references(() => baseAccounts.id, { onDelete: 'cascade' }),
    /** An invitation by email: the other side is whoever accepts it signed in with this address. */
    inviteEmail: text('invite_email'),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['pending', 'active', 'paused', 'ended', 'declined'] })
      .notNull()
      .default('pending'),
    pricingMode: text('pricing_mode', { enum: ['commission', 'net_rates'] })
      .notNull()
      .default('commission'),
    /** Hundredths of a percent: 1500 = 15 %. */
    commissionBp: integer('commission_bp').notNull().default(1500),
    shareMode: text('share_mode', { enum: ['all', 'selected'] })
      .notNull()
      .default('all'),
    /** Places per start the reseller may sell at most; null = no cap of its own. */
    allocation: integer('allocation'),
    paymentCollector: text('payment_collector', { enum: ['reseller', 'supplier'] })
      .notNull()
      .default('reseller'),
    pausedByAccountId: uuid('paused_by_account_id').references(() => baseAccounts.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open partnership per pair (an ended or declined one can be followed by a new one).
    uniqueIndex('partnerships_open_pair_key')
      .on(t.supplierAccountId, t.resellerAccountId)
      .where(sql`${t.status} in ('pending', 'active', 'paused')`),
    index('partnerships_supplier_idx').on(t.supplierAccountId, t.createdAt),
    index('partnerships_reseller_idx').on(t.resellerAccountId, t.createdAt),
    index('partnerships_invite_email_idx').on(sql`lower(${t.inviteEmail})`).where(sql`${t.inviteEmail} is not null`),
    check('partnerships_commission_range', sql`${t.commissionBp} between 0 and 10000`),
    check('partnerships_allocation_positive', sql`${t.allocation} is null or ${t.allocation} > 0`),
    check('partnerships_not_self', sql`${t.supplierAccountId} is distinct from ${t.resellerAccountId}`),
  ],
);

/** The offers a `share_mode = 'selected'` partnership shares. */
export const partnershipExperiences = pgTable(
  'partnership_experiences',
  {
    partnershipId: uuid('partnership_id')
      .notNull()
      .references(() => partnerships.id, { onDelete: 'cascade' }),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.partnershipId, t.experienceId] })],
);

/**
 * A resale: an order of the supplier (`account_id`) sold by a reseller, with the terms frozen at
 * the sale. The order is the supplier's; this row is what the reseller may read of it.
 */
export const resales = pgTable(
  'resales',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The supplier: the order's organization. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => baseAccounts.id, { onDelete: 'cascade' }),
    resellerAccountId: uuid('reseller_account_id')
      .notNull()
      .references(() => baseAccounts.id, { onDelete: 'cascade' }),
    partnershipId: uuid('partnership_id')
      .notNull()
      .references(() => partnerships.id, { onDelete: 'restrict' }),
    /** The reseller's store it was sold in (webstore), or null (the reseller's back office). */
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    /** The reseller's team member who sold it (back office), or null. */
    sellerUserId: uuid('seller_user_id').references(() => users.id, { onDelete: 'set null' }),
    pricingMode: text('pricing_mode', { enum: ['commission', 'net_rates'] }).notNull(),
    commissionBp: integer('commission_bp'),
    paymentCollector: text('payment_collector', { enum: ['reseller', 'supplier'] }).notNull(),
    /** The order's total at the sale. */
    grossMinor: integer('gross_minor').notNull(),
    /** The reseller's share of the gross at the sale (commission, or gross − net prices). */
    commissionMinor: integer('commission_minor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('resales_account_created_idx').on(t.accountId, t.createdAt),
    index('resales_reseller_created_idx').on(t.resellerAccountId, t.createdAt),
    index('resales_partnership_created_idx').on(t.partnershipId, t.createdAt),
    check('resales_commission_range', sql`${t.commissionMinor} between 0 and ${t.grossMinor}`),
  ],
);

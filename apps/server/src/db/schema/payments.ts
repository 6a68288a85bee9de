import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId, baseAccounts, subscriptionTiers } from './accounts.ts';
import { createdAt, pk, ts, updatedAt } from './columns.ts';
import { orders } from './sales.ts';
import { stores } from './stores.ts';
import { users } from './users.ts';

/**
 * An organization's card payment provider account (Stripe Connect, or the built-in test mode).
 * One per organization; removed when disconnected (payments keep the account they ran on).
 */
export const paymentConnections = pgTable(
  'payment_connections',
  {
    id: pk(),
    accountId: accountId(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** The provider's account (Stripe `acct_…`); null until onboarding created it. */
    externalAccountId: text('external_account_id'),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    connectedByUserId: uuid('connected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_connections_account_key').on(t.accountId),
    uniqueIndex('payment_connections_external_key').on(t.provider, t.externalAccountId),
  ],
);

/**
 * Single-use states of redirects through the provider (Connect onboarding / OAuth return, test-mode
 * pages): the URL carries `{id}.{hmac}`; using one stamps `used_at` once.
 */
export const providerStates = pgTable(
  'provider_states',
  {
    id: pk(),
    accountId: accountId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** What the state carries (e.g. the tier a subscription checkout is for). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('provider_states_account_idx').on(t.accountId)],
);

/** Webhook events received, one row per provider event id: the deduplication of deliveries. */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The connected account the event is about (Stripe's `account`), if any. */
    externalAccountId: text('external_account_id'),
    receivedAt: createdAt(),
    /** Set by the delivery processing it; a claim older than a few minutes is taken as crashed. */
    claimedAt: ts('claimed_at'),
    processedAt: ts('processed_at'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * A visitor's hosted card checkout (Stripe Checkout): what becomes an order once paid. Created
 * before the redirect; fulfilled once (by the success redirect or the webhook, whichever is first).
 */
export const cardCheckouts = pgTable(
  'card_checkouts',
  {
    id: pk(),
    /** The order's owner (the supplier for a resale). */
    accountId: accountId(),
    /** The organization whose store sold it. */
    storeAccountId: uuid('store_account_id')
      .notNull()
      .references(() => baseAccounts.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    /** The provider's session (`cs_…`) and, once paid, its payment (`pi_…`). */
    providerSessionId: text('provider_session_id'),
    providerPaymentId: text('provider_payment_id'),
    /** The webstore checkout session (orders.session_id) the order gets. */
    sessionId: text('session_id').notNull(),
    /** The order request as the visitor sent it (holds, contact, answers, extras). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** Who gets what: [{account_id, external_account_id, amount, role}] (supplier, reseller, platform). */
    split: jsonb('split').$type<Record<string, unknown>[]>().notNull().default([]),
    status: text('status', { enum: ['open', 'completed', 'expired', 'refunded', 'flagged'] })
      .notNull()
      .default('open'),
    /** Why it was refunded or handed to staff. */
    problem: text('problem'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('card_checkouts_session_key').on(t.sessionId),
    uniqueIndex('card_checkouts_provider_session_key').on(t.providerSessionId),
    index('card_checkouts_account_idx').on(t.accountId, t.createdAt),
    check('card_checkouts_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** An organization's subscription as the billing provider reports it. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: pk(),
    accountId: accountId(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    externalCustomerId: text('external_customer_id'),
    externalSubscriptionId: text('external_subscription_id'),
    tierId: uuid('tier_id').references(() => subscriptionTiers.id),
    status: text('status', { enum: ['trialing', 'active', 'past_due', 'canceled', 'incomplete'] })
      .notNull()
      .default('active'),
    currentPeriodEnd: ts('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Past due: the plan's features last until then, then the free tier's. */
    graceUntil: ts('grace_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_account_key').on(t.accountId),
    uniqueIndex('subscriptions_external_key').on(t.provider, t.externalSubscriptionId),
  ],
);

/** What the last reconciliation found different between our records and the provider's. */
export const paymentMismatches = pgTable(
  'payment_mismatches',
  {
    id: pk(),
    accountId: accountId(),
    kind: text('kind', { enum: ['missing_here', 'missing_there', 'amount_differs', 'status_differs'] }).notNull(),
    providerReference: text('provider_reference').notNull(),
    paymentId: uuid('payment_id'),
    detail: text('detail').notNull(),
    foundAt: createdAt(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [index('payment_mismatches_account_idx').on(t.accountId, t.foundAt)],
);

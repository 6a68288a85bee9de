import { z } from 'zod';
import { subscriptionTier } from './accounts.ts';
import { id, timestamp } from './common.ts';

/**
 * Card payments provider (Stripe Connect, or the built-in test mode) and the organization's
 * subscription (Stripe Billing, or test mode). Specification §7 "Payments provider and subscription".
 */

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * GET/POST/DELETE /api/stripe/connect/. `status`: not_connected (nothing yet), incomplete
 * (onboarding not finished or charges not enabled: card payments are not available), connected.
 */
export const paymentConnection = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The built-in test mode: no real money moves. */
  test_mode: z.boolean(),
  status: z.enum(['not_connected', 'incomplete', 'connected']),
  /** The provider's account id (Stripe `acct_…`), when one exists. */
  external_account_id: z.string().nullable(),
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  connected_at: timestamp.nullable(),
  /** The platform's fee on card payments under the current plan, hundredths of a percent. */
  platform_fee_bp: z.number().int(),
});
export type PaymentConnection = z.infer<typeof paymentConnection>;

/** Where to send the person next (the provider's onboarding, checkout or portal page). */
export const redirectAnswer = z.object({ url: z.string() });
export type RedirectAnswer = z.infer<typeof redirectAnswer>;

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /api/subscription/: the organization's plan as the billing provider reports it. */
export const subscriptionState = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  test_mode: z.boolean(),
  tier: subscriptionTier.nullable(),
  /** Null on a free plan that was never paid for. */
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  current_period_end: timestamp.nullable(),
  cancel_at_period_end: z.boolean(),
  /** Past due: the plan's features last until then. */
  grace_until: timestamp.nullable(),
  /** Whether the billing portal can be opened (a customer exists at the provider). */
  can_manage: z.boolean(),
});
export type SubscriptionState = z.infer<typeof subscriptionState>;

/** POST /api/subscription/: change to a tier. */
export const subscriptionChangeInput = z.strictObject({
  tier_id: id,
  /** Where to come back to after paying (a path of this app, e.g. the page the guard was on). */
  return_path: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/, 'A path of this site.')
    .optional(),
});
export type SubscriptionChangeInput = z.infer<typeof subscriptionChangeInput>;
/** Either the plan changed at once (`url` null), or the person pays first at `url`. */
export const subscriptionChangeAnswer = z.object({ url: z.string().nullable(), subscription: subscriptionState });
export type SubscriptionChangeAnswer = z.infer<typeof subscriptionChangeAnswer>;

/** A reconciliation finding: our record and the provider's differ. */
export const paymentMismatch = z.object({
  id,
  kind: z.enum(['missing_here', 'missing_there', 'amount_differs', 'status_differs']),
  provider_reference: z.string(),
  payment_id: id.nullable(),
  detail: z.string(),
  found_at: timestamp,
});
export type PaymentMismatch = z.infer<typeof paymentMismatch>;
export const reconciliationAnswer = z.object({
  checked_at: timestamp.nullable(),
  checked: z.number().int(),
  mismatches: z.array(paymentMismatch),
  /** Paid checkouts that could not become orders (places gone): refunded or handed to staff. */
  late_payments: z.array(
    z.object({
      id,
      amount: z.number().int(),
      currency: z.string(),
      status: z.enum(['refunded', 'flagged']),
      problem: z.string(),
      created_at: timestamp,
    }),
  ),
});
export type ReconciliationAnswer = z.infer<typeof reconciliationAnswer>;

/** The built-in test mode's stand-ins for the provider's hosted pages (onboarding, checkout, portal). */
export const TEST_MODE_PAGES = ['onboarding', 'subscription_checkout', 'billing_portal'] as const;
export const testModePage = z.object({
  id,
  kind: z.enum(TEST_MODE_PAGES),
  organization: z.string(),
  /** What the page offers: the tier to pay for, or the subscription to manage. */
  tier: subscriptionTier.nullable(),
  subscription: subscriptionState.nullable(),
  expires_at: timestamp,
});
export type TestModePage = z.infer<typeof testModePage>;
export const testModeAction = z.strictObject({
  action: z.enum(['complete', 'cancel', 'cancel_subscription', 'fail_payment']),
});

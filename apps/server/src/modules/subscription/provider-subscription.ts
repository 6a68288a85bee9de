import type { SubscriptionStatus } from '@excursio/contract/payments';

/**
 * A billing provider's subscription as this product reads it (Stripe's object, or the test mode's
 * stand-in of the same shape), and what its status means for the organization's plan. Pure.
 */

export type ProviderSubscription = {
  id: string;
  customer: string;
  /** The provider's own status (Stripe: active, trialing, past_due, unpaid, canceled, incomplete, …). */
  status: string;
  /** The plan by its product (`excursio-<tier code>`), the provider's word on what is paid for. */
  tierCode: string | null;
  /** What we wrote on the subscription when it started (a fallback for the tier, and the account). */
  metadataTierId: string | null;
  metadataAccountId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/** The product a plan is sold as: a fixed id, so it is created once and found again. */
export const productIdOf = (tierCode: string) => `excursio-${tierCode}`;
const PRODUCT_ID = /^excursio-(.+)$/;

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null;
const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : isObj(value) && typeof value.id === 'string' ? value.id : null;
const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const seconds = (value: unknown): Date | null => (typeof value === 'number' ? new Date(value * 1000) : null);

/** Reads a subscription object (Stripe's JSON). Null when it is not one. */
export const readSubscription = (object: unknown): ProviderSubscription | null => {
  if (!isObj(object) || object.object !== 'subscription') return null;
  const id = str(object.id);
  const customer = idOf(object.customer);
  if (!id || !customer) return null;
  const items = isObj(object.items) && Array.isArray(object.items.data) ? object.items.data : [];
  const item: Obj = isObj(items[0]) ? items[0] : {};
  const price: Obj = isObj(item.price) ? item.price : {};
  const product = idOf(price.product);
  const metadata: Obj = isObj(object.metadata) ? object.metadata : {};
  return {
    id,
    customer,
    status: str(object.status) ?? 'incomplete',
    tierCode: product ? (PRODUCT_ID.exec(product)?.[1] ?? null) : null,
    metadataTierId: str(metadata.tier_id),
    metadataAccountId: str(metadata.account_id),
    // Since Stripe's 2025 API versions the period lives on the items; before, on the subscription.
    currentPeriodEnd: seconds(item.current_period_end) ?? seconds(object.current_period_end),
    cancelAtPeriodEnd: object.cancel_at_period_end === true,
  };
};

/** The subscription an invoice belongs to (an id, or the object when expanded); null for a one-off invoice. */
export const subscriptionOfInvoice = (invoice: unknown): unknown => {
  if (!isObj(invoice)) return null;
  const parent = isObj(invoice.parent) ? invoice.parent : null;
  const details = parent && isObj(parent.subscription_details) ? parent.subscription_details : null;
  // `parent.subscription_details.subscription` since 2025; `subscription` on older API versions.
  return details?.subscription ?? invoice.subscription ?? null;
};

/**
 * What a status does to the plan: `paid` → the subscription's tier; `grace` (past due) → the tier
 * until the grace period ends, then the free tier; `free` → the free tier of the account type;
 * `pending` (the first payment is still under way) → nothing changes.
 */
export type PlanEffect = 'paid' | 'grace' | 'free' | 'pending';
export const planEffectOf = (status: string): PlanEffect => {
  if (status === 'active' || status === 'trialing') return 'paid';
  if (status === 'past_due') return 'grace';
  if (status === 'incomplete') return 'pending';
  // canceled, unpaid, incomplete_expired, paused, and anything new: no paid features.
  return 'free';
};

/** The status we keep (the table's five); statuses without paid features are kept as canceled. */
export const storedStatusOf = (status: string): SubscriptionStatus => {
  if (status === 'active' || status === 'trialing' || status === 'past_due' || status === 'incomplete') return status;
  return 'canceled';
};

/** Statuses of a subscription still running at the provider (it bills, it can change plan). */
export const isLive = (status: string | null | undefined) =>
  status === 'active' || status === 'trialing' || status === 'past_due';

import type { Executor } from '../../db/client.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import { type CardPayments, cardPaymentsOf } from './provider-for.ts';

/** Who collects a resale's payment under its partnership's terms. */
export type Collector = 'reseller' | 'supplier';

/**
 * A sale in a store: the store's organization (`sellerAccountId`), the offer's owner (the supplier
 * for a resale, else the same organization) and, for a resale, who collects under the terms.
 */
export type Sale = { sellerAccountId: string; ownerAccountId: string; collector: Collector | null };

/**
 * How a sale's card payment is taken, or why it cannot be:
 * - `card`: the provider that takes the money (`unavailable` with `reason`);
 * - `resellerStripeAccount`: through Stripe, the reseller's account its commission is transferred to
 *   (null: no transfer; the statement then says the supplier owes the commission).
 */
export type SalePayments = { card: CardPayments; resellerStripeAccount: string | null; reason: string | null };

const UNAVAILABLE: CardPayments = { kind: 'unavailable' };

export const SALE_REASONS = {
  own: 'Your organization has not connected a payment provider that can take card payments.',
  supplier:
    'The supplier collects the payment under your partnership’s terms and has not connected a payment provider that can take card payments.',
  reseller:
    'Your organization collects the payment under the partnership’s terms and has not connected a payment provider that can take card payments.',
  supplierStripe:
    'Your organization collects through Stripe, which pays the supplier’s share to the supplier’s Stripe account: the supplier has not connected Stripe.',
} as const;

/**
 * The rule of who takes a sale's money (the collecting party's provider):
 * - own offer: the organization's connection;
 * - resale, the supplier collects: the supplier's connection (the reseller needs none; through
 *   Stripe its commission is transferred when it has a Stripe account too);
 * - resale, the reseller collects: the reseller's connection. Its test mode charges there; its
 *   Stripe account takes part of a destination charge to the supplier's Stripe account (split at
 *   checkout), so the supplier must be on Stripe too.
 */
export const salePaymentsOf = async (db: Executor, stripe: StripeClient | null, sale: Sale): Promise<SalePayments> => {
  const own = sale.ownerAccountId === sale.sellerAccountId || sale.collector === null;
  if (own) {
    const card = await cardPaymentsOf(db, stripe, sale.ownerAccountId);
    return { card, resellerStripeAccount: null, reason: card.kind === 'unavailable' ? SALE_REASONS.own : null };
  }
  if (sale.collector === 'supplier') {
    const card = await cardPaymentsOf(db, stripe, sale.ownerAccountId);
    if (card.kind === 'unavailable') return { card, resellerStripeAccount: null, reason: SALE_REASONS.supplier };
    if (card.kind === 'test') return { card, resellerStripeAccount: null, reason: null };
    const reseller = await cardPaymentsOf(db, stripe, sale.sellerAccountId);
    return { card, resellerStripeAccount: reseller.kind === 'stripe' ? reseller.account : null, reason: null };
  }
  const reseller = await cardPaymentsOf(db, stripe, sale.sellerAccountId);
  if (reseller.kind === 'unavailable') return { card: reseller, resellerStripeAccount: null, reason: SALE_REASONS.reseller };
  if (reseller.kind === 'test') return { card: reseller, resellerStripeAccount: null, reason: null };
  const owner = await cardPaymentsOf(db, stripe, sale.ownerAccountId);
  if (owner.kind !== 'stripe') return { card: UNAVAILABLE, resellerStripeAccount: null, reason: SALE_REASONS.supplierStripe };
  return { card: owner, resellerStripeAccount: reseller.account, reason: null };
};

/**
 * The money of a resale, pure and in integer minor units. At the sale the reseller's share is
 * frozen (`commissionAtSale`); afterwards every figure follows from the order as it is now.
 */

export type ResaleTerms = { pricingMode: 'commission' | 'net_rates'; commissionBp: number };
export type SoldLine = {
  rateId: string | null;
  party: { pricing_category_id: string; quantity: number; amount: number }[];
  extrasMinor: number;
};

/**
 * The reseller's share of a sale: a percentage of the gross (commission), or the gross less the
 * net prices of the rates sold (net rates: a category without a net price, and extras, earn the
 * reseller nothing). Rounded half up to the minor unit; never below 0 or above the gross.
 */
export const commissionAtSale = (
  terms: ResaleTerms,
  lines: readonly SoldLine[],
  netPrice: (rateId: string | null, categoryId: string) => number | null,
) => {
  const gross = lines.reduce((sum, l) => sum + l.party.reduce((s, p) => s + p.amount, 0) + l.extrasMinor, 0);
  if (terms.pricingMode === 'commission') {
    return { grossMinor: gross, commissionMinor: Math.min(gross, Math.round((gross * terms.commissionBp) / 10_000)) };
  }
  let net = 0;
  for (const line of lines) {
    net += line.extrasMinor;
    for (const p of line.party) {
      const unitNet = netPrice(line.rateId, p.pricing_category_id);
      net += unitNet === null ? p.amount : Math.min(p.amount, unitNet * p.quantity);
    }
  }
  return { grossMinor: gross, commissionMinor: Math.max(0, gross - net) };
};

export type ResaleNow = {
  grossMinor: number;
  commissionAtSaleMinor: number;
  /** What the order costs now (lines not canceled). */
  totalMinor: number;
  /** Paid − refunded. */
  collectedMinor: number;
  collector: 'reseller' | 'supplier';
  /**
   * Of `collectedMinor`, what a card provider paid straight into the supplier's account whatever
   * the terms say (Stripe destination charges), net of its refunds. 0 when none.
   */
  atSupplierMinor?: number;
  /** What the provider already transferred to the reseller from those payments, net of reversals. */
  transferredMinor?: number;
  /**
   * Refunds made through the provider of payments it split (a commission transfer), each of which
   * took back the same share of the reseller's transfer. 0 when none.
   */
  splitRefundedMinor?: number;
};

/**
 * The figures now. The commission is earned on what the customer finally pays: the order's total
 * while it stands, or what was kept of a canceled part (a cancellation fee under the supplier's
 * policy) — whichever is more — at the share frozen at the sale. The reseller is owed its commission
 * and holds what it collected plus what a card provider already transferred to it (a Stripe resale
 * pays the supplier and splits the commission off at checkout, and a refund through it reverses the
 * same share of the transfer): the difference is what it owes the supplier (negative: what the
 * supplier owes it).
 */
export const resaleFigures = (r: ResaleNow) => {
  // A refund through the split took the reseller's share of it back at once (the transfer reversed
  // in proportion): what it refunded beyond the canceled part earns no commission, so the split
  // stays the settlement instead of the supplier owing back what the provider reversed.
  const splitRefundedBeyond = Math.max(0, (r.splitRefundedMinor ?? 0) - Math.max(0, r.grossMinor - r.totalMinor));
  const commissionable = Math.max(r.totalMinor - splitRefundedBeyond, r.collectedMinor, 0);
  const commission =
    r.grossMinor > 0 ? Math.min(commissionable, Math.round((commissionable * r.commissionAtSaleMinor) / r.grossMinor)) : 0;
  const atReseller = r.collector === 'reseller' ? r.collectedMinor - (r.atSupplierMinor ?? 0) : 0;
  const resellerOwesSupplier = atReseller + (r.transferredMinor ?? 0) - commission;
  return {
    commissionableMinor: commissionable,
    commissionMinor: commission,
    netMinor: commissionable - commission,
    resellerOwesSupplier,
  };
};

/** The sentence a person reads: who owes whom how much. */
export const settlementLabel = (owes: number, names: { supplier: string; reseller: string }, money: (minor: number) => string) =>
  owes > 0
    ? `${names.reseller} owes ${names.supplier} ${money(owes)}`
    : owes < 0
      ? `${names.supplier} owes ${names.reseller} ${money(-owes)}`
      : 'Settled: nobody owes anything';

import type { Db } from '../../db/client.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import { activeCollectors } from '../partners/partners.service.ts';
import { type SalePayments, salePaymentsOf } from '../payments/sale-payments.ts';
import { storeOfferOwners } from '../stores/stores.service.ts';

type StorePaymentRules = { paymentMode: 'full' | 'deposit' | 'none'; reserveWithoutPayment: boolean };

/**
 * Whether the offers of one organization's stores can be paid, per offer owner: the organization's
 * own offers through its connection, a supplier's through the party its partnership's terms name
 * as collector. One answer per owner (there is one active partnership per pair), read once.
 */
export const payabilityFor = async (db: Db, stripe: StripeClient | null, sellerAccountId: string) => {
  const collectors = new Map((await activeCollectors(db, sellerAccountId)).map((c) => [c.supplierAccountId, c.collector]));
  const known = new Map<string, Promise<SalePayments>>();
  return (ownerAccountId: string) => {
    let answer = known.get(ownerAccountId);
    if (!answer) {
      const collector = ownerAccountId === sellerAccountId ? null : (collectors.get(ownerAccountId) ?? 'reseller');
      answer = salePaymentsOf(db, stripe, { sellerAccountId, ownerAccountId, collector });
      known.set(ownerAccountId, answer);
    }
    return answer;
  };
};

/** What the visitor's offer page says about paying for an offer of `owner` in this store. */
export const offerPayment = async (
  db: Db,
  stripe: StripeClient | null,
  sellerAccountId: string,
  store: StorePaymentRules,
  ownerAccountId: string,
) => {
  if (store.paymentMode === 'none') return { available: true, test_mode: false, pay_later: false };
  const { card } = await (await payabilityFor(db, stripe, sellerAccountId))(ownerAccountId);
  const available = card.kind !== 'unavailable';
  return { available, test_mode: card.kind === 'test', pay_later: !available && store.reserveWithoutPayment };
};

/** The reason per offer row (null: it can be paid, or the store takes no payment). */
export const withPaymentReasons = async <T extends { supplier: { id: string }; payment_unavailable_reason: string | null }>(
  db: Db,
  stripe: StripeClient | null,
  sellerAccountId: string,
  store: StorePaymentRules | null,
  rows: T[],
): Promise<T[]> => {
  if (store?.paymentMode === 'none') return rows;
  const of = await payabilityFor(db, stripe, sellerAccountId);
  return Promise.all(rows.map(async (r) => ({ ...r, payment_unavailable_reason: (await of(r.supplier.id)).reason })));
};

/**
 * The warning for a store whose visitors cannot pay for some of its offers (null: all can be paid,
 * or it takes no payment): a warning on activation, never a refusal — the organization or its
 * supplier may connect a provider later, and until then the offer page says so before any hold.
 */
export const storePaymentWarning = async (
  db: Db,
  stripe: StripeClient | null,
  sellerAccountId: string,
  store: StorePaymentRules & { id: string },
) => {
  if (store.paymentMode === 'none') return null;
  const of = await payabilityFor(db, stripe, sellerAccountId);
  const reasons = new Set<string>();
  for (const owner of await storeOfferOwners(db, store.id)) {
    const { reason } = await of(owner);
    if (reason) reasons.add(reason);
  }
  if (reasons.size === 0) return null;
  const then = store.reserveWithoutPayment
    ? 'Visitors can only reserve them and pay later.'
    : 'Visitors cannot book them until this is fixed.';
  return `Some offers of this store cannot be paid: ${[...reasons].join(' ')} ${then}`;
};

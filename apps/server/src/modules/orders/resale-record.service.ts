import type { Executor } from '../../db/client.ts';
import { refusedByState } from '../../http/app-error.ts';
import { commissionAtSale, type SoldLine } from './resale-money.ts';
import { insertResale, lockPartnershipForSale, netPricesOf } from './resale-record.repository.ts';

/** A sale by a reseller: the partnership it is made under, and where it was sold. */
export type ResaleInput = { partnershipId: string; storeId: string | null; sellerUserId: string | null };

/**
 * Writes the resale beside its order (same transaction): the partnership must still be active —
 * read under a share lock, so pausing or ending it waits for this sale or refuses it — and the
 * reseller's share is frozen from its terms now.
 */
export const recordResaleInTx = async (
  tx: Executor,
  accountId: string,
  orderId: string,
  resale: ResaleInput,
  sold: SoldLine[],
  now: Date,
) => {
  const terms = await lockPartnershipForSale(tx, resale.partnershipId);
  if (terms?.status !== 'active' || terms.supplierAccountId !== accountId || !terms.resellerAccountId) {
    throw refusedByState('partnership_not_active', 'This offer is no longer sold here: the partnership was paused or ended.');
  }
  const netPrice = await netPricesOf(
    tx,
    accountId,
    sold.flatMap((l) => (l.rateId ? [l.rateId] : [])),
  );
  const { grossMinor, commissionMinor } = commissionAtSale(terms, sold, netPrice);
  return insertResale(tx, {
    orderId,
    accountId,
    resellerAccountId: terms.resellerAccountId,
    partnershipId: resale.partnershipId,
    storeId: resale.storeId,
    sellerUserId: resale.sellerUserId,
    pricingMode: terms.pricingMode,
    commissionBp: terms.pricingMode === 'commission' ? terms.commissionBp : null,
    paymentCollector: terms.paymentCollector,
    grossMinor,
    commissionMinor,
    createdAt: now,
  });
};

/**
 * What the reseller would earn on these lines under the partnership's terms now (a card checkout's
 * split, before the order exists; the resale freezes it again when the order is written).
 */
export const commissionForSale = async (db: Executor, accountId: string, partnershipId: string, sold: SoldLine[]) => {
  const terms = await lockPartnershipForSale(db, partnershipId);
  if (!terms || terms.supplierAccountId !== accountId || !terms.resellerAccountId) return null;
  const netPrice = await netPricesOf(
    db,
    accountId,
    sold.flatMap((l) => (l.rateId ? [l.rateId] : [])),
  );
  return { resellerAccountId: terms.resellerAccountId, ...commissionAtSale(terms, sold, netPrice) };
};

import type { webstoreOrderInput } from '@excursio/contract/webstore';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, invalid } from '../../http/app-error.ts';
import { holdsForCheckout } from '../availability/reservations.service.ts';
import { pricedExtrasAndAnswers } from '../cart/cart.service.ts';
import type { PlacedLine } from '../orders/place-order.service.ts';
import type { SoldLine } from '../orders/resale-money.ts';
import { saleTermsFor } from '../partners/partners.service.ts';
import type { Collector } from '../payments/sale-payments.ts';
import { type PublicStoreRow, visibleOfferIds } from './webstore.repository.ts';

type Input = z.output<typeof webstoreOrderInput>;

export const gone = (detail: string) => new AppError(409, [{ code: 'hold_expired', detail, attr: 'lines' }]);

/**
 * A visitor's order checked before any money moves: the holds are the visitor's (the store
 * organization's, or — for a resold offer — its supplier's under this organization's partnership),
 * still holding, on offers the store sells, in its currency; one owner per order; extras priced by
 * their items and answers checked (prices never come from the client).
 */
export const checkWebstoreOrder = async (db: Db, accountId: string, store: PublicStoreRow, input: Input, now: Date) => {
  const found = await holdsForCheckout(
    db,
    accountId,
    input.lines.map((l) => l.hold_id),
    now,
  );
  const owners = found.map((f) => f?.owner ?? null);
  const owner = owners.find((o) => o !== null) ?? accountId;
  const mixed = owners.findIndex((o) => o !== null && o !== owner);
  if (mixed >= 0) {
    throw invalid(
      `lines.${mixed}.hold_id`,
      'These offers come from different operators: book them in separate orders.',
      'mixed_operators',
    );
  }
  // Every hold found is the owner's (mixed owners were refused above).
  const holds = found.map((f) => f?.hold ?? null);
  const sold = await visibleOfferIds(
    db,
    accountId,
    store.id,
    holds.flatMap((h) => (h ? [h.experienceId] : [])),
  );
  const lines: PlacedLine[] = [];
  const soldLines: SoldLine[] = [];
  let partnershipId: string | null = null;
  let collector: Collector | null = null;
  for (const [index, hold] of holds.entries()) {
    if (!hold || !sold.has(hold.experienceId)) {
      throw invalid(`lines.${index}.hold_id`, 'This reservation is not one of this store’s.', 'does_not_exist');
    }
    if (owner !== accountId) {
      // Resold: still shared under the partnership the hold was made under (checked again, under
      // a lock, when the order is written).
      const terms = await saleTermsFor(db, accountId, hold.experienceId);
      if (!terms || terms.id !== hold.partnershipId) {
        throw new AppError(409, [
          { code: 'partnership_not_active', detail: 'This offer is no longer sold here.', attr: `lines.${index}.hold_id` },
        ]);
      }
      partnershipId = terms.id;
      collector = terms.paymentCollector;
    }
    if (!hold.holding) {
      throw gone('Your reservation has expired and its places were released. Please choose your time again.');
    }
    if (hold.currency !== store.currency) {
      throw invalid(`lines.${index}.hold_id`, `This reservation is in ${hold.currency}; the store sells in ${store.currency}.`);
    }
    const line = input.lines[index];
    const priced = await pricedExtrasAndAnswers(db, owner, hold.experienceId, hold.currency, line).catch((error: unknown) => {
      if (error instanceof AppError) {
        throw new AppError(
          400,
          error.items.map((i) => ({ ...i, attr: i.attr ? `lines.${index}.${i.attr}` : i.attr })),
        );
      }
      throw error;
    });
    lines.push({ holdId: hold.id, ...priced });
    soldLines.push({ rateId: hold.rateId, party: hold.party, extrasMinor: priced.extrasMinor });
  }
  const totalMinor = holds.reduce((sum, h) => sum + (h?.totalMinor ?? 0), 0) + lines.reduce((sum, l) => sum + l.extrasMinor, 0);
  return { owner, lines, soldLines, partnershipId, collector, totalMinor };
};

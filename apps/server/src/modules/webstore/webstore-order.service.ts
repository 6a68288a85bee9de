import type { WebstoreOrderResponse, webstoreOrderInput } from '@excursio/contract/webstore';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, invalid } from '../../http/app-error.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { holdAccountFor, holdForCheckout } from '../availability/reservations.service.ts';
import { pricedExtrasAndAnswers } from '../cart/cart.service.ts';
import { orderOfCheckout, type PlacedLine, placeOrderFromHolds } from '../orders/place-order.service.ts';
import { saleTermsFor } from '../partners/partners.service.ts';
import { type PublicStoreRow, visibleOfferIds } from './webstore.repository.ts';

type Input = z.output<typeof webstoreOrderInput>;
type OrderDetail = Awaited<ReturnType<typeof placeOrderFromHolds>>;

/** What a visitor pays now: everything, the store's deposit share, or nothing. */
export const amountDue = (store: Pick<PublicStoreRow, 'paymentMode' | 'depositPercent'>, totalMinor: number) =>
  store.paymentMode === 'full'
    ? totalMinor
    : store.paymentMode === 'deposit'
      ? Math.round((totalMinor * store.depositPercent) / 100)
      : 0;

const answer = (order: OrderDetail, testMode: boolean): WebstoreOrderResponse => ({
  session_id: order.session_id ?? '',
  reference: order.reference,
  status: order.status,
  payment_status: order.payment_status,
  currency: order.currency,
  total: order.total,
  paid: order.paid,
  payment_test_mode: testMode && order.payments.some((p) => p.test_mode),
  checkout_url: null,
});

const gone = (detail: string) => new AppError(409, [{ code: 'hold_expired', detail, attr: 'lines' }]);

/**
 * POST /api/webstores/order/: the visitor's holds become one order of the store.
 *
 * 1. A repeated request (same idempotency key → same checkout session) answers the order it made.
 * 2. The holds are checked: the visitor's, still holding, on offers the store sells, in its
 *    currency; extras are priced by their items and answers checked (prices never come from the
 *    client).
 * 3. The amount due is charged through the provider, outside any transaction, with an idempotency
 *    key of ours; a decline answers 402 and changes nothing (the holds still hold).
 * 4. One transaction converts the holds (under their slots' locks) and writes the order with the
 *    payment. If a hold expired between 2 and 4 and its places were taken, nothing is written and
 *    the charge is refunded at once: never an oversell, never money kept without an order.
 */
export const placeWebstoreOrder = async (
  db: Db,
  accountId: string,
  store: PublicStoreRow,
  input: Input,
  deps: { now: Date; sessionId: string; provider: PaymentProvider; log: (message: string, data: object) => void },
) => {
  const testMode = deps.provider.testMode;
  const earlier = await orderOfCheckout(db, accountId, deps.sessionId);
  if (earlier) return { order: answer(earlier, testMode), id: earlier.id, accountId: null, replayed: true };

  // A hold is the store organization's, or — for a resold offer — its supplier's, made under a
  // partnership of this organization. One order has one owner: its lines must share it.
  const owners = await Promise.all(input.lines.map((l) => holdAccountFor(db, accountId, l.hold_id)));
  const owner = owners.find((o) => o !== null) ?? accountId;
  const mixed = owners.findIndex((o) => o !== null && o !== owner);
  if (mixed >= 0) {
    throw invalid(
      `lines.${mixed}.hold_id`,
      'These offers come from different operators: book them in separate orders.',
      'mixed_operators',
    );
  }
  const holds = await Promise.all(
    input.lines.map((l, i) => (owners[i] ? holdForCheckout(db, owner, l.hold_id, deps.now) : Promise.resolve(null))),
  );
  const sold = await visibleOfferIds(
    db,
    accountId,
    store.id,
    holds.flatMap((h) => (h ? [h.experienceId] : [])),
  );
  const lines: PlacedLine[] = [];
  let partnershipId: string | null = null;
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
  }
  const totalMinor = holds.reduce((sum, h) => sum + (h?.totalMinor ?? 0), 0) + lines.reduce((sum, l) => sum + l.extrasMinor, 0);
  const due = amountDue(store, totalMinor);
  if (due > 0 && !input.payment_token) throw invalid('payment_token', 'Enter your card details to pay.', 'required');

  const key = `webstore:${deps.sessionId}`;
  let payment = null;
  if (due > 0 && input.payment_token) {
    const charged = await deps.provider
      .charge({
        amountMinor: due,
        currency: store.currency,
        idempotencyKey: `${accountId}:${key}`,
        paymentToken: input.payment_token,
      })
      .catch(() => ({ status: 'failed' as const, reference: null }));
    if (charged.status !== 'succeeded') {
      throw new AppError(402, [
        {
          code: 'payment_declined',
          detail: 'Your card was declined: nothing was charged. Try another card.',
          attr: 'payment_token',
        },
      ]);
    }
    payment = { amountMinor: due, provider: deps.provider.name, reference: charged.reference, idempotencyKey: key };
  }

  try {
    const order = await placeOrderFromHolds(
      db,
      owner,
      {
        lines,
        contact: { ...input.contact },
        note: input.note,
        storeId: owner === accountId ? store.id : null,
        sessionId: deps.sessionId,
        payment,
        resale: partnershipId ? { partnershipId, storeId: store.id, sellerUserId: null } : null,
      },
      deps.now,
    );
    return { order: answer(order, testMode), id: order.id, accountId: owner, replayed: false };
  } catch (error) {
    // A twin request (same key, so the same session and the same charge) made the order first:
    // its hold is converted, or its session taken. Answer that order; the charge is its charge.
    const twin = await orderOfCheckout(db, accountId, deps.sessionId);
    if (twin) return { order: answer(twin, testMode), id: twin.id, accountId: null, replayed: true };
    if (!payment) throw error;
    // The places went between the check and the booking: the money goes back at once.
    const refunded = await deps.provider
      .refund({ amountMinor: payment.amountMinor, currency: store.currency, idempotencyKey: `${accountId}:refund:${key}` })
      .catch(() => ({ status: 'failed' as const, reference: null }));
    deps.log('webstore payment refunded: the order could not be made', {
      accountId,
      storeId: store.id,
      charge: payment.reference,
      refund: refunded.reference,
      refundStatus: refunded.status,
    });
    if (error instanceof AppError && error.items.some((i) => i.code === 'partnership_not_active')) {
      throw new AppError(409, [
        {
          code: 'partnership_not_active',
          detail:
            refunded.status === 'succeeded'
              ? 'This offer is no longer sold here. Your payment was refunded in full.'
              : 'This offer is no longer sold here. Your payment will be refunded: please contact the store.',
          attr: 'lines',
        },
      ]);
    }
    if (error instanceof AppError && error.statusCode === 409) {
      throw gone(
        refunded.status === 'succeeded'
          ? 'Your reservation expired and its places were taken meanwhile. Your payment was refunded in full.'
          : 'Your reservation expired and its places were taken meanwhile. Your payment will be refunded: please contact the store.',
      );
    }
    throw error;
  }
};

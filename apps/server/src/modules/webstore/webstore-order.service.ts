import type { WebstoreOrderResponse, webstoreOrderInput } from '@excursio/contract/webstore';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, invalid } from '../../http/app-error.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import { extendHoldUntil } from '../availability/reservations.service.ts';
import { orderReference } from '../orders/order-wire.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import { orderOfCheckout, placeOrderFromHoldsRow, type TakenPayment } from '../orders/place-order.service.ts';
import { commissionForSale } from '../orders/resale-record.service.ts';
import { type CheckoutRequest, openCheckoutPage, startCardCheckout } from '../payments/card-checkout.service.ts';
import { type CheckoutRow, checkoutBySession } from '../payments/card-checkouts.repository.ts';
import { salePaymentsOf } from '../payments/sale-payments.ts';
import type { PublicStoreRow } from './webstore.repository.ts';
import { checkWebstoreOrder, gone } from './webstore-order-check.ts';

type Input = z.output<typeof webstoreOrderInput>;
type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderOfCheckout>>>;
type Deps = {
  now: Date;
  sessionId: string;
  stripe: StripeClient | null;
  config: Pick<Config, 'APP_PROTOCOL' | 'APP_DOMAIN' | 'STRIPE_CHECKOUT_MINUTES'>;
  log: (message: string, data: object) => void;
};

/** What a visitor pays now: everything, the store's deposit share, or nothing. */
export const amountDue = (store: Pick<PublicStoreRow, 'paymentMode' | 'depositPercent'>, totalMinor: number) =>
  store.paymentMode === 'full'
    ? totalMinor
    : store.paymentMode === 'deposit'
      ? Math.round((totalMinor * store.depositPercent) / 100)
      : 0;

const answer = (order: OrderDetail): WebstoreOrderResponse => ({
  session_id: order.session_id ?? '',
  reference: order.reference,
  status: order.status,
  payment_status: order.payment_status,
  currency: order.currency,
  total: order.total,
  paid: order.paid,
  payment_test_mode: order.payments.some((p) => p.test_mode),
  checkout_url: null,
});

/**
 * The answer of an order just written, from its row and the payment taken with it (its only
 * movement): what `answer` reads back from the database, without reading it back.
 */
const answerOfPlaced = (order: OrderRow, payment: TakenPayment | null): WebstoreOrderResponse => ({
  session_id: order.checkoutSessionId ?? '',
  reference: orderReference(order.number, order.referencePrefix),
  status: order.status,
  payment_status: order.paymentStatus,
  currency: order.currency,
  total: order.totalMinor,
  paid: payment?.amountMinor ?? 0,
  payment_test_mode: payment?.provider === 'test',
  checkout_url: null,
});

/** No order yet: the visitor pays at `url` first (Stripe Checkout). */
const toCheckout = (sessionId: string, currency: string, totalMinor: number, url: string | null): WebstoreOrderResponse => ({
  session_id: sessionId,
  reference: '',
  status: 'created',
  payment_status: 'not_paid',
  currency,
  total: totalMinor,
  paid: 0,
  payment_test_mode: false,
  checkout_url: url,
});

export const paymentUnavailable = () =>
  new AppError(409, [
    { code: 'payment_unavailable', detail: 'Card payments are not available at this store right now.', attr: null },
  ]);

/**
 * POST /api/webstores/order/: the visitor's holds become one order of the store.
 *
 * 1. A repeated request (same idempotency key → same checkout session) answers the order it made, or
 *    the card checkout it opened.
 * 2. The holds are checked (webstore-order-check.ts).
 * 3. The amount due is paid through the collecting party's provider (the owner's, or for a resale the
 *    one its terms name: modules/payments/sale-payments.ts):
 *    - test mode: charged at once through the test-mode provider with the card token, outside any
 *      transaction, with our idempotency key; a decline answers 402 and changes nothing;
 *    - Stripe: a Checkout Session is opened and its URL answered (`checkout_url`); the order is
 *      made when the payment is confirmed (modules/payments/fulfilment.service.ts);
 *    - none: 409 `payment_unavailable` — unless the store reserves without payment: the order is
 *      made unpaid (nothing due now; `payment_status` not_paid says so).
 * 4. One transaction converts the holds (under their slots' locks) and writes the order with the
 *    payment. If a hold expired between 2 and 4 and its places were taken, nothing is written and
 *    the charge is refunded at once: never an oversell, never money kept without an order.
 */
export const placeWebstoreOrder = async (db: Db, accountId: string, store: PublicStoreRow, input: Input, deps: Deps) => {
  const earlier = await orderOfCheckout(db, accountId, deps.sessionId);
  if (earlier) return { order: answer(earlier), id: earlier.id, accountId: null, replayed: true };
  // Only Stripe opens card checkouts: without it there is none to resume.
  const opened = deps.stripe ? await checkoutBySession(db, deps.sessionId) : null;
  if (opened && deps.stripe) return resumeCheckout(db, store, deps, opened);

  const checked = await checkWebstoreOrder(db, accountId, store, input, deps.now);
  const { owner, lines, partnershipId, collector, totalMinor } = checked;
  let due = amountDue(store, totalMinor);
  const resale = partnershipId ? { partnershipId, storeId: store.id, sellerUserId: null } : null;
  const request: CheckoutRequest = {
    lines,
    contact: { ...input.contact },
    note: input.note,
    storeId: owner === accountId ? store.id : null,
    language: input.language ?? store.languages[0],
    resale,
  };
  // The collecting party's provider takes the money (modules/payments/sale-payments.ts).
  const sale =
    due > 0 ? await salePaymentsOf(db, deps.stripe, { sellerAccountId: accountId, ownerAccountId: owner, collector }) : null;
  const card = sale?.card ?? null;
  if (card?.kind === 'unavailable') {
    if (!store.reserveWithoutPayment) throw paymentUnavailable();
    due = 0; // Reserved now, paid later (at the desk, or as the operator arranges).
  }
  if (card?.kind === 'stripe' && due > 0) {
    // The places hold while the visitor is on Stripe's page: until the session expires. A hold that
    // ran out meanwhile cannot be extended (the engine's rule): the visitor chooses again, before paying.
    const until = new Date(deps.now.getTime() + deps.config.STRIPE_CHECKOUT_MINUTES * 60_000);
    for (const line of lines) {
      await extendHoldUntil(db, owner, line.holdId, until, deps.now).catch(() => {
        throw gone('Your reservation has expired and its places were released. Please choose your time again.');
      });
    }
    const commission = resale ? await commissionForSale(db, owner, resale.partnershipId, checked.soldLines) : null;
    const { url } = await startCardCheckout(
      { db, stripe: card.stripe, config: deps.config, now: deps.now },
      {
        sessionId: deps.sessionId,
        storeAccountId: accountId,
        store: { id: store.id, name: store.name },
        owner: { accountId: owner, externalAccountId: card.account },
        reseller:
          commission && sale?.resellerStripeAccount
            ? { accountId, externalAccountId: sale.resellerStripeAccount, commissionMinor: commission.commissionMinor }
            : null,
        amountMinor: due,
        currency: store.currency,
        request: { ...request, orderTotalMinor: totalMinor },
      },
    );
    return { order: toCheckout(deps.sessionId, store.currency, totalMinor, url), id: null, accountId: null, replayed: false };
  }
  const provider = card?.kind === 'test' && due > 0 ? card.provider : null;
  if (provider && !input.payment_token) throw invalid('payment_token', 'Enter your card details to pay.', 'required');
  const key = `webstore:${deps.sessionId}`;
  const payment = provider ? await chargeNow(provider, accountId, store.currency, due, key, input.payment_token ?? '') : null;
  try {
    const order = await placeOrderFromHoldsRow(db, owner, { ...request, sessionId: deps.sessionId, payment }, deps.now);
    return { order: answerOfPlaced(order, payment), id: order.id, accountId: owner, replayed: false };
  } catch (error) {
    // A twin request (same key, so the same session and the same charge) made the order first:
    // its hold is converted, or its session taken. Answer that order; the charge is its charge.
    const twin = await orderOfCheckout(db, accountId, deps.sessionId);
    if (twin) return { order: answer(twin), id: twin.id, accountId: null, replayed: true };
    if (!payment || !provider) throw error;
    throw await refundAtOnce(provider, accountId, store, payment, key, error, deps.log);
  }
};

/** The test mode's immediate charge: a decline answers 402 and changes nothing (the holds still hold). */
const chargeNow = async (
  provider: PaymentProvider,
  accountId: string,
  currency: string,
  due: number,
  key: string,
  token: string,
): Promise<TakenPayment> => {
  const charged = await provider
    .charge({ amountMinor: due, currency, idempotencyKey: `${accountId}:${key}`, paymentToken: token })
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
  return { amountMinor: due, provider: provider.name, reference: charged.reference, idempotencyKey: key };
};

/** The places went between the check and the booking: the money goes back at once. */
const refundAtOnce = async (
  provider: PaymentProvider,
  accountId: string,
  store: PublicStoreRow,
  payment: TakenPayment,
  key: string,
  error: unknown,
  log: Deps['log'],
) => {
  const refunded = await provider
    .refund({ amountMinor: payment.amountMinor, currency: store.currency, idempotencyKey: `${accountId}:refund:${key}` })
    .catch(() => ({ status: 'failed' as const, reference: null }));
  log('webstore payment refunded: the order could not be made', {
    accountId,
    storeId: store.id,
    charge: payment.reference,
    refund: refunded.reference,
    refundStatus: refunded.status,
  });
  if (error instanceof AppError && error.items.some((i) => i.code === 'partnership_not_active')) {
    return new AppError(409, [
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
    return gone(
      refunded.status === 'succeeded'
        ? 'Your reservation expired and its places were taken meanwhile. Your payment was refunded in full.'
        : 'Your reservation expired and its places were taken meanwhile. Your payment will be refunded: please contact the store.',
    );
  }
  return error;
};

/**
 * A repeated request for an attempt that opened a card checkout: its page again while it is open
 * (the same Checkout Session: its idempotency key is the checkout's id); what became of it otherwise.
 */
const resumeCheckout = async (db: Db, store: PublicStoreRow, deps: Deps, checkout: CheckoutRow) => {
  if (checkout.status === 'open' && deps.stripe) {
    const { url } = await openCheckoutPage({ db, stripe: deps.stripe, config: deps.config, now: deps.now }, checkout, store.name);
    const total = (checkout.request as unknown as CheckoutRequest).orderTotalMinor ?? checkout.amountMinor;
    return { order: toCheckout(deps.sessionId, checkout.currency, total, url), id: null, accountId: null, replayed: true };
  }
  if (checkout.status === 'expired') throw gone('Your payment page expired before you paid. Please choose your time again.');
  throw gone('Your payment came after your reservation expired and its places were taken. It was refunded in full.');
};

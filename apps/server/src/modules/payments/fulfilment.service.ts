import type Stripe from 'stripe';
import { AppError } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { noticeCheckoutFlagged } from '../notifications/notices.ts';
import { noticeOrder } from '../orders/order-notices.service.ts';
import { findPaymentByKey } from '../orders/orders.repository.ts';
import { placeOrderFromHoldsInTx } from '../orders/place-order.service.ts';
import type { CheckoutRequest } from './card-checkout.service.ts';
import {
  type CheckoutRow,
  findCheckout,
  lockCheckout,
  setPaymentTransfers,
  updateCheckout,
} from './card-checkouts.repository.ts';
import { resellerPart, type SplitPart } from './split.ts';

/**
 * The one fulfilment of a paid card checkout, called by the success redirect and by the webhooks
 * (`checkout.session.completed`, and `charge.refunded` when it comes first), as often and as
 * concurrently as they like:
 *
 * 1. The session is read again from Stripe (never the event's copy): unpaid → nothing (expired →
 *    the checkout is marked expired).
 * 2. Paid: behind the checkout's row lock, if still open, the holds become the order with the
 *    payment (provider stripe, reference = the payment intent, the connected account) in a
 *    savepoint; the checkout is marked completed with its order. A second caller waits on the lock
 *    and finds it completed: one order, one payment, one confirmation email (sent by the caller
 *    that made the order).
 * 3. The order could not be made (the hold expired and its places were sold meanwhile, the
 *    partnership ended): the checkout is flagged with the problem in the same transaction, then the
 *    payment is refunded in full (idempotency key from the checkout id) and marked refunded — never
 *    an oversell. A refund that fails stays flagged for staff (reconciliation lists it).
 * 4. A resale's commission is transferred to the reseller's account once (idempotency key from the
 *    checkout id, `source_transaction` = the charge), recorded on the payment's `transfers`.
 */

type Log = (message: string, data: object) => void;
export type Fulfilment = { checkout: CheckoutRow; created: boolean };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

const problemOf = (error: AppError) => {
  const codes = error.items.map((i) => i.code);
  if (codes.includes('partnership_not_active'))
    return 'Paid after the partnership was paused or ended: the offer is no longer sold there.';
  if (
    codes.includes('hold_not_active') ||
    codes.includes('hold_expired') ||
    codes.includes('sold_out') ||
    error.statusCode === 409
  ) {
    return 'Paid after the reservation expired and its places were sold: no order was made.';
  }
  return `Paid, but the order could not be made: ${error.message}`;
};

export const fulfilCheckout = async (ctx: AppContext, checkoutId: string, log: Log): Promise<Fulfilment | null> => {
  const { db, stripe } = ctx;
  const checkout = await findCheckout(db, checkoutId);
  if (!checkout || !stripe) return checkout ? { checkout, created: false } : null;
  if (checkout.status === 'completed') {
    await transferCommission(ctx, checkout);
    return { checkout, created: false };
  }
  if (checkout.status === 'flagged') return { checkout: await refundLatePayment(ctx, checkout, log), created: false };
  if (checkout.status !== 'open' || !checkout.providerSessionId) return { checkout, created: false };

  // 1. What Stripe says now.
  const session = await stripe.checkout.sessions.retrieve(checkout.providerSessionId);
  if (session.payment_status !== 'paid') {
    if (session.status !== 'expired') return { checkout, created: false };
    const expired = await updateCheckout(db, checkout.id, { status: 'expired' }, ['open']);
    return { checkout: expired ?? (await findCheckout(db, checkout.id)) ?? checkout, created: false };
  }
  const paymentIntentId = idOf(session.payment_intent);
  if (!paymentIntentId) return { checkout, created: false };
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  const { orderTotalMinor: _total, ...request } = checkout.request as unknown as CheckoutRequest;
  const now = ctx.clock();

  // 2. Exactly once, behind the checkout's lock.
  const outcome = await db.transaction(async (tx) => {
    const locked = await lockCheckout(tx, checkout.id);
    if (locked?.status !== 'open') return { created: false, row: locked ?? checkout, confirmed: false };
    try {
      const order = await tx.transaction((savepoint) =>
        placeOrderFromHoldsInTx(
          savepoint,
          locked.accountId,
          {
            ...request,
            sessionId: locked.sessionId,
            payment: {
              amountMinor: intent.amount_received || locked.amountMinor,
              provider: 'stripe',
              reference: intent.id,
              providerAccount: idOf(intent.transfer_data?.destination),
              idempotencyKey: `checkout:${locked.id}`,
            },
          },
          now,
        ),
      );
      const row = await updateCheckout(tx, locked.id, { status: 'completed', orderId: order.id, providerPaymentId: intent.id });
      return { created: true, row: row ?? locked, confirmed: order.status === 'confirmed' };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // 3. Paid, but no order can be made: flagged now, refunded below.
      const problem = problemOf(error);
      const row = await updateCheckout(tx, locked.id, { status: 'flagged', problem, providerPaymentId: intent.id });
      await noticeCheckoutFlagged(tx, { ...locked, problem });
      return { created: false, row: row ?? locked, confirmed: false };
    }
  });
  if (outcome.row.status === 'flagged') return { checkout: await refundLatePayment(ctx, outcome.row, log), created: false };
  if (outcome.created && outcome.row.orderId) {
    await noticeOrder(ctx, outcome.row.accountId, outcome.row.orderId, { kind: outcome.confirmed ? 'confirmed' : 'requested' });
  }
  if (outcome.row.status === 'completed') await transferCommission(ctx, outcome.row);
  return { checkout: outcome.row, created: outcome.created };
};

/** Step 3: the whole payment goes back (once: the key is the checkout's); failing that, staff take over. */
const refundLatePayment = async (ctx: AppContext, checkout: CheckoutRow, log: Log) => {
  if (!ctx.stripe || !checkout.providerPaymentId) return checkout;
  try {
    const refund = await ctx.stripe.refunds.create(
      {
        payment_intent: checkout.providerPaymentId,
        reverse_transfer: true,
        refund_application_fee: true,
        metadata: { checkout_id: checkout.id },
      },
      { idempotencyKey: `checkout-refund:${checkout.id}` },
    );
    log('card checkout paid too late: refunded in full', { checkout: checkout.id, refund: refund.id });
    const problem = `${checkout.problem ?? 'Paid, but no order could be made.'} Refunded in full (${refund.id}).`;
    return (await updateCheckout(ctx.db, checkout.id, { status: 'refunded', problem }, ['flagged'])) ?? checkout;
  } catch (error) {
    log('card checkout paid too late: the refund failed, staff must refund it', { checkout: checkout.id, error: String(error) });
    return checkout;
  }
};

/** Step 4: a resale's commission to the reseller's connected account, once. */
const transferCommission = async (ctx: AppContext, checkout: CheckoutRow) => {
  const part = resellerPart(checkout.split as unknown as SplitPart[]);
  if (!ctx.stripe || !part?.external_account_id || !checkout.providerPaymentId) return;
  const payment = await findPaymentByKey(ctx.db, checkout.accountId, `checkout:${checkout.id}`);
  if (!payment || payment.transfers.length > 0) return;
  const intent: Stripe.PaymentIntent = await ctx.stripe.paymentIntents.retrieve(checkout.providerPaymentId);
  const charge = idOf(intent.latest_charge);
  if (!charge) return;
  const transfer = await ctx.stripe.transfers.create(
    {
      amount: part.amount,
      currency: checkout.currency.toLowerCase(),
      destination: part.external_account_id,
      source_transaction: charge,
      transfer_group: checkout.id,
      metadata: { checkout_id: checkout.id, payment_id: payment.id },
    },
    { idempotencyKey: `transfer:${checkout.id}` },
  );
  await setPaymentTransfers(ctx.db, payment.id, [
    { account: part.external_account_id, transfer: transfer.id, amount: part.amount },
  ]);
};

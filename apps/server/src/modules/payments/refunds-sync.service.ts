import type Stripe from 'stripe';
import type { AppContext } from '../../http/types.ts';
import { auditMovement, auditOrder } from '../orders/order-audit.ts';
import { restateOrder, settleDueByRefund } from '../orders/order-money.service.ts';
import { noticeOrder } from '../orders/order-notices.service.ts';
import { insertPayment, lockOrder, paymentsOfOrder } from '../orders/orders.repository.ts';
import { emitPaymentEvent } from '../webhooks/events.ts';
import { findCheckout } from './card-checkouts.repository.ts';
import { fulfilCheckout } from './fulfilment.service.ts';

type Log = (message: string, data: object) => void;

/**
 * A refund made on the provider's side (the Stripe dashboard) that we have no record of: recorded
 * once, as a refund movement of the order (idempotency key `stripe-refund:{re_…}`), and the
 * customer gets the refund notice. Refunds we made ourselves carry our row id (`metadata.payment_id`)
 * or our checkout id (a late payment's refund) and are skipped.
 */
const ours = (refund: Stripe.Refund) => !!refund.metadata?.payment_id || !!refund.metadata?.checkout_id;

/**
 * On `charge.refunded` (and whenever else): re-reads the payment intent and its refunds. If the
 * checkout was not fulfilled yet (the refund event came first), it is fulfilled first, so the
 * refund has an order to be recorded on.
 */
export const syncStripeRefunds = async (ctx: AppContext, paymentIntentId: string, log: Log) => {
  const { db, stripe } = ctx;
  if (!stripe) return;
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  const checkoutId = intent.metadata?.checkout_id;
  if (!checkoutId) return;
  let checkout = await findCheckout(db, checkoutId);
  if (!checkout) return;
  if (checkout.status === 'open') checkout = (await fulfilCheckout(ctx, checkout.id, log))?.checkout ?? checkout;
  // A refunded late payment's refund is ours; an order only exists for a completed checkout.
  if (checkout.status !== 'completed' || !checkout.orderId) return;
  const refunds = await stripe.refunds.list({ payment_intent: intent.id, limit: 100 });
  const theirs = refunds.data.filter((r) => !ours(r) && (r.status === 'succeeded' || r.status === 'pending'));
  if (theirs.length === 0) return;
  const accountId = checkout.accountId;
  const orderId = checkout.orderId;
  const recorded = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, accountId, orderId);
    if (!order) return [];
    const movements = await paymentsOfOrder(tx, accountId, orderId);
    const known = new Set(movements.map((m) => m.providerReference).filter(Boolean));
    const added = [];
    for (const refund of theirs) {
      if (known.has(refund.id)) continue;
      added.push(
        await insertPayment(tx, {
          accountId,
          orderId,
          kind: 'refund',
          method: 'card',
          amountMinor: refund.amount,
          status: 'succeeded',
          provider: 'stripe',
          providerReference: refund.id,
          providerAccount: typeof intent.transfer_data?.destination === 'string' ? intent.transfer_data.destination : null,
          idempotencyKey: `stripe-refund:${refund.id}`,
          note: 'Refunded on the Stripe dashboard.',
          createdByUserId: null,
        }),
      );
    }
    if (added.length) {
      for (const refund of added) await settleDueByRefund(tx, order, refund);
      const updated = await restateOrder(tx, order);
      for (const refund of added) {
        await auditMovement(tx, order, null, refund);
        await emitPaymentEvent(tx, refund, order.currency);
      }
      await auditOrder(tx, order, updated);
    }
    return added;
  });
  for (const refund of recorded) await noticeOrder(ctx, accountId, orderId, { kind: 'refunded', amount: refund.amountMinor });
};

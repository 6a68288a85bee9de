import type { PaymentInput } from '@excursio/contract/orders';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, invalid, notFound, refusedByState } from '../../http/app-error.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import { cardPaymentsOf } from '../payments/provider-for.ts';
import { refundOnStripe, reversedByTransfer } from '../payments/refunds.service.ts';
import { emitPaymentEvent } from '../webhooks/events.ts';
import { paymentProblem, refundProblem } from './money.ts';
import { auditMovement, auditOrder } from './order-audit.ts';
import { moneyOfOrder, restateOrder, settleDueByRefund } from './order-money.service.ts';
import {
  findOrder,
  findPaymentByKey,
  insertPayment,
  lockOrder,
  type PaymentRow,
  paymentsOfOrder,
  settlePayment,
} from './orders.repository.ts';

export { cardProviderForTests } from '../payments/provider-for.ts';

/**
 * Payments and refunds of orders: recorded movements, never changed except a pending one's outcome,
 * never deleted; each behind the order's row lock (the first lock of every change of an order).
 *
 * A card movement goes where the organization's connection says (modules/payments/provider-for.ts):
 * - test mode: charged or refunded through the test-mode provider, as the webstore does;
 * - a Stripe connection: a payment at the desk is one the operator took on their own card terminal
 *   (recorded, nothing charged remotely: the note says so); a refund of an order paid through Stripe
 *   goes back through Stripe (`refunds.create` with our row id as idempotency key, and a share of a
 *   resale's commission transfer reversed), other card refunds are recorded as made on the terminal;
 * - no connection (or charges not enabled): recorded as taken outside Excursio, the same way.
 */

/** Test-only: record money without the order's lock; fail between the provider's answer and our commit. */
export const unsafeTesting = { skipOrderLock: false, crashAfterProvider: false };

const TERMINAL_NOTE = 'Taken on the card terminal: not charged through Stripe.';
const TERMINAL_REFUND_NOTE = 'Refunded on the card terminal: not through Stripe.';
const OUTSIDE_NOTE = 'Taken outside Excursio: no card payment provider is connected.';
const OUTSIDE_REFUND_NOTE = 'Refunded outside Excursio: no card payment provider is connected.';

const sameRequest = (payment: PaymentRow, orderId: string, input: PaymentInput) =>
  payment.orderId === orderId &&
  payment.kind === input.kind &&
  payment.method === input.method &&
  payment.amountMinor === input.amount;

/** How a card movement is made: through a provider that answers, through Stripe, or recorded only. */
type Route =
  | { via: 'manual'; note: string }
  | { via: 'provider'; provider: PaymentProvider }
  | { via: 'stripe'; stripe: StripeClient };

const noted = (fixed: string, note: string | undefined) => (note ? `${fixed} ${note}` : fixed);

/** The order's card payments through Stripe and what of them can still go back to the card. */
const stripeMoney = (movements: readonly PaymentRow[]) => {
  const charges = movements.filter(
    (m) => m.kind === 'payment' && m.provider === 'stripe' && m.status === 'succeeded' && m.providerReference,
  );
  const refunds = movements.filter((m) => m.kind === 'refund' && m.provider === 'stripe' && m.status !== 'failed');
  const sum = (rows: PaymentRow[]) => rows.reduce((s, m) => s + m.amountMinor, 0);
  return { charge: charges.at(-1) ?? null, refunds, refundable: sum(charges) - sum(refunds) };
};

const cardRoute = async (
  executor: Executor,
  stripe: StripeClient | null,
  accountId: string,
  input: PaymentInput,
  movements: readonly PaymentRow[],
): Promise<Route | null> => {
  if (input.method !== 'card') return null;
  if (input.kind === 'refund' && stripe && stripeMoney(movements).refundable > 0) return { via: 'stripe', stripe };
  const card = await cardPaymentsOf(executor, stripe, accountId);
  if (card.kind === 'test') return { via: 'provider', provider: card.provider };
  const refund = input.kind === 'refund';
  return card.kind === 'stripe'
    ? { via: 'manual', note: noted(refund ? TERMINAL_REFUND_NOTE : TERMINAL_NOTE, input.note) }
    : { via: 'manual', note: noted(refund ? OUTSIDE_REFUND_NOTE : OUTSIDE_NOTE, input.note) };
};

/**
 * Records money received or refunded. Behind the order's lock the movements are read again, so
 * parallel refunds can never together exceed what was paid; the idempotency key makes a repeated
 * request answer the movement it already recorded — or, when an earlier attempt stopped between the
 * provider's call and our commit (it is still pending), finish it with the same provider key.
 */
export const recordPayment = async (
  db: Db,
  accountId: string,
  orderId: string,
  input: PaymentInput,
  /** `throughProviderOnly`: a card movement that cannot go through a provider is refused, not recorded as made elsewhere. */
  options: { userId: string | null; stripe?: StripeClient | null; throughProviderOnly?: boolean },
): Promise<{ payment: PaymentRow; replayed: boolean }> => {
  const stripe = options.stripe ?? null;
  // A repeated request answers the movement it recorded: looked up before queueing for the lock,
  // and again behind it (a twin request may have recorded it meanwhile).
  const recorded = async (executor: Executor) => {
    const earlier = await findPaymentByKey(executor, accountId, input.idempotency_key);
    if (earlier && !sameRequest(earlier, orderId, input)) {
      throw invalid('idempotency_key', 'This key was already used for another payment.', 'idempotency_key_reused');
    }
    return earlier;
  };
  const earlier = await recorded(db);
  if (earlier && !(earlier.status === 'pending' && earlier.provider !== 'manual')) return { payment: earlier, replayed: true };
  // 1. Behind the order's lock: checked against what was paid, and recorded — as pending when a
  //    provider must still answer (a pending refund already counts against what can be refunded).
  const step1 = await db.transaction(async (tx) => {
    const order = await (unsafeTesting.skipOrderLock ? findOrder : lockOrder)(tx, accountId, orderId);
    if (!order) throw notFound('This order does not exist.');
    const again = await recorded(tx);
    if (again) return { payment: again, currency: order.currency, replayed: again.status !== 'pending' };
    const { movements, money } = await moneyOfOrder(tx, order);
    const route = await cardRoute(tx, stripe, accountId, input, movements);
    if (options.throughProviderOnly && route?.via !== 'provider' && route?.via !== 'stripe') {
      throw refusedByState('no_card_provider', 'No card payment provider can make this movement.');
    }
    if (input.kind === 'refund') {
      const problem = refundProblem(input.amount, money);
      if (problem) throw invalid('amount', problem, 'refund_too_large');
      const toCard = stripeMoney(movements).refundable;
      if (route?.via === 'stripe' && input.amount > toCard) {
        throw invalid(
          'amount',
          `At most ${toCard} (minor units) can go back to the card through Stripe: record the rest as cash or bank transfer.`,
          'refund_too_large',
        );
      }
    } else if (order.status === 'canceled') {
      throw refusedByState('order_canceled', 'This order is canceled: it takes no more payments.');
    } else {
      const problem = paymentProblem(input.amount, money, order.currency);
      if (problem) throw invalid('amount', problem, 'payment_too_large');
    }
    const viaProvider = route && route.via !== 'manual';
    const charge = route?.via === 'stripe' ? stripeMoney(movements).charge : null;
    const inserted = await insertPayment(tx, {
      accountId,
      orderId,
      kind: input.kind,
      method: input.method,
      amountMinor: input.amount,
      status: viaProvider ? 'pending' : 'succeeded',
      provider: route?.via === 'provider' ? route.provider.name : route?.via === 'stripe' ? 'stripe' : 'manual',
      providerAccount: charge?.providerAccount ?? null,
      idempotencyKey: input.idempotency_key,
      note: route?.via === 'manual' ? route.note : (input.note ?? ''),
      createdByUserId: options.userId,
    });
    await settleDueByRefund(tx, order, inserted);
    const updated = await restateOrder(tx, order);
    await auditMovement(tx, order, null, inserted);
    await auditOrder(tx, order, updated);
    await emitPaymentEvent(tx, inserted, order.currency);
    return { payment: inserted, currency: order.currency, replayed: false };
  });
  const { payment, currency } = step1;
  if (payment.status !== 'pending' || payment.provider === 'manual') return { payment, replayed: step1.replayed };
  // 2. The provider is called outside any transaction: no lock or connection waits on the network.
  //    The idempotency key (ours) makes a retried call the same charge or refund.
  const outcome = await callProvider(db, stripe, accountId, payment, currency, input);
  if (unsafeTesting.crashAfterProvider) throw new Error('Test crash between the provider and our commit');
  // 3. Its answer is recorded behind the lock again, and the order's payment status follows.
  const settled = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, accountId, orderId);
    if (!order) throw notFound('This order does not exist.');
    const row =
      (await settlePayment(tx, payment.id, {
        status: outcome.status,
        providerReference: outcome.reference,
        ...(outcome.transfers.length ? { transfers: outcome.transfers } : {}),
      })) ?? payment;
    await settleDueByRefund(tx, order, row);
    const updated = await restateOrder(tx, order);
    await auditMovement(tx, order, payment, row);
    await auditOrder(tx, order, updated);
    if (payment.status === 'pending') await emitPaymentEvent(tx, row, order.currency, order);
    return row;
  });
  if (settled.status === 'failed') {
    throw new AppError(502, [
      {
        code: 'provider_failed',
        detail:
          input.kind === 'refund'
            ? 'The card refund did not go through: nothing was refunded.'
            : 'The card payment did not go through: nothing was charged.',
        attr: null,
      },
    ]);
  }
  return { payment: settled, replayed: false };
};

type Outcome = {
  status: 'pending' | 'succeeded' | 'failed';
  reference: string | null;
  transfers: { account: string; transfer: string; amount: number }[];
};

const callProvider = async (
  db: Db,
  stripe: StripeClient | null,
  accountId: string,
  payment: PaymentRow,
  currency: string,
  input: PaymentInput,
): Promise<Outcome> => {
  if (payment.provider === 'stripe') {
    if (!stripe) throw new AppError(503, [{ code: 'provider_unavailable', detail: 'Stripe is not configured.', attr: null }]);
    const movements = await paymentsOfOrder(db, accountId, payment.orderId);
    const { charge, refunds } = stripeMoney(movements.filter((m) => m.id !== payment.id));
    if (!charge?.providerReference) return { status: 'failed', reference: null, transfers: [] };
    return refundOnStripe(stripe, {
      refundId: payment.id,
      paymentIntent: charge.providerReference,
      amountMinor: payment.amountMinor,
      paymentMinor: charge.amountMinor,
      transfers: charge.transfers,
      reversedByTransfer: reversedByTransfer(refunds.filter((r) => r.status === 'succeeded')),
    });
  }
  const card = await cardPaymentsOf(db, stripe, accountId);
  if (card.kind !== 'test') return { status: 'failed', reference: null, transfers: [] };
  const result = await card.provider[input.kind === 'refund' ? 'refund' : 'charge']({
    amountMinor: payment.amountMinor,
    currency,
    idempotencyKey: `${accountId}:${input.idempotency_key}`,
  }).catch(() => ({ status: 'failed' as const, reference: null }));
  return { status: result.status, reference: result.reference, transfers: [] };
};

export const listPayments = async (db: Db, accountId: string, orderId: string) => {
  if (!(await findOrder(db, accountId, orderId))) throw notFound('This order does not exist.');
  return paymentsOfOrder(db, accountId, orderId);
};

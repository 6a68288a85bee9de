import type { PaymentInput } from '@excursio/contract/orders';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, invalid, notFound, refusedByState } from '../../http/app-error.ts';
import { type PaymentProvider, testModeProvider } from '../../integrations/payments/payment-provider.ts';
import { orderMoney, refundProblem } from './money.ts';
import {
  findOrder,
  findPaymentByKey,
  insertPayment,
  lockOrder,
  type PaymentRow,
  paymentsOfOrder,
  settlePayment,
  updateOrder,
} from './orders.repository.ts';

/**
 * Payments and refunds of orders: recorded movements, never changed except a pending one's outcome,
 * never deleted; each behind the order's row lock (the first lock of every change of an order).
 */

/** Test-only: record money without the order's lock, to show the refund race the lock prevents. */
export const unsafeTesting = { skipOrderLock: false };

/**
 * The provider card payments go through (the card-payments issue makes this per organization).
 * Tests may put a provider of their own in (one that fails, or answers when told).
 */
export const cardProviderForTests: { current: PaymentProvider | null } = { current: null };
export const cardProvider = (): PaymentProvider => cardProviderForTests.current ?? testModeProvider;

const sameRequest = (payment: PaymentRow, orderId: string, input: PaymentInput) =>
  payment.orderId === orderId &&
  payment.kind === input.kind &&
  payment.method === input.method &&
  payment.amountMinor === input.amount;

/**
 * Records money received or refunded. Behind the order's lock the movements are read again, so
 * parallel refunds can never together exceed what was paid; the idempotency key makes a repeated
 * request answer the movement it already recorded.
 */
export const recordPayment = async (
  db: Db,
  accountId: string,
  orderId: string,
  input: PaymentInput,
  options: { userId: string | null },
): Promise<{ payment: PaymentRow; replayed: boolean }> => {
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
  if (earlier) return { payment: earlier, replayed: true };
  const viaProvider = input.method === 'card';
  // 1. Behind the order's lock: checked against what was paid, and recorded — as pending when a
  //    provider must still answer (a pending refund already counts against what can be refunded).
  const { payment, currency, replayed } = await db.transaction(async (tx) => {
    const order = await (unsafeTesting.skipOrderLock ? findOrder : lockOrder)(tx, accountId, orderId);
    if (!order) throw notFound('This order does not exist.');
    const again = await recorded(tx);
    if (again) return { payment: again, currency: order.currency, replayed: true };
    const movements = await paymentsOfOrder(tx, accountId, orderId);
    const money = orderMoney(order.totalMinor, movements);
    if (input.kind === 'refund') {
      const problem = refundProblem(input.amount, money);
      if (problem) throw invalid('amount', problem, 'refund_too_large');
    } else if (order.status === 'canceled') {
      throw refusedByState('order_canceled', 'This order is canceled: it takes no more payments.');
    }
    const inserted = await insertPayment(tx, {
      accountId,
      orderId,
      kind: input.kind,
      method: input.method,
      amountMinor: input.amount,
      status: viaProvider ? 'pending' : 'succeeded',
      provider: viaProvider ? cardProvider().name : 'manual',
      idempotencyKey: input.idempotency_key,
      note: input.note ?? '',
      createdByUserId: options.userId,
    });
    const canceled = order.status === 'canceled';
    await updateOrder(tx, orderId, {
      paymentStatus: orderMoney(order.totalMinor, [...movements, inserted], { canceled }).status,
    });
    return { payment: inserted, currency: order.currency, replayed: false };
  });
  if (payment.status !== 'pending' || !viaProvider) return { payment, replayed };
  // 2. The provider is called outside any transaction: no lock or connection waits on the network.
  //    The idempotency key (ours, per organization) makes a retried call the same charge.
  const provider = cardProvider();
  const outcome = await provider[input.kind === 'refund' ? 'refund' : 'charge']({
    amountMinor: input.amount,
    currency,
    idempotencyKey: `${accountId}:${input.idempotency_key}`,
  }).catch(() => ({ status: 'failed' as const, reference: null }));
  // 3. Its answer is recorded behind the lock again, and the order's payment status follows.
  const settled = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, accountId, orderId);
    if (!order) throw notFound('This order does not exist.');
    const row =
      (await settlePayment(tx, payment.id, { status: outcome.status, providerReference: outcome.reference })) ?? payment;
    const movements = await paymentsOfOrder(tx, accountId, orderId);
    await updateOrder(tx, orderId, {
      paymentStatus: orderMoney(order.totalMinor, movements, { canceled: order.status === 'canceled' }).status,
    });
    return row;
  });
  if (settled.status === 'failed') {
    throw new AppError(502, [
      { code: 'provider_failed', detail: 'The card payment did not go through: nothing was charged.', attr: null },
    ]);
  }
  return { payment: settled, replayed: false };
};

export const listPayments = async (db: Db, accountId: string, orderId: string) => {
  if (!(await findOrder(db, accountId, orderId))) throw notFound('This order does not exist.');
  return paymentsOfOrder(db, accountId, orderId);
};

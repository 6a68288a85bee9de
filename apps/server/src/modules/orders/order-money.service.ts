import type { Executor } from '../../db/client.ts';
import { type DueEntry, orderMoney, settledBy } from './money.ts';
import { type OrderRow, type PaymentRow, paymentsOfOrder, updateOrder } from './orders.repository.ts';
import { duesOfOrder, insertDue, type RefundDueRow } from './refund-dues.repository.ts';

/**
 * The money of one order as stored: its movements and refund-due ledger read on `db` (behind the
 * order's lock when `db` is a transaction that holds it), through the one rule (`orderMoney`).
 */
export const moneyOfOrder = async (db: Executor, order: OrderRow) => {
  const [movements, dues] = await Promise.all([
    paymentsOfOrder(db, order.accountId, order.id),
    duesOfOrder(db, order.accountId, order.id),
  ]);
  return { movements, dues, money: orderMoney(order.totalMinor, movements, { canceled: order.status === 'canceled', dues }) };
};

/** The ledger as the money rule reads it. */
export const dueEntries = (dues: readonly RefundDueRow[]): DueEntry[] =>
  dues.map((d) => ({ kind: d.kind, amountMinor: d.amountMinor }));

/**
 * Writes the order's payment status from what is recorded now (the list filters on the stored
 * column). Called in every transaction that records money or cancels, behind the order's lock.
 */
export const restateOrder = async (
  tx: Executor,
  order: OrderRow,
  values: Partial<Pick<OrderRow, 'totalMinor' | 'status' | 'canceledAt'>> = {},
) => {
  const next = { ...order, ...values };
  const { money } = await moneyOfOrder(tx, next);
  return updateOrder(tx, order.id, { ...values, paymentStatus: money.status });
};

/**
 * A refund that succeeded settles what the order owes, first (`settled` row with the refund, once per
 * refund): recording the refund is what makes a "refund due" go away. Behind the order's lock.
 */
export const settleDueByRefund = async (tx: Executor, order: OrderRow, refund: PaymentRow) => {
  if (refund.kind !== 'refund' || refund.status !== 'succeeded') return null;
  const dues = await duesOfOrder(tx, order.accountId, order.id);
  if (dues.some((d) => d.paymentId === refund.id)) return null;
  const amountMinor = settledBy(refund.amountMinor, dueEntries(dues));
  if (amountMinor <= 0) return null;
  return insertDue(tx, {
    accountId: order.accountId,
    orderId: order.id,
    kind: 'settled',
    amountMinor,
    paymentId: refund.id,
    note: 'Settled by a recorded refund.',
  });
};

import type { CancellationRefundWay } from '@excursio/contract/orders';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import type { OrderRow, PaymentRow } from './orders.repository.ts';
import { recordPayment } from './payments.service.ts';
import { insertDue, type RefundDueRow } from './refund-dues.repository.ts';

/**
 * Refunds a cancellation owes. The owed amount is a row of the order's refund-due ledger, written in
 * the cancelling transaction behind the order's lock (bounded there by what can still be refunded and
 * is not owed already, so parallel cancels and refunds never owe or refund more than was paid). After
 * the commit, an order paid by card through a provider (test mode, Stripe) is refunded through it at
 * once; otherwise — or if the provider refuses — the refund stays due: the order's payment status
 * says Refund due (list filter, dashboard count) until the operator records the refund.
 */

/** Writes what a cancellation owes the buyer (nothing when `amountMinor` is 0). Behind the order's lock. */
export const oweRefundInTx = async (tx: Executor, order: OrderRow, amountMinor: number, note: string) =>
  amountMinor > 0 ? insertDue(tx, { accountId: order.accountId, orderId: order.id, kind: 'owed', amountMinor, note }) : null;

/** The order took a card payment through a provider (not one recorded as taken on a terminal or outside). */
const paidThroughProvider = (movements: readonly PaymentRow[]) =>
  movements.some((m) => m.kind === 'payment' && m.method === 'card' && m.status === 'succeeded' && m.provider !== 'manual');

export type OwedRefund = { amount: number; way: CancellationRefundWay };

/**
 * After the cancellation committed: refunds what it owes to the card, when the order was paid through
 * a provider, with the ledger row's id as idempotency key (a retried cancel answer is the same refund).
 * Answers what happened, for the answer and the buyer's mail.
 */
export const refundOwedToCard = async (
  db: Db,
  order: OrderRow,
  due: RefundDueRow | null,
  movements: readonly PaymentRow[],
  options: { stripe?: StripeClient | null; userId?: string | null; log?: (message: string, error: unknown) => void },
): Promise<OwedRefund> => {
  if (!due) return { amount: 0, way: 'none' };
  if (!paidThroughProvider(movements)) return { amount: due.amountMinor, way: 'operator' };
  try {
    await recordPayment(
      db,
      order.accountId,
      order.id,
      {
        kind: 'refund',
        method: 'card',
        amount: due.amountMinor,
        note: 'Refunded to the card under the cancellation policy.',
        idempotency_key: `refund-due:${due.id}`,
      },
      { userId: options.userId ?? null, stripe: options.stripe ?? null, throughProviderOnly: true },
    );
    return { amount: due.amountMinor, way: 'card' };
  } catch (error) {
    // The provider refused or did not answer, or cannot take the whole amount back: the refund stays
    // due for the operator (nothing was refunded twice: the key makes a retry the same refund).
    if (!(error instanceof AppError)) options.log?.('Refund to the card failed', error);
    return { amount: due.amountMinor, way: 'operator' };
  }
};

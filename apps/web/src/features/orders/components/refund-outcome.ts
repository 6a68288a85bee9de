import type { CancellationRefundWay } from '@excursio/contract/orders';
import { formatMoney } from '../../../lib/format/format.ts';

export type RefundOutcome = { amount: number; way: CancellationRefundWay };

/**
 * Where the refund a cancellation owes went, in the operator's words: to the card at once, or due
 * for the operator to make (the order shows Refund due until it is recorded). One wording for a
 * whole order, one line and removed participants.
 */
export const refundOutcomeText = (refund: RefundOutcome, currency: string) => {
  const amount = formatMoney(refund.amount, currency);
  if (refund.way === 'card') return `${amount} was refunded to the card the order was paid with.`;
  if (refund.way === 'operator') {
    return `A refund of ${amount} is due: make it and record it on the Payments tab. The order shows Refund due until then.`;
  }
  return 'The cancellation policy gives no refund.';
};

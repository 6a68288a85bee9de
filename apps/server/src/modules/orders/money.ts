import { refundPercent } from '@excursio/contract/booking-info';
import type { PaymentStatus } from '@excursio/contract/orders';

/**
 * The money rules of an order, pure: what was paid and refunded follows from the recorded
 * movements alone (they are never edited or deleted), and every figure is integer minor units.
 */

/** A recorded movement of money on an order: a payment in, or a refund out. */
export type Movement = { kind: 'payment' | 'refund'; amountMinor: number; status: 'pending' | 'succeeded' | 'failed' };

export type OrderMoney = {
  /** Payments that succeeded. */
  paidMinor: number;
  /** Refunds that succeeded. */
  refundedMinor: number;
  /** Refunds not settled yet: they already count against what may still be refunded. */
  pendingRefundsMinor: number;
  /** Kept: paid − refunded. */
  netMinor: number;
  /** What can still be refunded: paid − refunded − pending refunds. */
  refundableMinor: number;
  status: PaymentStatus;
};

/**
 * Payment status of an order from its movements and what it costs now (lines not canceled):
 * - Refunded: money came in and all of it went back;
 * - Fully paid: something is kept and it covers the total;
 * - Partially paid: something is kept, less than the total;
 * - Not paid: nothing is kept — except a free order (nothing due, not canceled), which is paid.
 */
export const orderMoney = (
  totalMinor: number,
  movements: readonly Movement[],
  options: { canceled?: boolean } = {},
): OrderMoney => {
  let paidMinor = 0;
  let refundedMinor = 0;
  let pendingRefundsMinor = 0;
  for (const m of movements) {
    if (!Number.isSafeInteger(m.amountMinor) || m.amountMinor <= 0) throw new RangeError(`Not an amount: ${m.amountMinor}`);
    if (m.kind === 'payment' && m.status === 'succeeded') paidMinor += m.amountMinor;
    if (m.kind === 'refund' && m.status === 'succeeded') refundedMinor += m.amountMinor;
    if (m.kind === 'refund' && m.status === 'pending') pendingRefundsMinor += m.amountMinor;
  }
  const netMinor = paidMinor - refundedMinor;
  const status: PaymentStatus =
    paidMinor > 0 && netMinor <= 0
      ? 'refunded'
      : netMinor > 0
        ? netMinor >= totalMinor
          ? 'fully_paid'
          : 'partially_paid'
        : totalMinor === 0 && !options.canceled
          ? 'fully_paid'
          : 'not_paid';
  return {
    paidMinor,
    refundedMinor,
    pendingRefundsMinor,
    netMinor,
    refundableMinor: Math.max(0, netMinor - pendingRefundsMinor),
    status,
  };
};

/** Whole hours between a cancellation and the start (a cancellation after the start has 0). */
export const hoursBefore = (startMs: number, cancelMs: number) => Math.max(0, Math.floor((startMs - cancelMs) / 3_600_000));

/**
 * The refund a cancellation policy proposes for canceling `lineTotalMinor` worth of an order,
 * `hoursLeft` hours before the start: the tier's share of the line, rounded down to the minor
 * unit, never more than can still be refunded on the order. No policy: nothing is proposed.
 */
export const proposedRefund = (
  policy: { tiers: { hours_before: number; refund_percent: number }[] } | null,
  lineTotalMinor: number,
  hoursLeft: number,
  refundableMinor: number,
) => {
  if (!policy) return { percent: 0, amountMinor: 0 };
  const percent = refundPercent(policy, hoursLeft);
  const amountMinor = Math.min(Math.floor((lineTotalMinor * percent) / 100), Math.max(0, refundableMinor));
  return { percent, amountMinor };
};

/**
 * Whether a refund of `amountMinor` may be recorded: a positive whole amount, at most what can
 * still be refunded (the operator may propose less than the policy, never more than was paid).
 */
export const refundProblem = (amountMinor: number, money: OrderMoney): string | null => {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 'A refund must be a positive amount.';
  if (amountMinor > money.refundableMinor) return 'A refund cannot be more than what was paid and not yet refunded.';
  return null;
};

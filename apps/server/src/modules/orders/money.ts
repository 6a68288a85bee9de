import { refundPercent } from '@excursio/contract/booking-info';
import { formatMoney } from '@excursio/contract/format';
import type { PaymentStatus } from '@excursio/contract/orders';

/**
 * The money rules of an order, pure: what was paid, refunded, is still due and is owed back follows
 * from the recorded movements and the refund-due ledger alone (rows never edited or deleted), and
 * every figure is integer minor units.
 */

/** A recorded movement of money on an order: a payment in, or a refund out. */
export type Movement = { kind: 'payment' | 'refund'; amountMinor: number; status: 'pending' | 'succeeded' | 'failed' };

/**
 * A row of the refund-due ledger (`refund_dues`): a refund the order owes its buyer (`owed`: a
 * cancellation policy's share, or everything paid for a declined request), or a refund recorded
 * against it (`settled`).
 */
export type DueEntry = { kind: 'owed' | 'settled'; amountMinor: number };

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
  /**
   * What the buyer still owes: the total after cancellations − what was paid (and is on its way).
   * A refund never reopens a balance: money given back was given back on purpose. 0 for a canceled order.
   */
  dueMinor: number;
  /** A refund owed to the buyer and not made yet (owed − settled), never more than can still be refunded. */
  refundDueMinor: number;
  status: PaymentStatus;
};

const sum = (rows: readonly { amountMinor: number }[]) => rows.reduce((s, r) => s + r.amountMinor, 0);

/** What the ledger still owes: owed − settled. */
const owedOutstanding = (dues: readonly DueEntry[]) =>
  Math.max(0, sum(dues.filter((d) => d.kind === 'owed')) - sum(dues.filter((d) => d.kind === 'settled')));

/**
 * THE payment state of an order (order editor, lists and their filter, exports, analytics, mails),
 * from what it costs now (`totalMinor`: lines not canceled), its movements and its refund-due ledger.
 * First match wins:
 * - Refund due: a refund is owed (a cancellation) and not recorded yet;
 * - Not paid: nothing was paid (a free order that is not canceled is Fully paid);
 * - Refunded: money came in and all of it went back;
 * - Partially paid: something is still due (a payment on its way is not paid yet);
 * - Partially refunded: nothing is due and part of what was paid went back;
 * - Fully paid: nothing is due and nothing went back.
 */
export const orderMoney = (
  totalMinor: number,
  movements: readonly Movement[],
  options: { canceled?: boolean; dues?: readonly DueEntry[] } = {},
): OrderMoney => {
  for (const m of [...movements, ...(options.dues ?? [])]) {
    if (!Number.isSafeInteger(m.amountMinor) || m.amountMinor <= 0) throw new RangeError(`Not an amount: ${m.amountMinor}`);
  }
  const of = (kind: Movement['kind'], status: Movement['status']) =>
    sum(movements.filter((m) => m.kind === kind && m.status === status));
  const paidMinor = of('payment', 'succeeded');
  const refundedMinor = of('refund', 'succeeded');
  const pendingRefundsMinor = of('refund', 'pending');
  const netMinor = paidMinor - refundedMinor;
  const refundableMinor = Math.max(0, netMinor - pendingRefundsMinor);
  const dueMinor = options.canceled ? 0 : Math.max(0, totalMinor - paidMinor - of('payment', 'pending'));
  const refundDueMinor = Math.min(owedOutstanding(options.dues ?? []), refundableMinor);
  const status: PaymentStatus =
    refundDueMinor > 0
      ? 'refund_due'
      : paidMinor === 0
        ? totalMinor === 0 && !options.canceled
          ? 'fully_paid'
          : 'not_paid'
        : netMinor <= 0
          ? 'refunded'
          : !options.canceled && totalMinor - paidMinor > 0
            ? 'partially_paid'
            : refundedMinor > 0
              ? 'partially_refunded'
              : 'fully_paid';
  return { paidMinor, refundedMinor, pendingRefundsMinor, netMinor, refundableMinor, dueMinor, refundDueMinor, status };
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

/**
 * Whether a payment of `amountMinor` may be recorded: at most what is still due. An overpayment has
 * no use here (a tip or a deposit for another booking belongs on that order): refused, never kept.
 */
export const paymentProblem = (amountMinor: number, money: OrderMoney, currency: string): string | null => {
  if (money.dueMinor === 0) return 'Nothing is due on this order: there is no payment to record.';
  if (amountMinor > money.dueMinor) {
    return `Only ${formatMoney(money.dueMinor, currency, 'en-GB')} is still due on this order: a payment cannot be more.`;
  }
  return null;
};

/** How much of a refund of `amountMinor` settles what the ledger owes (the rest is a refund beyond it, e.g. goodwill). */
export const settledBy = (amountMinor: number, dues: readonly DueEntry[]) => Math.min(amountMinor, owedOutstanding(dues));

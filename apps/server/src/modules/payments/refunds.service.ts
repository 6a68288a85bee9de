import Stripe from 'stripe';
import { AppError } from '../../http/app-error.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import { reversalFor } from './split.ts';

/**
 * Refunds through Stripe of a card payment taken on the platform (a webstore checkout). Every call
 * carries an idempotency key made of OUR refund row's id, so a retry after a crash (or a lost
 * answer) is the same refund at Stripe, never a second one.
 */

type Transfer = { account: string; transfer: string; amount: number };
export type StripeRefundOutcome = { status: 'succeeded' | 'failed'; reference: string | null; transfers: Transfer[] };

/** Stripe refused the request itself (a 4xx other than a conflict or a rate limit): nothing happened. */
const refusedByStripe = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  typeof error.statusCode === 'number' &&
  error.statusCode >= 400 &&
  error.statusCode < 500 &&
  error.statusCode !== 409 &&
  error.statusCode !== 429;

/** The provider did not answer (or not yet): the refund stays pending, the same request may be sent again. */
export const providerUnreachable = () =>
  new AppError(502, [
    {
      code: 'provider_unreachable',
      detail: 'The card payment provider did not answer. Nothing is lost: send the same request again.',
      attr: null,
    },
  ]);

/**
 * Refunds `amountMinor` of a payment intent (`reverse_transfer`: the connected account gives back its
 * share; `refund_application_fee`: the platform gives back its fee's share), then reverses the same
 * share of each transfer the payment made (a resale's commission), bounded by what is left of it.
 * Throws `provider_unreachable` when Stripe did not give a definite answer (the row stays pending).
 */
export const refundOnStripe = async (
  stripe: StripeClient,
  input: {
    refundId: string;
    paymentIntent: string;
    amountMinor: number;
    /** The refunded payment's amount and transfers, and what of each transfer earlier refunds reversed. */
    paymentMinor: number;
    transfers: readonly Transfer[];
    reversedByTransfer: ReadonlyMap<string, number>;
  },
): Promise<StripeRefundOutcome> => {
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: input.paymentIntent,
        amount: input.amountMinor,
        reverse_transfer: true,
        refund_application_fee: true,
        metadata: { payment_id: input.refundId },
      },
      { idempotencyKey: `refund:${input.refundId}` },
    );
  } catch (error) {
    if (refusedByStripe(error)) return { status: 'failed', reference: null, transfers: [] };
    throw providerUnreachable();
  }
  if (refund.status === 'failed' || refund.status === 'canceled')
    return { status: 'failed', reference: refund.id, transfers: [] };
  const reversals: Transfer[] = [];
  for (const transfer of input.transfers) {
    if (!transfer.transfer.startsWith('tr_') || transfer.amount <= 0) continue;
    const amount = reversalFor({
      transferMinor: transfer.amount,
      reversedMinor: input.reversedByTransfer.get(transfer.transfer) ?? 0,
      chargeMinor: input.paymentMinor,
      refundMinor: input.amountMinor,
    });
    if (amount <= 0) continue;
    try {
      const reversal = await stripe.transfers.createReversal(
        transfer.transfer,
        { amount, metadata: { payment_id: input.refundId } },
        { idempotencyKey: `reversal:${input.refundId}:${transfer.transfer}` },
      );
      // Recorded against the transfer it reverses (`of`), so later refunds know what is left.
      reversals.push({ account: transfer.account, transfer: `${transfer.transfer}/${reversal.id}`, amount });
    } catch {
      // The refund itself is made: the row stays pending and a retry (same keys) finishes it.
      throw providerUnreachable();
    }
  }
  // Stripe's `pending` refund is accepted and on its way: recorded as made.
  return { status: 'succeeded', reference: refund.id, transfers: reversals };
};

/** What earlier refunds reversed of each transfer, from their recorded reversals (`tr_…/trr_…`). */
export const reversedByTransfer = (refunds: readonly { transfers: readonly Transfer[] }[]) => {
  const reversed = new Map<string, number>();
  for (const refund of refunds) {
    for (const t of refund.transfers) {
      const [of] = t.transfer.split('/');
      if (t.transfer.includes('/')) reversed.set(of, (reversed.get(of) ?? 0) + t.amount);
    }
  }
  return reversed;
};

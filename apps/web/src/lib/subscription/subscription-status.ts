import type { SubscriptionState } from '@excursio/contract/payments';
import { formatDisplayDate } from '../format/format.ts';

export type StatusSummary = { label: string; color: string; text: string };

/** The subscription's state in words: a badge and one sentence (specification §9 date format). */
export const statusSummary = (
  state: Pick<SubscriptionState, 'status' | 'current_period_end' | 'cancel_at_period_end' | 'grace_until' | 'tier'>,
): StatusSummary => {
  const end = formatDisplayDate(state.current_period_end);
  const name = state.tier?.name ?? 'The plan';
  if (state.status === 'past_due') {
    return {
      label: 'Past due',
      color: 'orange',
      text: state.grace_until
        ? `The last payment failed. ${name}’s features stay until ${formatDisplayDate(state.grace_until)}; update the payment method before then.`
        : 'The last payment failed. Update the payment method.',
    };
  }
  if (state.status === 'canceled') {
    return { label: 'Canceled', color: 'red', text: 'The subscription was canceled: the free plan’s features apply.' };
  }
  if (state.status === 'incomplete') {
    return { label: 'Incomplete', color: 'orange', text: 'The first payment has not gone through yet.' };
  }
  if (state.cancel_at_period_end && (state.status === 'active' || state.status === 'trialing')) {
    return {
      label: 'Cancels at period end',
      color: 'orange',
      text: `${name} ends on ${end}; then the free plan’s features apply.`,
    };
  }
  if (state.status === 'trialing') return { label: 'Trial', color: 'blue', text: `Trial until ${end}.` };
  if (state.status === 'active') {
    return {
      label: 'Active',
      color: 'teal',
      text: state.current_period_end ? `Renews on ${end}.` : 'Active.',
    };
  }
  if (state.tier && state.tier.price_minor > 0) {
    // A paid plan given without a subscription (e.g. by the platform): nothing is billed for it.
    return { label: 'Not billed', color: 'gray', text: 'This plan was set up without a subscription: nothing is billed.' };
  }
  return { label: 'Free', color: 'gray', text: 'Nothing to pay.' };
};

/** How the checkout takes the money, from what the store says about its card payments. */
import type { Webstore, WebstoreExperience } from '@excursio/contract/webstore';

export type PaymentPlan =
  /** The store takes no payment at booking: pay on the day. */
  | 'none'
  /** The built-in test mode's card form on this page (a token, charged at once). */
  | 'card'
  /** The provider's hosted checkout (Stripe Checkout): the order answers where to pay. */
  | 'redirect'
  /** Card payments are unavailable, and the store takes bookings to be paid later. */
  | 'later'
  /** Card payments are unavailable and the store needs them: no booking here now. */
  | 'unavailable';

/**
 * `unavailableNow`: the server refused a payment as unavailable (409 `payment_unavailable`) after
 * the store was read, so the store's flag is out of date. `offers`: what the cart's offer pages say
 * about paying for them — a resold offer is paid through the party its partnership's terms name as
 * collector (the supplier's test mode, say, in a store whose own organization is not connected), so
 * they decide over the store's own flags when known.
 */
export const paymentPlan = (
  store: Pick<Webstore, 'payment_mode' | 'payment_available' | 'payment_test_mode' | 'reserve_without_payment'>,
  unavailableNow = false,
  offers: readonly Pick<WebstoreExperience['payment'], 'available' | 'test_mode'>[] = [],
): PaymentPlan => {
  if (store.payment_mode === 'none') return 'none';
  const available = offers.length > 0 ? offers.every((o) => o.available) : store.payment_available;
  const testMode = offers.length > 0 ? offers.some((o) => o.test_mode) : store.payment_test_mode;
  if (available && !unavailableNow) return testMode ? 'card' : 'redirect';
  return store.reserve_without_payment ? 'later' : 'unavailable';
};

/** Only the test mode's form sends a card token; every other plan sends none. */
export const sendsCardToken = (plan: PaymentPlan) => plan === 'card';

/**
 * Back on the checkout from the provider's hosted page (`?payment=`): canceled by the visitor,
 * expired unpaid, or paid after the places had gone (refunded at once, or left to the organizer).
 * The message's key, or null for anything else.
 */
export const paymentReturnKey = (status: string | null) => {
  switch (status) {
    case 'canceled':
      return 'checkout.paymentCanceled';
    case 'expired':
      return 'checkout.paymentExpired';
    case 'refunded':
      return 'checkout.paymentRefunded';
    case 'flagged':
      return 'checkout.paymentFlagged';
    default:
      return null;
  }
};

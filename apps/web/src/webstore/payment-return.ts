/**
 * The visitor leaves for the provider's hosted checkout (Stripe Checkout) and comes back to the
 * confirmation page. A mark per store (sessionStorage: this tab only) says a payment is on its way,
 * so the confirmation page waits for the order and empties the cart once it exists.
 */
const key = (slug: string) => `excursio.webstore.paying.${slug}`;

export const leaveForPayment = (slug: string, url: string, now = Date.now()) => {
  try {
    sessionStorage.setItem(key(slug), String(now));
  } catch {}
  // The provider's page cannot be framed: an embedded widget sends the whole window there.
  if (window.top && window.top !== window) {
    try {
      window.top.location.assign(url);
      return;
    } catch {
      window.open(url, '_blank', 'noopener');
      return;
    }
  }
  window.location.assign(url);
};

/** A payment left this tab for the provider within the last `maxAgeMs` (the checkout's lifetime and then some). */
export const paymentUnderway = (slug: string, now = Date.now(), maxAgeMs = 2 * 60 * 60 * 1000) => {
  try {
    const at = Number(sessionStorage.getItem(key(slug)));
    return Number.isFinite(at) && at > 0 && now - at < maxAgeMs;
  } catch {
    return false;
  }
};

export const paymentArrived = (slug: string) => {
  try {
    sessionStorage.removeItem(key(slug));
  } catch {}
};

/** How long the confirmation page waits for the provider's confirmation: attempts and their spacing. */
export const CONFIRM_ATTEMPTS = 10;
export const confirmDelayMs = (attempt: number) => Math.min(500 * 2 ** attempt, 4000);

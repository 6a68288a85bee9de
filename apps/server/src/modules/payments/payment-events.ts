import type Stripe from 'stripe';
import type { AppContext } from '../../http/types.ts';
import { checkoutByProviderSession, findCheckout, updateCheckout } from './card-checkouts.repository.ts';
import { fulfilCheckout } from './fulfilment.service.ts';
import { syncStripeRefunds } from './refunds-sync.service.ts';
import type { EventHandler, EventHandlers } from './webhooks.service.ts';

type Log = (message: string, data: object) => void;

/**
 * The card checkout's provider events. Each re-reads what it acts on from Stripe (fulfilCheckout,
 * syncStripeRefunds), so duplicates and events out of order do no harm. Objects that are not ours
 * (a subscription's checkout session, a charge without our checkout id) are left alone: other
 * areas may handle the same event types (`mergeEventHandlers` in app.ts runs them all).
 */
export const paymentEventHandlers = (ctx: AppContext, log: Log = () => {}): EventHandlers => {
  const session: EventHandler = async (event) => {
    if (!ctx.stripe) return;
    const object = event.data.object as Stripe.Checkout.Session;
    if (object.mode !== 'payment') return;
    let checkout = await checkoutByProviderSession(ctx.db, object.id);
    const ourId = object.metadata?.checkout_id;
    if (!checkout && ourId) {
      // We crashed between creating the session and saving its id: the event names our checkout.
      const named = await findCheckout(ctx.db, ourId);
      if (named && !named.providerSessionId) checkout = await updateCheckout(ctx.db, named.id, { providerSessionId: object.id });
    }
    if (checkout) await fulfilCheckout(ctx, checkout.id, log);
  };
  return {
    'checkout.session.completed': session,
    'checkout.session.async_payment_succeeded': session,
    'checkout.session.expired': session,
    'charge.refunded': async (event) => {
      if (!ctx.stripe) return;
      const charge = event.data.object as Stripe.Charge;
      const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (intent) await syncStripeRefunds(ctx, intent, log);
    },
  };
};

import Stripe from 'stripe';
import type { AppContext } from '../../http/types.ts';
import type { EventHandler, EventHandlers, ProviderEvent } from '../payments/webhooks.service.ts';
import { readSubscription, subscriptionOfInvoice } from './provider-subscription.ts';
import { stripeBilling } from './stripe-billing.ts';
import { syncSubscription } from './subscription-sync.service.ts';

/**
 * Billing webhooks. Every handler takes the subscription the event is about, re-reads it from
 * Stripe (so events arriving late, twice or out of order all end in Stripe's current state) and
 * syncs the plan with it (`syncSubscription`, idempotent). In the built-in test mode the event was
 * built and signed by this server, and its object is the truth: there is nothing to re-read.
 */

const isObj = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const missing = (error: unknown) => error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';

export const subscriptionEventHandlers = (ctx: AppContext): EventHandlers => {
  const provider = ctx.config.PAYMENT_PROVIDER;
  // Only `retrieve` is used here: its failures reach the receiver, which logs them and releases the event.
  const billing = ctx.stripe ? stripeBilling(ctx.stripe, () => undefined) : null;
  const deps = { db: ctx.db, provider, graceDays: ctx.config.SUBSCRIPTION_GRACE_DAYS };

  /** The current state of the subscription `ref` names (an id, or the object itself). */
  const fresh = async (ref: unknown, eventCopy: unknown): Promise<unknown> => {
    if (!billing) return isObj(ref) ? ref : eventCopy;
    const id = typeof ref === 'string' ? ref : isObj(ref) && typeof ref.id === 'string' ? ref.id : null;
    if (!id) return null;
    try {
      return await billing.retrieve(id);
    } catch (error) {
      // A subscription Stripe no longer knows: the event's copy is all there is (an ended one is final).
      if (missing(error) && isObj(eventCopy) && eventCopy.status === 'canceled') return eventCopy;
      throw error; // the receiver releases the event: Stripe delivers it again
    }
  };

  const sync = async (object: unknown) => {
    const sub = readSubscription(object);
    if (!sub) return;
    const outcome = await syncSubscription(deps, sub, ctx.clock());
    // Two subscription checkouts paid close together: the newer one is the plan, the older one is
    // canceled at Stripe (idempotent: the key is its id) instead of billing on. A failure throws, so
    // the receiver releases the event and Stripe's retry cancels it.
    if (outcome.kind === 'applied' && outcome.replaced && billing) {
      const older = await billing.retrieve(outcome.replaced).catch(() => null);
      if (older && readSubscription(older)?.status !== 'canceled') await billing.cancel(outcome.replaced);
    }
  };

  const onSubscription: EventHandler = async (event: ProviderEvent) => {
    const object = event.data.object;
    await sync(await fresh(object, object));
  };

  const onInvoice: EventHandler = async (event: ProviderEvent) => {
    const ref = subscriptionOfInvoice(event.data.object);
    if (ref) await sync(await fresh(ref, null));
  };

  return {
    'checkout.session.completed': async (event) => {
      const session = event.data.object as unknown as Record<string, unknown>;
      // Card checkouts (mode payment) are the card payments' business.
      if (session.mode !== 'subscription' || !session.subscription) return;
      await sync(await fresh(session.subscription, null));
    },
    'customer.subscription.created': onSubscription,
    'customer.subscription.updated': onSubscription,
    'customer.subscription.deleted': onSubscription,
    'invoice.paid': onInvoice,
    'invoice.payment_failed': onInvoice,
  };
};

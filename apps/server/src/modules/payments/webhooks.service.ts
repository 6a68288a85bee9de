import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { asActor, SYSTEM_ACTOR } from '../audit/audit-context.ts';
import { claimEvent, markEventProcessed, releaseEvent } from './provider-events.repository.ts';

/**
 * Provider webhooks: one endpoint, one receiver. The signature is checked on the raw body (Stripe's
 * scheme, 5 minutes' tolerance); each event is processed once (claimed by its id, see
 * provider-events.repository.ts); processing goes to the handler of its type. Handlers re-read
 * what they act on from the provider rather than trusting the event's copy, so events arriving out
 * of order, or again, do no harm. The built-in test mode delivers its events through the very same
 * receiver, signed with a secret of its own.
 */

export type ProviderEvent = Stripe.Event;
export type EventHandler = (event: ProviderEvent) => Promise<void>;
export type EventHandlers = Partial<Record<string, EventHandler>>;

/** Handlers of several areas for one type (e.g. checkout.session.completed) all run, in order. */
export const mergeEventHandlers = (...areas: EventHandlers[]): EventHandlers => {
  const merged: EventHandlers = {};
  for (const handlers of areas) {
    for (const [type, handler] of Object.entries(handlers)) {
      if (!handler) continue;
      const before = merged[type];
      merged[type] = before
        ? async (event) => {
            await before(event);
            await handler(event);
          }
        : handler;
    }
  }
  return merged;
};

const TOLERANCE_S = 300;

/** The test mode's signing secret, derived from the installation's secret. */
export const testModeWebhookSecret = (config: Pick<Config, 'JWT_SECRET'>) =>
  `whsec_test_${createHmac('sha256', config.JWT_SECRET).update('test-mode-webhooks').digest('hex').slice(0, 32)}`;

const badSignature = () =>
  new AppError(400, [{ code: 'invalid_signature', detail: 'The webhook signature is missing or does not match.', attr: null }]);

export type WebhookOutcome = { event: string; type: string; duplicate: boolean };

export const createWebhookReceiver = (deps: {
  db: Db;
  config: Pick<Config, 'PAYMENT_PROVIDER' | 'STRIPE_WEBHOOK_SECRET' | 'JWT_SECRET'>;
  handlers: EventHandlers;
  clock: () => Date;
  log: (message: string, data: object) => void;
}) => {
  const provider = deps.config.PAYMENT_PROVIDER;
  const secret = provider === 'stripe' ? (deps.config.STRIPE_WEBHOOK_SECRET ?? '') : testModeWebhookSecret(deps.config);

  /** Verifies and processes one delivery. Throws 400 on a bad signature (nothing written). */
  const receive = async (raw: Buffer | string, signatureHeader: string | undefined): Promise<WebhookOutcome> => {
    if (!signatureHeader || !secret) throw badSignature();
    let event: ProviderEvent;
    try {
      event = await Stripe.webhooks.constructEventAsync(raw, signatureHeader, secret, TOLERANCE_S);
    } catch {
      throw badSignature();
    }
    const key = { provider, eventId: event.id, type: event.type, externalAccountId: event.account ?? null };
    if (!(await claimEvent(deps.db, key, deps.clock()))) return { event: event.id, type: event.type, duplicate: true };
    const handler = deps.handlers[event.type];
    try {
      // Changes a provider event makes are the system's, whoever's request delivered it (the test mode).
      if (handler) await asActor(SYSTEM_ACTOR, () => handler(event));
    } catch (error) {
      await releaseEvent(deps.db, provider, event.id).catch(() => undefined);
      deps.log('webhook event failed: the provider will deliver it again', {
        event: event.id,
        type: event.type,
        error: String(error),
      });
      throw error;
    }
    await markEventProcessed(deps.db, provider, event.id, deps.clock());
    return { event: event.id, type: event.type, duplicate: false };
  };

  /** The test mode's delivery: an event built here, signed, and received like any other. */
  const deliverTestEvent = async (type: string, object: Record<string, unknown>, account?: string) => {
    const event = {
      id: `evt_test_${createHmac('sha256', secret)
        .update(`${type}:${JSON.stringify(object)}:${Math.random()}`)
        .digest('hex')
        .slice(0, 24)}`,
      object: 'event',
      api_version: null,
      created: Math.floor(deps.clock().getTime() / 1000),
      type,
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      data: { object },
      ...(account ? { account } : {}),
    };
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return receive(payload, header);
  };

  return { receive, deliverTestEvent, provider };
};
export type WebhookReceiver = ReturnType<typeof createWebhookReceiver>;

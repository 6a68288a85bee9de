import { z } from 'zod';
import { id, timestamp } from './common.ts';

/** The events an organization's endpoints can receive (each endpoint picks its own). */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.confirmed',
  'order.canceled',
  'booking.checked_in',
  'payment.recorded',
  'refund.recorded',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.created': 'Order created',
  'order.confirmed': 'Order confirmed',
  'order.canceled': 'Order canceled',
  'booking.checked_in': 'Booking checked in',
  'payment.recorded': 'Payment recorded',
  'refund.recorded': 'Refund recorded',
};

/**
 * The event "Send a test event" queues (any endpoint, whatever events it picked): signed and sent
 * through the same outbox as the real ones, so a receiver can be checked end to end.
 */
export const WEBHOOK_TEST_EVENT = 'ping';
export const WEBHOOK_TEST_EVENT_LABEL = 'Test event';

/** The request header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Excursio-Signature';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

const event = z.enum(WEBHOOK_EVENTS, { error: `Unknown event. Known: ${WEBHOOK_EVENTS.join(', ')}.` });
const events = z
  .array(event)
  .min(1, { error: 'Choose at least one event.' })
  .max(WEBHOOK_EVENTS.length)
  .refine((list) => new Set(list).size === list.length, { error: 'An event is listed twice.' });
const url = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => {
      try {
        const parsed = new URL(value);
        return ['http:', 'https:'].includes(parsed.protocol) && !parsed.username && !parsed.password;
      } catch {
        return false;
      }
    },
    { error: 'Enter an https address without credentials, such as https://example.com/hooks/excursio.' },
  );

export const webhookEndpoint = z.object({
  id,
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  /** Disabled by hand, or by the server after repeated failures (`disabled_reason`). */
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  consecutive_failures: z.number().int(),
  /** The secret's first characters (`whsec_ab12…`), to recognise it; `reveal` shows all of it. */
  secret_prefix: z.string(),
  created_at: timestamp,
  last_delivery_at: timestamp.nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** The answer to creating an endpoint, rotating or revealing its secret. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

export const webhookEndpointInput = z.strictObject({
  url,
  description: z.string().trim().max(200).default(''),
  events,
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInput>;

export const webhookEndpointPatch = z.strictObject({
  url: url.optional(),
  description: z.string().trim().max(200).optional(),
  events: events.optional(),
  /** true re-enables a disabled endpoint (its failure count starts again); false pauses it. */
  enabled: z.boolean().optional(),
});
export type WebhookEndpointPatch = z.infer<typeof webhookEndpointPatch>;

export const webhookDelivery = z.object({
  id,
  endpoint_id: id,
  event_id: id,
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt (null: no answer — refused, timed out, unreachable). */
  response_status: z.number().int().nullable(),
  /** Why the last attempt failed, in a sentence (null after a success). */
  last_error: z.string().nullable(),
  next_attempt_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  created_at: timestamp,
  /** The JSON body sent (the same bytes on every attempt and replay). */
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const WEBHOOK_DELIVERY_ORDERING = ['created_at'] as const;

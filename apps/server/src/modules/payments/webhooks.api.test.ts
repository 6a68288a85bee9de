import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerEvents } from '../../db/schema/payments.ts';
import { useTestApp } from '../../test/app.ts';
import { type FakeStripe, startFakeStripe, stripeConfig } from '../../test/fake-stripe/server.ts';
import { createWebhookReceiver, type ProviderEvent } from './webhooks.service.ts';

describe('the webhook receiver', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  const t = useTestApp(() => stripeConfig(fake));

  const post = (payload: string, header?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
      payload,
    });
  const stored = async (id: string) => t.db.select().from(providerEvents).where(eq(providerEvents.eventId, id));

  it('refuses a missing, wrong, re-serialized or stale signature and writes nothing', async () => {
    const event = fake.event('product.created', { id: 'prod_1', object: 'product' });
    const { payload, header } = fake.signedEvent(event);
    const cases = [
      ['missing', payload, undefined],
      ['wrong secret', payload, fake.signedEvent(event, { secret: 'whsec_other' }).header],
      ['re-serialized', JSON.stringify(JSON.parse(payload), null, 2), header],
      ['older than 5 minutes', payload, fake.signedEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }).header],
    ] as const;
    for (const [what, body, signature] of cases) {
      const res = await post(body, signature);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().errors[0].code, what).toBe('invalid_signature');
    }
    expect(await stored(event.id)).toHaveLength(0);
    const good = await post(payload, header);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: true, duplicate: false });
    expect(await stored(event.id)).toHaveLength(1);
  });

  it('processes an event once: 5 deliveries in sequence and 5 in parallel', async () => {
    const seen: string[] = [];
    const receiver = createWebhookReceiver({
      db: t.db,
      config: t.config,
      clock: () => new Date(),
      log: () => undefined,
      handlers: {
        'payment_intent.succeeded': async (event: ProviderEvent) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          seen.push(event.id);
        },
      },
    });
    const sequential = fake.signedEvent(fake.event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' }));
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await receiver.receive(sequential.payload, sequential.header));
    expect(outcomes.map((o) => o.duplicate)).toEqual([false, true, true, true, true]);
    const parallel = fake.signedEvent(fake.event('payment_intent.succeeded', { id: 'pi_2', object: 'payment_intent' }));
    const together = await Promise.all(Array.from({ length: 5 }, () => receiver.receive(parallel.payload, parallel.header)));
    expect(together.filter((o) => !o.duplicate)).toHaveLength(1);
    expect(seen).toHaveLength(2);
  });

  it('a failed processing is released: the provider’s next delivery processes it', async () => {
    let attempts = 0;
    const receiver = createWebhookReceiver({
      db: t.db,
      config: t.config,
      clock: () => new Date(),
      log: () => undefined,
      handlers: {
        'invoice.paid': async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('database went away');
        },
      },
    });
    const { payload, header } = fake.signedEvent(fake.event('invoice.paid', { id: 'in_1', object: 'invoice' }));
    await expect(receiver.receive(payload, header)).rejects.toThrow('database went away');
    expect((await receiver.receive(payload, header)).duplicate).toBe(false);
    expect((await receiver.receive(payload, header)).duplicate).toBe(true);
    expect(attempts).toBe(2);
  });
});

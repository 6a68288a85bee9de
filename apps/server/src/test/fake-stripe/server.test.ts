import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripe } from '../../integrations/payments/stripe-client.ts';
import { type FakeStripe, startFakeStripe } from './server.ts';

describe('the fake Stripe server', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    fake.resource('customers', 'customer', 'cus');
  });
  afterAll(() => fake.close());

  it('answers the SDK, replays an idempotency key and fails when told', async () => {
    const stripe = createStripe({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_URL: fake.url, OUTBOUND_TIMEOUT_MS: 5000 });
    if (!stripe) throw new Error('no client');
    const a = await stripe.customers.create({ email: 'a@b.c', metadata: { n: '1' } }, { idempotencyKey: 'k1' });
    const b = await stripe.customers.create({ email: 'a@b.c', metadata: { n: '1' } }, { idempotencyKey: 'k1' });
    expect(b.id).toBe(a.id);
    expect(fake.all('customer')).toHaveLength(1);
    expect((await stripe.customers.retrieve(a.id, {}, { stripeAccount: 'acct_1' })).id).toBe(a.id);
    expect(fake.requests.at(-1)?.account).toBe('acct_1');
    fake.failNext('POST', /^\/v1\/customers$/);
    await expect(stripe.customers.create({ email: 'x@y.z' })).rejects.toThrow(/Fake failure/);
    const { payload, header } = fake.signedEvent(fake.event('customer.created', a as never));
    const event = await stripe.webhooks.constructEventAsync(payload, header, fake.webhookSecret);
    expect(event.type).toBe('customer.created');
  });
});

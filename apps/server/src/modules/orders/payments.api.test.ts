import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/sales.ts';
import { type PaymentProvider, type ProviderResult, testModeProvider } from '../../integrations/payments/payment-provider.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { useAccount } from '../../test/factories.ts';
import { createOrder, orderRequests } from '../../test/order-factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { cardProviderForTests } from './payments.service.ts';

const t = useTestApp();
const a = useAccount(t);
beforeAll(async () => {
  await connectTestProvider(t.db, a.account.id);
});
const DAY = '2026-12-01';

beforeEach(() => {
  t.clock.now = new Date('2026-11-30T08:59:00Z');
});

const { get, post, pay } = orderRequests(t, a);

describe('payments and refunds', () => {
  it('derives the payment status from what was recorded, and never refunds more than was paid', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, a, offer, DAY, { adults: 2, children: 1 }); // 8500
    const status = async () => (await get(`/api/orders/${order.id}/`)).json();

    const deposit = await pay(order.id, { method: 'cash', amount: 3000, note: 'Deposit at the desk' });
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(deposit.json()).toMatchObject({
      kind: 'payment',
      method: 'cash',
      amount: 3000,
      status: 'succeeded',
      test_mode: false,
    });
    expect(await status()).toMatchObject({ payment_status: 'partially_paid', paid: 3000, refundable: 3000 });

    const card = await pay(order.id, { method: 'card', amount: 5500 });
    expect(card.json()).toMatchObject({ method: 'card', provider: 'test', test_mode: true, status: 'succeeded' });
    expect(await status()).toMatchObject({ payment_status: 'fully_paid', paid: 8500 });

    const before = (await t.db.select().from(payments).where(eq(payments.orderId, order.id))).length;
    expectError(await pay(order.id, { kind: 'refund', method: 'cash', amount: 8501 }), 400, {
      attr: 'amount',
      code: 'refund_too_large',
    });
    expectError(await pay(order.id, { method: 'cash', amount: 0 }), 400, { attr: 'amount' });
    expectError(await pay(order.id, { method: 'cash', amount: 12.5 }), 400, { attr: 'amount' });
    expectError(await pay(order.id, { method: 'cheque', amount: 100 }), 400, { attr: 'method' });
    expect((await t.db.select().from(payments).where(eq(payments.orderId, order.id))).length).toBe(before);

    expect((await pay(order.id, { kind: 'refund', method: 'card', amount: 2000 })).statusCode).toBe(201);
    // A refund is not an unpaid balance: nothing is due, part went back.
    expect(await status()).toMatchObject({ payment_status: 'partially_refunded', refunded: 2000, refundable: 6500, due: 0 });
    expect((await pay(order.id, { kind: 'refund', method: 'cash', amount: 6500 })).statusCode).toBe(201);
    expect(await status()).toMatchObject({ payment_status: 'refunded', refundable: 0 });

    const listed = (await get(`/api/orders/${order.id}/payments/`)).json();
    expect(listed.map((p: { kind: string; amount: number }) => `${p.kind}:${p.amount}`)).toEqual([
      'payment:3000',
      'payment:5500',
      'refund:2000',
      'refund:6500',
    ]);
    expect((await get(`/api/orders/${order.id}/payments/${listed[0].id}/`)).json().note).toBe('Deposit at the desk');
  });

  it('records a repeated request once (idempotency key), and refuses the key for another payment', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, a, offer, DAY, { adults: 1 });
    const body = { method: 'cash', amount: 1000, idempotency_key: `desk-${crypto.randomUUID()}` };
    const first = await post(`/api/orders/${order.id}/payments/`, body);
    const again = await post(`/api/orders/${order.id}/payments/`, body);
    expect(again.json().id).toBe(first.json().id);
    expect((await t.db.select().from(payments).where(eq(payments.orderId, order.id))).length).toBe(1);
    expectError(await post(`/api/orders/${order.id}/payments/`, { ...body, amount: 2000 }), 400, {
      attr: 'idempotency_key',
      code: 'idempotency_key_reused',
    });
  });
});

describe('card payments through the provider', () => {
  afterEach(() => {
    cardProviderForTests.current = null;
  });
  const provider = (charge: PaymentProvider['charge']): PaymentProvider => ({ ...testModeProvider, charge });

  it('calls the provider outside any transaction: the order takes other payments while it answers', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, a, offer, DAY);
    let answer: (result: ProviderResult) => void = () => {};
    let called: () => void = () => {};
    const calledYet = new Promise<void>((resolve) => {
      called = resolve;
    });
    cardProviderForTests.current = provider(() => {
      called();
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    const card = pay(order.id, { method: 'card', amount: 5000 });
    await calledYet;
    // The card movement is pending meanwhile; a cash payment on the same order goes through.
    const pending = (await get(`/api/orders/${order.id}/`)).json();
    expect(pending.payments).toEqual([expect.objectContaining({ method: 'card', status: 'pending' })]);
    expect(pending.payment_status).toBe('not_paid');
    expect((await pay(order.id, { method: 'cash', amount: 1000 })).statusCode).toBe(201);
    answer({ status: 'succeeded', reference: 'ch_1' });
    const res = await card;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'succeeded', method: 'card' });
    expect((await get(`/api/orders/${order.id}/`)).json()).toMatchObject({ paid: 6000, payment_status: 'partially_paid' });
  });

  it('records a failed charge as failed, answers 502, and the order stays unpaid', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, a, offer, DAY);
    cardProviderForTests.current = provider(async () => {
      throw new Error('network down');
    });
    expectError(await pay(order.id, { method: 'card', amount: 8500 }), 502, { code: 'provider_failed' }, 'server_error');
    const after = (await get(`/api/orders/${order.id}/`)).json();
    expect(after).toMatchObject({ paid: 0, payment_status: 'not_paid' });
    expect(after.payments).toEqual([expect.objectContaining({ method: 'card', status: 'failed' })]);
  });
});

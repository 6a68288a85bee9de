import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, payments, refundDues } from '../../db/schema/sales.ts';
import type { MailMessage } from '../../integrations/mail.ts';
import { type PaymentProvider, testModeProvider } from '../../integrations/payments/payment-provider.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { useAccount } from '../../test/factories.ts';
import { createOrder, orderRequests, usePolicy } from '../../test/order-factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { cardProviderForTests } from './payments.service.ts';

/**
 * The payment state (a refund is never an unpaid balance), overpayments refused, and the refund a
 * cancellation owes: recorded as due, refunded to the card when the order was paid through a provider,
 * otherwise waiting for the operator (Refund due) until a refund is recorded.
 */

const t = useTestApp();
const a = useAccount(t);
beforeAll(async () => {
  await connectTestProvider(t.db, a.account.id);
});
const DAY = '2026-12-01';
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T08:59:00Z'); // 25 h before the 10:00 start
});
afterEach(() => {
  cardProviderForTests.current = null;
});

const { get, post, pay } = orderRequests(t, a);
const detail = async (orderId: string) => (await get(`/api/orders/${orderId}/`)).json();
const listed = async (filter: string) =>
  (await get(`/api/orders/?payment_status=${encodeURIComponent(filter)}&page_size=50`))
    .json()
    .results.map((o: { id: string }) => o.id);
const movementsOf = (orderId: string) => t.db.select().from(payments).where(eq(payments.orderId, orderId));
const mailsTo = async (to: string) => {
  await t.settled();
  return (t.mailer.outbox ?? []).filter((m: MailMessage) => m.to === to);
};

/** An order of 8,500 (2 adults, 1 child) paid in full, in cash or by card through the test mode. */
const paidOrder = async (method: 'cash' | 'card', policy = [{ hours_before: 24, refund_percent: 100 }]) => {
  const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
  await usePolicy(t, a, offer, policy);
  const order = await createOrder(t, a, offer, DAY);
  const paid = await pay(order.id, { method, amount: 8500 });
  expect(paid.statusCode, paid.body).toBe(201);
  return order;
};

describe('a refund is not an unpaid balance', () => {
  it('a fully paid order refunded in part is Partially refunded, owes nothing, and the Refunded filter finds it', async () => {
    const order = await paidOrder('cash');
    expect((await pay(order.id, { kind: 'refund', method: 'cash', amount: 2000, note: 'Goodwill' })).statusCode).toBe(201);
    expect(await detail(order.id)).toMatchObject({
      payment_status: 'partially_refunded',
      paid: 8500,
      refunded: 2000,
      due: 0,
      refund_due: 0,
    });
    expect(await listed('refunded')).toContain(order.id);
    expect(await listed('Refunded')).toContain(order.id);
    expect(await listed('partially_refunded')).toContain(order.id);
    expect(await listed('partially_paid')).not.toContain(order.id);
    expect(await listed('fully_paid')).not.toContain(order.id);
    // Nothing is due, so no payment is taken.
    const before = (await movementsOf(order.id)).length;
    expectError(await pay(order.id, { method: 'cash', amount: 2000 }), 400, { attr: 'amount', code: 'payment_too_large' });
    expect(await movementsOf(order.id)).toHaveLength(before);
  });

  it('the migration restates the orders made before: a paid order refunded in part was Partially paid', async () => {
    const order = await paidOrder('cash');
    await pay(order.id, { kind: 'refund', method: 'cash', amount: 2000 });
    const paidOnly = await paidOrder('cash');
    // As the old rule stored them.
    await t.db.update(orders).set({ paymentStatus: 'partially_paid' }).where(eq(orders.id, order.id));
    await t.db.update(orders).set({ paymentStatus: 'not_paid' }).where(eq(orders.id, paidOnly.id));
    const file = new URL('../../db/migrations/0028_payment_states_refund_dues.sql', import.meta.url);
    const backfill = readFileSync(file, 'utf8').split('--> statement-breakpoint').at(-1) as string;
    await t.db.execute(sql.raw(backfill));
    expect((await detail(order.id)).payment_status).toBe('partially_refunded');
    expect((await detail(paidOnly.id)).payment_status).toBe('fully_paid');
  });

  it('refuses a payment of more than is due (€80 of €70), writing nothing, and takes exactly the rest', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const order = await createOrder(t, a, offer, DAY, { adults: 2 }); // 7000
    const res = await pay(order.id, { method: 'cash', amount: 8000 });
    expectError(res, 400, { attr: 'amount', code: 'payment_too_large' });
    expect(res.json().errors[0].detail).toBe('Only €70.00 is still due on this order: a payment cannot be more.');
    expect(await movementsOf(order.id)).toHaveLength(0);
    expect((await pay(order.id, { method: 'cash', amount: 3000 })).statusCode).toBe(201);
    expect(await detail(order.id)).toMatchObject({ payment_status: 'partially_paid', due: 4000 });
    expectError(await pay(order.id, { method: 'card', amount: 4001 }), 400, { code: 'payment_too_large' });
    expect((await pay(order.id, { method: 'card', amount: 4000 })).statusCode).toBe(201);
    expect(await detail(order.id)).toMatchObject({ payment_status: 'fully_paid', due: 0 });
  });
});

describe('the refund a cancellation owes', () => {
  it('paid in cash: recorded as due (ledger row, Refund due filter), the mail says the organization will refund; a refund settles it', async () => {
    const order = await paidOrder('cash');
    const res = await post(`/api/orders/${order.id}/cancel/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ proposed_refund: 8500, refund: { amount: 8500, way: 'operator' } });
    expect(res.json().order).toMatchObject({ status: 'canceled', payment_status: 'refund_due', refund_due: 8500 });
    const ledger = await t.db.select().from(refundDues).where(eq(refundDues.orderId, order.id));
    expect(ledger).toEqual([expect.objectContaining({ kind: 'owed', amountMinor: 8500 })]);
    expect(await listed('refund_due')).toEqual([order.id]);
    expect((await get('/api/orders/filter-options/')).json().payment_status).toContain('refund_due');

    const [mail] = (await mailsTo(order.contact.email)).filter((m) => m.subject.includes('canceled'));
    expect(mail.text).toContain(`${a.account.name} owes you a refund of €85.00 and will send it`);
    expect(mail.text).not.toContain('has been refunded');

    expect((await pay(order.id, { kind: 'refund', method: 'cash', amount: 8500 })).statusCode).toBe(201);
    expect(await detail(order.id)).toMatchObject({ payment_status: 'refunded', refund_due: 0, refundable: 0 });
    expect(await listed('refund_due')).not.toContain(order.id);
    const settled = await t.db.select().from(refundDues).where(eq(refundDues.orderId, order.id));
    expect(settled.map((d) => `${d.kind}:${d.amountMinor}`)).toEqual(['owed:8500', 'settled:8500']);
  });

  it('paid by card through the provider: refunded to the card at once, and the mail says so', async () => {
    const order = await paidOrder('card');
    const res = await post(`/api/orders/${order.id}/cancel/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toEqual({ amount: 8500, way: 'card' });
    expect(res.json().order).toMatchObject({ payment_status: 'refunded', refunded: 8500, refund_due: 0 });
    expect(res.json().order.payments).toEqual([
      expect.objectContaining({ kind: 'payment', method: 'card', test_mode: true }),
      expect.objectContaining({ kind: 'refund', method: 'card', amount: 8500, status: 'succeeded', test_mode: true }),
    ]);
    const [mail] = (await mailsTo(order.contact.email)).filter((m) => m.subject.includes('canceled'));
    expect(mail.text).toContain('€85.00 has been refunded to the card you paid with.');
  });

  it('a card refund the provider refuses stays due for the operator, and the mail does not claim it was made', async () => {
    const order = await paidOrder('card', [{ hours_before: 24, refund_percent: 50 }]);
    const refuse: PaymentProvider = { ...testModeProvider, refund: async () => ({ status: 'failed', reference: 're_refused' }) };
    cardProviderForTests.current = refuse;
    const res = await post(`/api/orders/${order.id}/cancel/`);
    expect(res.json().refund).toEqual({ amount: 4250, way: 'operator' });
    expect(res.json().order).toMatchObject({ payment_status: 'refund_due', refund_due: 4250, refundable: 8500 });
    const [mail] = (await mailsTo(order.contact.email)).filter((m) => m.subject.includes('canceled'));
    expect(mail.text).toContain(`${a.account.name} owes you a refund of €42.50`);
    cardProviderForTests.current = null;
    // The operator makes it (here: to the card again); more than owed is a goodwill refund beyond it.
    expect((await pay(order.id, { kind: 'refund', method: 'card', amount: 4250 })).statusCode).toBe(201);
    expect(await detail(order.id)).toMatchObject({ payment_status: 'partially_refunded', refund_due: 0, refunded: 4250 });
  });

  it('canceling an order’s line owes its share; the buyer owes nothing more', async () => {
    const offer = await createSellableOffer(t, a, {
      lines: [
        { time: '10:00', capacity: 10 },
        { time: '14:00', capacity: 10 },
      ],
    });
    await usePolicy(t, a, offer, [{ hours_before: 24, refund_percent: 100 }]);
    const order = await createOrder(t, a, offer, DAY, { adults: 2 }); // 7000
    await pay(order.id, { method: 'cash', amount: 7000 });
    const res = await post(`/api/orders/${order.id}/lines/${order.lines[0].id}/cancel/`);
    expect(res.json()).toMatchObject({ refund: { amount: 7000, way: 'operator' } });
    expect(res.json().order).toMatchObject({ status: 'canceled', payment_status: 'refund_due' });
  });

  it('a declined request owes everything paid, whatever the policy', async () => {
    const offer = await createSellableOffer(t, a, {
      lines: [{ time: '10:00', capacity: 10 }],
      overrides: { confirmationMode: 'on_request' },
    });
    const order = await createOrder(t, a, offer, DAY);
    await pay(order.id, { method: 'bank_transfer', amount: 3000 });
    const res = await post(`/api/orders/${order.id}/decline/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ proposed_refund: 3000, refund: { amount: 3000, way: 'operator' } });
    expect(res.json().order).toMatchObject({ payment_status: 'refund_due', refund_due: 3000 });
  });
});

describe('invoices and numbers the editor and settings show', () => {
  it('the order says whether it has an invoice; product configuration previews the real next numbers', async () => {
    const config = async () => (await get('/api/product-configuration/')).json();
    const first = await config();
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const order = await createOrder(t, a, offer, DAY, { adults: 1 });
    expect(await detail(order.id)).toMatchObject({ invoice_number: null });
    expect(await config()).toMatchObject({
      next_order_number: first.next_order_number + 1,
      next_invoice_number: first.next_invoice_number,
    });
    const issued = await post(`/api/orders/${order.id}/invoice/`);
    expect(issued.statusCode, issued.body).toBe(201);
    expect(await detail(order.id)).toMatchObject({ invoice_number: issued.json().number });
    expect((await config()).next_invoice_number).toBe(issued.json().number + 1);
  });
});

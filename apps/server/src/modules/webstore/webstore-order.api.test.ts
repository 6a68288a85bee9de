import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holds } from '../../db/schema/availability.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/integrations.ts';
import { orders, payments } from '../../db/schema/sales.ts';
import { type PaymentProvider, testModeProvider } from '../../integrations/payments/payment-provider.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { askQuestion, attachExtra } from '../../test/cart-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount } from '../../test/factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, reserveInStore } from '../../test/webstore-factories.ts';
import { cardProviderForTests } from '../orders/payments.service.ts';

const t = useTestApp();
const DAY = '2026-12-03';
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterEach(() => {
  cardProviderForTests.current = null;
});

const shop = async (storeBody: Record<string, unknown> = {}, capacity = 10) => {
  const b = await createAccount(t);
  await connectTestProvider(t.db, b.account.id);
  const store = await createStore(t, b, { name: 'Quay Store', ...storeBody });
  const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00', capacity }], prices: { adult: 4000, child: 2000 } });
  await addToStore(t, b, store.id, [offer.offer.id]);
  return { b, store, offer };
};
const ordersOf = (accountId: string) => t.db.select().from(orders).where(eq(orders.accountId, accountId));

describe('POST /api/webstores/order/', () => {
  it('books the held places, charges the total, records the order under the store, answers the session; a repeat answers the same order', async () => {
    const { b, store, offer } = await shop();
    const extra = await attachExtra(t, b, offer, 1500);
    const question = await askQuestion(t, b, offer, 'Shoe size?', true);
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 2);
    expect(hold.price.total).toBe(8000);
    const body = orderBody([hold.id]);
    body.lines = [
      { hold_id: hold.id, extras: [{ item_id: extra.id, quantity: 2 }], answers: [{ question_id: question.id, answer: '42' }] },
    ] as never;
    const res = await placeOrder(t, b, body);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed).toMatchObject({
      reference: expect.stringMatching(/^#\d+$/),
      status: 'confirmed',
      payment_status: 'fully_paid',
      currency: 'EUR',
      total: 11000,
      paid: 11000,
      payment_test_mode: true,
      session_id: expect.stringMatching(/^cs_/),
    });
    // The operator sees it under the store, sold through the webstore, paid by card in test mode.
    const list = (await t.app.inject({ url: `/api/orders/?store=${store.id}`, headers: b.owner.headers })).json();
    expect(list.results).toEqual([
      expect.objectContaining({ reference: placed.reference, channel: 'webstore', store: { id: store.id, name: 'Quay Store' } }),
    ]);
    const detail = (await t.app.inject({ url: `/api/orders/${list.results[0].id}/`, headers: b.owner.headers })).json();
    expect(detail.lines[0]).toMatchObject({ total: 11000, answers: [{ question: 'Shoe size?', answer: '42' }] });
    expect(detail.payments).toEqual([
      expect.objectContaining({ method: 'card', amount: 11000, status: 'succeeded', test_mode: true }),
    ]);
    const options = (await t.app.inject({ url: '/api/orders/filter-options/', headers: b.owner.headers })).json();
    expect(options.store).toEqual([{ value: store.id, label: 'Quay Store' }]);
    // The confirmation page finds it by the session.
    const summary = await t.app.inject({ url: `/api/order?session_id=${placed.session_id}`, headers: hostHeaders(b.subdomain) });
    expect(summary.json()).toMatchObject({ reference: placed.reference, paid: 11000, store_slug: store.slug });
    const ics = await t.app.inject({
      url: `/api/order/calendar/?session_id=${placed.session_id}`,
      headers: hostHeaders(b.subdomain),
    });
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('BEGIN:VEVENT');
    // The same attempt again: the same order, no second charge.
    const again = await placeOrder(t, b, body);
    expect(again.statusCode).toBe(200);
    // The first answer (built from the rows just written) is the order as read back later.
    expect(again.json()).toEqual(placed);
    expect(await ordersOf(b.account.id)).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.accountId, b.account.id))).toHaveLength(1);
  });

  it('records the order’s events for the endpoints listening to each, once, in its transaction', async () => {
    const { b, store, offer } = await shop();
    const endpoint = async (events: string[], enabled = true) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhook-endpoints/',
        headers: b.owner.headers,
        payload: { url: 'https://example.com/hooks', events },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json();
      if (!enabled) await t.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, id));
      return id as string;
    };
    const created = await endpoint(['order.created']);
    const all = await endpoint(['order.created', 'order.confirmed', 'payment.recorded']);
    const paid = await endpoint(['payment.recorded', 'order.canceled']);
    const off = await endpoint(['order.created', 'payment.recorded'], false);
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 1);
    expect((await placeOrder(t, b, orderBody([hold.id]))).statusCode).toBe(201);
    const typesOf = async (endpointId: string) =>
      (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)))
        .map((d) => d.eventType)
        .sort();
    expect(await typesOf(created)).toEqual(['order.created']);
    expect(await typesOf(all)).toEqual(['order.confirmed', 'order.created', 'payment.recorded']);
    expect(await typesOf(paid)).toEqual(['payment.recorded']);
    expect(await typesOf(off)).toEqual([]);
  });

  it('writes the order’s audit trail: the order by the visitor, then the card payment taken with it', async () => {
    const { b, store, offer } = await shop();
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 1);
    expect((await placeOrder(t, b, orderBody([hold.id]))).statusCode).toBe(201);
    const [order] = await ordersOf(b.account.id);
    const tab = await t.app.inject({ url: `/api/orders/${order.id}/audit-entries/?page_size=50`, headers: b.owner.headers });
    const entries = (tab.json().results as { actor: { kind: string }; action: string; entity_type: string }[]).reverse();
    expect(entries).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ kind: 'visitor' }),
        action: 'created',
        entity_type: 'order',
        entity_label: `#${order.number}`,
        changes: expect.arrayContaining([{ field: 'Payment status', from: null, to: 'fully paid' }]),
      }),
      expect.objectContaining({
        actor: expect.objectContaining({ kind: 'visitor' }),
        action: 'created',
        entity_type: 'payment',
        entity_label: `of order #${order.number}`,
        changes: expect.arrayContaining([{ field: 'Amount', from: null, to: '40.00 EUR' }]),
      }),
    ]);
  });

  it('takes the store’s deposit, or nothing when it takes no payment at booking', async () => {
    const deposit = await shop({ payment_mode: 'deposit', deposit_percent: 30 });
    const first = await reserveInStore(t, deposit.b, deposit.store.slug, deposit.offer, DAY, 1);
    const partly = (await placeOrder(t, deposit.b, orderBody([first.id]))).json();
    expect(partly).toMatchObject({ total: 4000, paid: 1200, payment_status: 'partially_paid' });

    const later = await shop({ payment_mode: 'none' });
    const second = await reserveInStore(t, later.b, later.store.slug, later.offer, DAY, 1);
    const unpaid = await placeOrder(t, later.b, orderBody([second.id], { payment_token: undefined }));
    expect(unpaid.statusCode, unpaid.body).toBe(201);
    expect(unpaid.json()).toMatchObject({ total: 4000, paid: 0, payment_status: 'not_paid' });
  });

  it('refuses bad input and changes nothing: no card, terms, foreign holds, unknown extras, missing answers', async () => {
    const { b, store, offer } = await shop();
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 2);
    expectError(await placeOrder(t, b, orderBody([hold.id], { payment_token: undefined })), 400, { attr: 'payment_token' });
    expectError(await placeOrder(t, b, orderBody([hold.id], { terms_accepted: false })), 400, { attr: 'terms_accepted' });
    expectError(await placeOrder(t, b, orderBody([])), 400, { attr: 'lines' });
    await askQuestion(t, b, offer, 'Shoe size?', true);
    expectError(await placeOrder(t, b, orderBody([hold.id])), 400, { attr: 'lines.0.answers' });
    const other = await shop();
    const foreign = await reserveInStore(t, other.b, other.store.slug, other.offer, DAY, 1);
    expectError(await placeOrder(t, b, orderBody([foreign.id])), 400, { attr: 'lines.0.hold_id' });
    const body = orderBody([hold.id]);
    body.lines = [{ hold_id: hold.id, extras: [{ item_id: foreign.id, quantity: 1 }] }] as never;
    expectError(await placeOrder(t, b, body), 400, { attr: 'lines.0.extras.0.item_id' });
    expect(await ordersOf(b.account.id)).toHaveLength(0);
    // An offer of the organization that this store does not sell cannot be reserved in it.
    const unlisted = await createSellableOffer(t, b);
    await expect(reserveInStore(t, b, store.slug, unlisted, DAY, 1)).rejects.toThrow(/404/);
  });

  it('a declined card changes nothing and keeps the places held; an expired hold is refused before any charge', async () => {
    const { b, store, offer } = await shop();
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 2);
    expectError(await placeOrder(t, b, orderBody([hold.id], { payment_token: 'tok_chargeDeclined' })), 402, {
      code: 'payment_declined',
      attr: 'payment_token',
    });
    expect(await ordersOf(b.account.id)).toHaveLength(0);
    const [row] = await t.db.select().from(holds).where(eq(holds.id, hold.id));
    expect(row.status).toBe('active');
    expect((await placeOrder(t, b, orderBody([hold.id]))).statusCode).toBe(201);

    const late = await reserveInStore(t, b, store.slug, offer, DAY, 1);
    t.clock.now = new Date(Date.parse(late.utcExpiresAt) + 1000);
    const charges: string[] = [];
    cardProviderForTests.current = {
      ...testModeProvider,
      charge: async (input) => {
        charges.push(input.idempotencyKey);
        return testModeProvider.charge(input);
      },
    };
    expectError(await placeOrder(t, b, orderBody([late.id])), 409, { code: 'hold_expired' });
    expect(charges).toEqual([]);
  });

  it('when the places go between the charge and the booking, refunds at once and writes nothing (never an oversell)', async () => {
    const { b, store, offer } = await shop({}, 2);
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 2);
    const refunds: number[] = [];
    // The card takes long: meanwhile the hold expires and another visitor takes both places.
    const slow: PaymentProvider = {
      ...testModeProvider,
      charge: async (input) => {
        t.clock.now = new Date(Date.parse(hold.utcExpiresAt) + 1000);
        await reserveInStore(t, b, store.slug, offer, DAY, 2);
        return testModeProvider.charge(input);
      },
      refund: async (input) => {
        refunds.push(input.amountMinor);
        return testModeProvider.refund(input);
      },
    };
    cardProviderForTests.current = slow;
    expectError(await placeOrder(t, b, orderBody([hold.id])), 409, {
      code: 'hold_expired',
      detail: 'Your reservation expired and its places were taken meanwhile. Your payment was refunded in full.',
    });
    expect(refunds).toEqual([8000]);
    expect(await ordersOf(b.account.id)).toHaveLength(0);
    // The other visitor's hold holds both places; the first hold just expired.
    const held = await t.db
      .select()
      .from(holds)
      .where(and(eq(holds.accountId, b.account.id), eq(holds.status, 'active')));
    expect(held.filter((h) => h.expiresAt.getTime() > (t.clock.now as Date).getTime()).map((h) => h.participants)).toEqual([2]);
  });
});

describe('a store’s hold time', () => {
  it('holds a visitor’s places for the store’s minutes, and extending keeps them', async () => {
    const { b, store, offer } = await shop({ hold_minutes: 45 });
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 1);
    const now = (t.clock.now as Date).getTime();
    expect(Date.parse(hold.utcExpiresAt) - now).toBe(45 * 60_000);
    t.clock.now = new Date(now + 10 * 60_000);
    const extended = await t.app.inject({
      method: 'POST',
      url: `/api/1/holds/${hold.id}/extend/`,
      headers: hostHeaders(b.subdomain),
    });
    expect(Date.parse(extended.json().utcExpiresAt) - (now + 10 * 60_000)).toBe(45 * 60_000);
  });
});

describe('POST /api/recaptcha/', () => {
  it('says the check is off when the server has no key', async () => {
    const b = await createAccount(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recaptcha/',
      headers: hostHeaders(b.subdomain),
      payload: { token: 'x' },
    });
    expect(res.json()).toEqual({ enabled: false, success: false, score: null, checked_at: null });
  });
});

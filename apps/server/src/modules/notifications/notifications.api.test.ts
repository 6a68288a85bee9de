import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notificationPreferences, organizationNotifications } from '../../db/schema/notifications.ts';
import { orders, payments } from '../../db/schema/sales.ts';
import { testModeProvider } from '../../integrations/payments/payment-provider.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { cartOf, lineBody } from '../../test/cart-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount, type TestUser } from '../../test/factories.ts';
import { contact, createOrder, orderRequests } from '../../test/order-factories.ts';
import { partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, reserveInStore } from '../../test/webstore-factories.ts';
import { cardProviderForTests } from '../orders/payments.service.ts';
import { NOTICE_MAIL_JOB, NOTICES_SWEEP_JOB } from './notification-jobs.ts';

const t = useTestApp();
const DAY = '2026-12-03';
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterEach(() => {
  cardProviderForTests.current = null;
});

type Notice = { id: string; kind: string; title: string; message: string; order_id: string | null; link: string | null };
const noticesOf = async (who: TestUser, query = '') => {
  const res = await t.app.inject({ url: `/api/notifications/?${query}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as (Notice & { read_at: string | null })[];
};
const unreadOf = async (who: TestUser) =>
  (await t.app.inject({ url: '/api/notifications/unread-count/', headers: who.headers })).json().unread as number;
/** The mail sweep and every mail job it queued, as the queue runs them. */
const sweep = async () => {
  await t.app.jobs.runNow(NOTICES_SWEEP_JOB);
  await t.app.jobs.idle();
};
const mailsTo = (who: TestUser, title?: string) =>
  (t.mailer.outbox ?? []).filter((m) => m.to === who.email && m.subject.includes(title ?? '] '));
const choose = async (who: TestUser, mail: Partial<Record<string, boolean>>) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/notification-preferences/',
    headers: who.headers,
    payload: { mail: { new_booking: false, cancellation: false, resale: false, payment_failed: false, ...mail } },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const shop = async () => {
  const a = await createAccount(t);
  await connectTestProvider(t.db, a.account.id);
  const store = await createStore(t, a, { name: 'Quay Store' });
  const offer = await createSellableOffer(t, a, {
    lines: [{ time: '10:00', capacity: 10 }],
    prices: { adult: 4000, child: 2000 },
  });
  await addToStore(t, a, store.id, [offer.offer.id]);
  return { a, store, offer };
};
const orderIdOf = async (account: TestAccount) => {
  const [order] = await t.db.select().from(orders).where(eq(orders.accountId, account.account.id));
  return order;
};

describe('a webstore booking', () => {
  it('tells its own organization in the bell (each member their own read state) and mails only the members who chose it', async () => {
    const { a, store, offer } = await shop();
    const other = await createAccount(t);
    const clerk = await createMember(t, a, ['Manage orders']); // not a manager: no mail by default
    const keen = await createMember(t, a, ['Manage orders']);
    await choose(keen, { new_booking: true });
    const guide = await createMember(t, a, ['View experiences']); // may not see orders
    const hold = await reserveInStore(t, a, store.slug, offer, DAY, 2);
    const placed = await placeOrder(t, a, orderBody([hold.id]));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = await orderIdOf(a);

    const notices = await noticesOf(a.owner);
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'new_booking',
        title: `New booking #${order.number}`,
        message: expect.stringMatching(/^Vera Visitor booked €80\.00 in the webstore\.$/),
        order_id: order.id,
        link: `/orders/editor/${order.id}/details`,
        read_at: null,
      }),
    ]);
    expect(await noticesOf(clerk)).toHaveLength(1);
    expect(await noticesOf(other.owner)).toEqual([]);
    expectError(await t.app.inject({ url: '/api/notifications/', headers: guide.headers }), 403, { code: 'permission_denied' });

    // Nothing is mailed while the request answers: the queue's sweep does it, once per member who chose it.
    expect(mailsTo(a.owner)).toEqual([]);
    await sweep();
    expect(mailsTo(a.owner, `New booking #${order.number}`)).toHaveLength(1);
    expect(mailsTo(keen, `New booking #${order.number}`)).toHaveLength(1);
    expect(mailsTo(keen)[0].text).toContain(`/orders/editor/${order.id}/details`);
    expect(mailsTo(clerk)).toEqual([]);
    expect(mailsTo(guide)).toEqual([]);
    expect(mailsTo(other.owner)).toEqual([]);

    // Read state is per member: the clerk reads it, the owner still has it unread; "Mark all as read".
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${notices[0].id}/read/`,
      headers: clerk.headers,
      payload: {},
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(await unreadOf(clerk)).toBe(0);
    expect(await unreadOf(a.owner)).toBe(1);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${notices[0].id}/read/`,
      headers: other.owner.headers,
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all/',
      headers: a.owner.headers,
      payload: {},
    });
    expect(all.json()).toEqual({ marked: 1, unread: 0 });
  });
});

describe('a back-office booking', () => {
  it('is in every member’s bell; the member who made it gets no mail of it, the others who chose it do', async () => {
    const a = await createAccount(t);
    const offer = await createSellableOffer(t, a);
    const keen = await createMember(t, a, ['Manage orders']);
    await choose(keen, { new_booking: true });
    const { post } = orderRequests(t, a);
    const cart = await cartOf(t, a.owner);
    expect((await post(`/api/cart/${cart.id}/lines/`, lineBody(offer, DAY, { adults: 2 }))).statusCode).toBe(201);
    const made = await post('/api/orders/', { cart_id: cart.id, contact: contact() });
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json();
    expect(await noticesOf(a.owner)).toEqual([
      expect.objectContaining({
        kind: 'new_booking',
        order_id: order.id,
        message: expect.stringContaining('in the back office'),
      }),
    ]);
    expect(await noticesOf(keen)).toHaveLength(1);
    await sweep();
    expect(mailsTo(keen, `New booking ${order.reference}`)).toHaveLength(1);
    expect(mailsTo(a.owner)).toEqual([]);
  });
});

describe('a resale', () => {
  const resold = async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const offer = await createSellableOffer(t, supplier, { lines: [{ time: '10:00', capacity: 10 }] });
    await partnerUp(t, supplier, reseller, { commission_percent: 15 });
    const store = await createStore(t, reseller, { name: 'City Guide Store' });
    await addToStore(t, reseller, store.id, [offer.offer.id]);
    const sell = async () => {
      const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 2);
      const res = await placeOrder(t, reseller, orderBody([hold.id]));
      expect(res.statusCode, res.body).toBe(201);
      const [sold] = (await noticesOf(supplier.owner, 'kind=resale')).filter((n) => n.message.includes('sold'));
      return sold.order_id as string;
    };
    return { supplier, reseller, sell };
  };

  it('tells the supplier (a resale, linking its order) and the reseller (a sale); each is mailed', async () => {
    const { supplier, reseller, sell } = await resold();
    const orderId = await sell();
    const supplierSide = await noticesOf(supplier.owner);
    expect(supplierSide).toEqual([
      expect.objectContaining({
        kind: 'resale',
        title: expect.stringMatching(new RegExp(`^Resale #\\d+ by Org ${reseller.subdomain}$`)),
        order_id: orderId,
        link: `/orders/editor/${orderId}/details`,
      }),
    ]);
    expect(await noticesOf(reseller.owner)).toEqual([
      expect.objectContaining({
        kind: 'new_booking',
        title: expect.stringMatching(new RegExp(`^New sale #\\d+ of Org ${supplier.subdomain}$`)),
        order_id: null,
        link: '/resales/overview?pageSize=25',
      }),
    ]);
    await sweep();
    expect(mailsTo(supplier.owner, 'Resale #')).toHaveLength(1);
    expect(mailsTo(reseller.owner, 'New sale #')).toHaveLength(1);
  });

  it('canceled by the reseller tells the supplier; canceled by the supplier tells the reseller', async () => {
    const { supplier, reseller, sell } = await resold();
    const first = await sell();
    const byReseller = await t.app.inject({
      method: 'POST',
      url: `/api/resales/${first}/cancel/`,
      headers: reseller.owner.headers,
      payload: {},
    });
    expect(byReseller.statusCode, byReseller.body).toBe(200);
    expect(await noticesOf(supplier.owner, 'kind=cancellation')).toEqual([
      expect.objectContaining({
        title: expect.stringMatching(new RegExp(`^Booking #\\d+ canceled by Org ${reseller.subdomain}$`)),
        order_id: first,
      }),
    ]);
    // Its own cancellation is no news to the reseller.
    expect((await noticesOf(reseller.owner)).map((n) => n.kind)).toEqual(['new_booking']);

    const second = await sell();
    const bySupplier = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${second}/cancel/`,
      headers: supplier.owner.headers,
      payload: {},
    });
    expect(bySupplier.statusCode, bySupplier.body).toBe(200);
    expect(await noticesOf(reseller.owner, 'kind=resale')).toEqual([
      expect.objectContaining({ title: expect.stringMatching(new RegExp(`^Org ${supplier.subdomain} canceled sale #\\d+$`)) }),
    ]);
    expect(await noticesOf(supplier.owner, 'kind=cancellation')).toHaveLength(1);
    await sweep();
    expect(mailsTo(supplier.owner, 'canceled by')).toHaveLength(1);
    expect(mailsTo(reseller.owner, 'canceled sale')).toHaveLength(1);
  });
});

describe('a declined card payment', () => {
  it('tells its organization only, and mails the members who chose failed payments (not the one who saw it fail)', async () => {
    const a = await createAccount(t);
    await connectTestProvider(t.db, a.account.id);
    const other = await createAccount(t);
    const order = await createOrder(t, a, await createSellableOffer(t, a), DAY);
    const cashier = await createMember(t, a, ['Manage orders']);
    await choose(cashier, { payment_failed: true });
    const bookkeeper = await createMember(t, a, ['Manage orders']);
    await choose(bookkeeper, { new_booking: true });
    cardProviderForTests.current = { ...testModeProvider, charge: async () => ({ status: 'failed', reference: 'test_ch_no' }) };
    const paid = await orderRequests(t, a).pay(order.id, { kind: 'payment', method: 'card', amount: 1000 });
    expectError(paid, 502, { code: 'provider_failed' });
    expect(await noticesOf(a.owner, 'kind=payment_failed')).toEqual([
      expect.objectContaining({
        title: `Card payment failed for ${order.reference}`,
        message: 'The card payment of €10.00 did not go through: nothing was charged.',
        order_id: order.id,
      }),
    ]);
    expect(await noticesOf(other.owner)).toEqual([]);
    await sweep();
    expect(mailsTo(cashier, 'Card payment failed')).toHaveLength(1);
    expect(mailsTo(bookkeeper, 'Card payment failed')).toEqual([]);
    expect(mailsTo(a.owner, 'Card payment failed')).toEqual([]); // the owner recorded it and saw it fail
  });
});

describe('preferences', () => {
  it('start from the role’s defaults, and bad input is a 400 that writes nothing', async () => {
    const a = await createAccount(t);
    const clerk = await createMember(t, a, ['Manage orders']);
    const guide = await createMember(t, a, ['View experiences']);
    const get = (who: TestUser) => t.app.inject({ url: '/api/notification-preferences/', headers: who.headers });
    expect((await get(a.owner)).json()).toEqual({
      mail: { new_booking: true, cancellation: true, resale: true, payment_failed: true },
      receives_mail: true,
      email: a.owner.email,
    });
    expect((await get(clerk)).json()).toMatchObject({
      mail: { new_booking: false, cancellation: false, resale: false, payment_failed: false },
      receives_mail: true,
    });
    expect((await get(guide)).json()).toMatchObject({ receives_mail: false });
    const put = (payload: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/notification-preferences/', headers: clerk.headers, payload: payload as object });
    const full = { new_booking: true, cancellation: false, resale: false, payment_failed: true };
    for (const bad of [
      {},
      { mail: { ...full, new_booking: 'yes' } },
      { mail: { new_booking: true } },
      { mail: { ...full, refunds: true } },
      { mail: full, extra: 1 },
      { mail: null },
    ]) {
      expect((await put(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, clerk.id))).toEqual([]);
    const saved = await put({ mail: full });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(clerk)).json().mail).toEqual(full);
    // Another member's choice is untouched.
    expect((await get(a.owner)).json().mail.cancellation).toBe(true);
  });
});

describe('exactly once', () => {
  it('a rolled-back webstore checkout (the order was written, then its payment could not be) notifies nobody', async () => {
    const { a, store, offer } = await shop();
    // An earlier payment already holds the key this checkout's payment will take: the insert fails
    // after the order and its notice were written, and the whole transaction rolls back.
    const earlier = await createOrder(t, a, offer, DAY);
    const body = orderBody([(await reserveInStore(t, a, store.slug, offer, DAY, 2)).id]);
    const session = `cs_${createHmac('sha256', t.config.JWT_SECRET).update(`${a.account.id}:${body.idempotency_key}`).digest('base64url').slice(0, 32)}`;
    await t.db.insert(payments).values({
      accountId: a.account.id,
      orderId: earlier.id,
      kind: 'payment',
      method: 'cash',
      amountMinor: 100,
      status: 'succeeded',
      provider: 'manual',
      idempotencyKey: `webstore:${session}`,
    });
    const before = await noticesOf(a.owner);
    expect(before).toHaveLength(1); // the earlier booking's
    const res = await placeOrder(t, a, body);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(await t.db.select().from(orders).where(eq(orders.accountId, a.account.id))).toHaveLength(1);
    expect(await noticesOf(a.owner)).toEqual(before);
    await sweep();
    expect(mailsTo(a.owner)).toHaveLength(1);
  });

  it('sends each mail once when the sweep runs twice and the mail job runs many times at once', async () => {
    const a = await createAccount(t);
    const order = await createOrder(t, a, await createSellableOffer(t, a), DAY);
    await sweep();
    await sweep();
    expect(mailsTo(a.owner, `New booking ${order.reference}`)).toHaveLength(1);
    const [notice] = await t.db.select().from(organizationNotifications).where(eq(organizationNotifications.orderId, order.id));
    const job = { notificationId: notice.id, userId: a.owner.id };
    await Promise.all(Array.from({ length: 5 }, () => t.app.jobs.runNow(NOTICE_MAIL_JOB, job)));
    expect(mailsTo(a.owner, `New booking ${order.reference}`)).toHaveLength(1);
  });

  it('mails nobody of a kind they turned off since the notice was recorded', async () => {
    const a = await createAccount(t);
    await createOrder(t, a, await createSellableOffer(t, a), DAY);
    await choose(a.owner, {});
    await sweep();
    expect(mailsTo(a.owner)).toEqual([]);
    expect(await noticesOf(a.owner)).toHaveLength(1); // the bell still shows it
  });
});

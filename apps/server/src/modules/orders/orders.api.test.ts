import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, holds } from '../../db/schema/availability.ts';
import { orders } from '../../db/schema/sales.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { askQuestion, cartOf, lineBody } from '../../test/cart-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, useAccount } from '../../test/factories.ts';
import { book, contact, createOrder, orderRequests, reserveParty, usePolicy } from '../../test/order-factories.ts';

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';

beforeEach(() => {
  // The day before, mid-morning in Berlin: DAY's 10:00 start is 24 hours and 1 minute away.
  t.clock.now = new Date('2026-11-30T08:59:00Z');
});

const { get, post, pay } = orderRequests(t, a);
const remaining = async (offer: Awaited<ReturnType<typeof createSellableOffer>>) => {
  const res = await get(`/api/bookings/check-availability/?experience_id=${offer.offer.id}&date_from=${DAY}`);
  return res.json().results[0].available as number;
};

describe('POST /api/1/book/', () => {
  it('turns a hold into a confirmed order of one booking, priced by the server, exactly once', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const hold = await reserveParty(t, a, offer, DAY, { adults: 2, children: 1 });
    const who = contact();
    const res = await book(t, a, hold.id, who);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      reference: `#${order.number}`,
      channel: 'api',
      status: 'confirmed',
      payment_status: 'not_paid',
      currency: 'EUR',
      total: 2 * 3500 + 1500,
      paid: 0,
      refundable: 0,
      contact: { first_name: 'Ada', last_name: who.last_name, email: who.email, phone: '' },
      payments: [],
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        status: 'active',
        total: 8500,
        description: offer.offer.title,
        booking: expect.objectContaining({ status: 'confirmed', attendance_status: 'open', participants: 3, local_date: DAY }),
      }),
    ]);
    const [held] = await t.db.select().from(holds).where(eq(holds.id, hold.id));
    expect(held.status).toBe('converted');
    expect(await remaining(offer)).toBe(7);

    expectError(await book(t, a, hold.id), 409, { code: 'hold_not_active' });
    expect((await t.db.select().from(orders).where(eq(orders.accountId, a.account.id))).length).toBe(1);
  });

  it('numbers orders per organization from 1', async () => {
    const b = await createAccount(t);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00' }] });
    const first = await createOrder(t, b, offer, DAY, { adults: 1 });
    const second = await createOrder(t, b, offer, DAY, { adults: 1 });
    expect([first.number, second.number]).toEqual([1, 2]);
    expect(second.reference).toBe('#2');
  });

  it('refuses bad input, unknown and foreign holds, and an expired hold, writing nothing', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const hold = await reserveParty(t, a, offer, DAY, { adults: 1 });
    // This organization's orders: other files share a PostgreSQL database and make orders meanwhile.
    const ofA = async () => (await t.db.select().from(orders).where(eq(orders.accountId, a.account.id))).length;
    const before = await ofA();
    expectError(await book(t, a, hold.id, { ...contact(), email: 'not-an-email' }), 400, { attr: 'contact.email' });
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/1/book/',
        headers: hostHeaders(a.subdomain),
        payload: { holdId: hold.id },
      }),
      400,
      { attr: 'contact' },
    );
    expectError(await book(t, a, crypto.randomUUID()), 404, { code: 'not_found' });
    const other = await createAccount(t);
    expectError(await book(t, other, hold.id), 404, { code: 'not_found' });
    t.clock.now = new Date(Date.parse(hold.utcExpiresAt) + 1);
    expectError(await book(t, a, hold.id), 409, { code: 'hold_expired' });
    expect(await ofA()).toBe(before);
  });
});

describe('GET /api/orders/', () => {
  it('filters by status, payment status, date range and channel, searches and orders, in the list shape', async () => {
    const b = await createAccount(t);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00', capacity: 30 }] });
    const paid = await createOrder(t, b, offer, DAY, { adults: 1 });
    const partly = await createOrder(t, b, offer, DAY, { adults: 2 });
    const canceled = await createOrder(t, b, offer, DAY, { adults: 3 });
    expect((await pay(paid.id, { method: 'cash', amount: 3500 }, b.owner.headers)).statusCode).toBe(201);
    expect((await pay(partly.id, { method: 'bank_transfer', amount: 1000 }, b.owner.headers)).statusCode).toBe(201);
    expect((await post(`/api/orders/${canceled.id}/cancel/`, {}, b.owner.headers)).statusCode).toBe(200);

    const list = async (query: string) => {
      const res = await get(`/api/orders/?${query}`, b.owner.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; results: { id: string; payment_status: string; total: number }[] };
    };
    const ids = async (query: string) => (await list(query)).results.map((r) => r.id);
    expect(await ids('')).toEqual([canceled.id, partly.id, paid.id]);
    expect(await ids('payment_status=fully_paid')).toEqual([paid.id]);
    expect(await ids('payment_status=Partially%20paid')).toEqual([partly.id]);
    expect(await ids('status=canceled')).toEqual([canceled.id]);
    expect(await ids('status=Confirmed')).toEqual([partly.id, paid.id]);
    expect(await ids('status=unconfirmed')).toEqual([]);
    expect(await ids('status=All&date_range=All%20time')).toHaveLength(3);
    expect(await ids('date_range=last_7_days')).toHaveLength(3);
    expect(await ids('channel=webstore')).toEqual([]);
    expect(await ids(`search=${encodeURIComponent(partly.contact.last_name)}`)).toEqual([partly.id]);
    expect(await ids(`search=%23${paid.number}`)).toEqual([paid.id]);
    expect(await ids('ordering=total')).toEqual([canceled.id, paid.id, partly.id]);
    const page = await list('page_size=2&page=2');
    expect(page.count).toBe(3);
    expect(page.results).toHaveLength(1);

    t.clock.now = new Date('2027-01-30T00:00:00Z');
    expect(await ids('date_range=last_30_days')).toEqual([]);
    expect(await ids('date_range=last_2_months')).toHaveLength(3);

    const options = (await get('/api/orders/filter-options/', b.owner.headers)).json();
    expect(options).toEqual({
      status: ['canceled', 'confirmed'],
      payment_status: ['fully_paid', 'not_paid', 'partially_paid'],
      channel: ['api'],
      seller: [],
      store: [],
    });
    expectError(await get('/api/orders/?status=lost', b.owner.headers), 400, { attr: 'status' });
    expectError(await get('/api/orders/?ordering=color', b.owner.headers), 400, { attr: 'ordering' });
  });

  it("needs 'Manage orders' and never shows another organization's orders", async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, a, offer, DAY, { adults: 1 });
    const viewer = await createMember(t, a, ['View experiences']);
    expectError(await get('/api/orders/', viewer.headers), 403, { code: 'permission_denied' });
    expectError(await get(`/api/orders/${order.id}/`, viewer.headers), 403, { code: 'permission_denied' });
    const clerk = await createMember(t, a, ['Manage orders']);
    expect((await get(`/api/orders/${order.id}/`, clerk.headers)).statusCode).toBe(200);
    expectError(await t.app.inject({ url: '/api/orders/' }), 401, {});

    const other = await createAccount(t);
    expectError(await get(`/api/orders/${order.id}/`, other.owner.headers), 404, { code: 'not_found' });
    expectError(await post(`/api/orders/${order.id}/cancel/`, {}, other.owner.headers), 404, { code: 'not_found' });
    expectError(await pay(order.id, { method: 'cash', amount: 100 }, other.owner.headers), 404, { code: 'not_found' });
    expect((await get('/api/orders/', other.owner.headers)).json().count).toBe(0);
  });
});

describe('the seller filter', () => {
  it('finds the orders a team member took in the back office, and offers the members who sold', async () => {
    const b = await createAccount(t);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00', capacity: 30 }] });
    const online = await createOrder(t, b, offer, DAY, { adults: 1 });
    const clerk = await createMember(t, b, ['Manage orders', 'Manage cart']);
    const cart = await cartOf(t, clerk);
    expect((await post(`/api/cart/${cart.id}/lines/`, lineBody(offer, DAY, { adults: 2 }), clerk.headers)).statusCode).toBe(201);
    const taken = await post('/api/orders/', { cart_id: cart.id, contact: contact() }, clerk.headers);
    expect(taken.statusCode, taken.body).toBe(201);

    const ids = async (query: string) =>
      (await get(`/api/orders/?${query}`, b.owner.headers)).json().results.map((r: { id: string }) => r.id);
    expect(await ids('')).toEqual([taken.json().id, online.id]);
    expect(await ids(`seller=${clerk.id}`)).toEqual([taken.json().id]);
    expect(await ids(`seller=${b.owner.id}`)).toEqual([]);
    expect(await ids('seller=all')).toHaveLength(2);
    expectError(await get('/api/orders/?seller=bob', b.owner.headers), 400, { attr: 'seller' });
    const options = (await get('/api/orders/filter-options/', b.owner.headers)).json();
    expect(options.seller).toEqual([{ value: clerk.id, label: expect.any(String) }]);
  });
});

describe('counting a very large filtered list', () => {
  it('counts ten pages past the page asked for and says so; a short last page counts itself', async () => {
    const b = await createAccount(t);
    await t.db.execute(sql`
      insert into orders (id, account_id, number, channel, contact_first_name, contact_last_name, status, currency, total_minor)
      select gen_random_uuid(), ${b.account.id}, n, 'api', 'Bulk', 'Buyer ' || n, 'confirmed', 'EUR', 1000
      from generate_series(1, 1030) n`);
    const list = (query: string) =>
      t.app.inject({ url: `/api/orders/?${query}`, headers: b.owner.headers }).then((r) => r.json());
    expect(await list('status=confirmed&page_size=25')).toMatchObject({ count: 250, count_capped: true, total_pages: 10 });
    // Further on, it counts further: page 10 of 25 sees up to 475.
    expect(await list('status=confirmed&page_size=25&page=10')).toMatchObject({ count: 475, count_capped: true });
    // The last page is short: the whole count, exactly.
    const last = await list('status=confirmed&page_size=50&page=21');
    expect(last).toMatchObject({ count: 1030, total_pages: 21 });
    expect(last.count_capped).toBeUndefined();
    const narrow = await list('search=buyer%20103&page_size=25');
    expect(narrow.count).toBe(2); // "Buyer 103" and "Buyer 1030" (only 1030 orders exist)
    expect(narrow.count_capped).toBeUndefined();
  });
});

describe('on-request offers', () => {
  it('book as Created (places taken) until the operator confirms; a second confirm is refused', async () => {
    const offer = await createSellableOffer(t, a, {
      lines: [{ time: '10:00', capacity: 10 }],
      overrides: { confirmationMode: 'on_request' },
    });
    const order = await createOrder(t, a, offer, DAY);
    expect(order.status).toBe('created');
    expect(order.lines[0].booking.status).toBe('created');
    expect(await remaining(offer)).toBe(7);
    const unconfirmed = (await get('/api/orders/?status=unconfirmed&page_size=100')).json();
    expect(unconfirmed.results.map((o: { id: string }) => o.id)).toContain(order.id);
    const res = await post(`/api/orders/${order.id}/confirm/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', lines: [{ booking: { status: 'confirmed' } }] });
    expectError(await post(`/api/orders/${order.id}/confirm/`), 409, { code: 'order_not_waiting' });
    expectError(await post(`/api/orders/${order.id}/decline/`), 409, { code: 'order_not_waiting' });
  });

  it('declined: canceled, places back, everything paid proposed for refund whatever the policy', async () => {
    const offer = await createSellableOffer(t, a, {
      lines: [{ time: '10:00', capacity: 10 }],
      overrides: { confirmationMode: 'on_request' },
    });
    await usePolicy(t, a, offer, [{ hours_before: 0, refund_percent: 0 }]);
    const order = await createOrder(t, a, offer, DAY);
    expect((await pay(order.id, { method: 'cash', amount: 3000 })).statusCode).toBe(201);
    const res = await post(`/api/orders/${order.id}/decline/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ proposed_refund: 3000, order: { status: 'canceled' } });
    expect(await remaining(offer)).toBe(10);
    const clerk = await createMember(t, a, ['View experiences']);
    expectError(await post(`/api/orders/${order.id}/confirm/`, {}, clerk.headers), 403, {});
  });
});

describe('PATCH an order line', () => {
  it("changes the answers to the offer's questions, checked like at checkout", async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, a, offer, DAY);
    const question = await askQuestion(t, a, offer, 'Which language?', false);
    const url = `/api/orders/${order.id}/lines/${order.lines[0].id}/`;
    const patch = (answers: object[]) => t.app.inject({ method: 'PATCH', url, headers: a.owner.headers, payload: { answers } });
    const res = await patch([{ question_id: question.id, answer: 'Deutsch' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().answers).toEqual([{ question_id: question.id, question: 'Which language?', answer: 'Deutsch' }]);
    expectError(await patch([{ question_id: crypto.randomUUID(), answer: 'x' }]), 400, { attr: 'answers.0.question_id' });
    expectError(await patch([{ question_id: question.id, answer: 'x', total: 1 }]), 400, {});
    expect((await get(url)).json().answers[0].answer).toBe('Deutsch');
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/lines/${crypto.randomUUID()}/`,
        headers: a.owner.headers,
        payload: { answers: [] },
      }),
      404,
      {},
    );
  });
});

describe('cancelling', () => {
  it('gives the places back once and proposes the refund of the policy for the hours left', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    await usePolicy(t, a, offer, [
      { hours_before: 48, refund_percent: 100 },
      { hours_before: 24, refund_percent: 50 },
    ]);
    const order = await createOrder(t, a, offer, DAY, { adults: 2, children: 1 }); // 8500, starts in 24 h 1 min
    await pay(order.id, { method: 'cash', amount: 8500 });
    expect(await remaining(offer)).toBe(7);

    const res = await post(`/api/orders/${order.id}/cancel/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().proposed_refund).toBe(4250);
    // Paid in cash: the refund is recorded as owed, for the operator to make (Refund due).
    expect(res.json().refund).toEqual({ amount: 4250, way: 'operator' });
    expect(res.json().order).toMatchObject({ status: 'canceled', total: 0, payment_status: 'refund_due', refund_due: 4250 });
    expect(res.json().order.lines[0]).toMatchObject({
      status: 'canceled',
      booking: expect.objectContaining({ status: 'canceled' }),
    });
    expect(await remaining(offer)).toBe(10);

    expectError(await post(`/api/orders/${order.id}/cancel/`), 409, { code: 'order_canceled' });
    expect(await remaining(offer)).toBe(10);
    expectError(await pay(order.id, { method: 'cash', amount: 100 }), 409, { code: 'order_canceled' });
    // Recording the refund settles what was owed.
    expect((await pay(order.id, { kind: 'refund', method: 'cash', amount: 4250 })).statusCode).toBe(201);
    expect((await get(`/api/orders/${order.id}/`)).json()).toMatchObject({
      refunded: 4250,
      refundable: 4250,
      refund_due: 0,
      payment_status: 'partially_refunded',
    });
  });

  it('proposes nothing after the last tier, and cancels one line of an order', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    await usePolicy(t, a, offer, [{ hours_before: 48, refund_percent: 100 }]);
    const order = await createOrder(t, a, offer, DAY, { adults: 1 });
    await pay(order.id, { method: 'cash', amount: 3500 });
    const line = order.lines[0];
    const res = await post(`/api/orders/${order.id}/lines/${line.id}/cancel/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().proposed_refund).toBe(0);
    expect(res.json().refund).toEqual({ amount: 0, way: 'none' });
    expect(res.json().order).toMatchObject({ status: 'canceled', payment_status: 'fully_paid', refund_due: 0 });
    expectError(await post(`/api/orders/${order.id}/lines/${line.id}/cancel/`), 409, { code: 'line_canceled' });
    expectError(await post(`/api/orders/${order.id}/lines/${crypto.randomUUID()}/cancel/`), 404, { code: 'not_found' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, line.booking.id));
    expect(row.status).toBe('canceled');
  });
});

describe('GET /api/order?session_id=', () => {
  it('answers the public summary of the order a checkout made, only on its organization, nothing else', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const order = await createOrder(t, a, offer, DAY);
    expect(order.session_id).toMatch(/^cs_[\w-]{32}$/);
    const res = await t.app.inject({ url: `/api/order?session_id=${order.session_id}`, headers: hostHeaders(a.subdomain) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      reference: order.reference,
      status: 'confirmed',
      payment_status: 'not_paid',
      currency: 'EUR',
      total: 8500,
      paid: 0,
      store_slug: null,
      first_name: 'Ada',
      bookings: [
        {
          title: offer.offer.title,
          status: 'confirmed',
          starts_at: order.lines[0].booking.starts_at,
          local_date: DAY,
          time_zone: order.lines[0].booking.time_zone,
          participants: 3,
        },
      ],
      created_at: order.created_at,
    });
    const b = await createAccount(t);
    expectError(
      await t.app.inject({ url: `/api/order?session_id=${order.session_id}`, headers: hostHeaders(b.subdomain) }),
      404,
      {},
    );
    expectError(
      await t.app.inject({ url: `/api/order?session_id=cs_${'x'.repeat(32)}`, headers: hostHeaders(a.subdomain) }),
      404,
      { detail: 'No order was made by this checkout.' },
    );
    expectError(await t.app.inject({ url: '/api/order?session_id=short', headers: hostHeaders(a.subdomain) }), 400, {
      attr: 'session_id',
    });
  });
});

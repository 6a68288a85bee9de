import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { holds } from '../../db/schema/availability.ts';
import { cartLines } from '../../db/schema/carts.ts';
import { orders } from '../../db/schema/sales.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { askQuestion, attachExtra, cartOf, lineBody } from '../../test/cart-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestUser, useAccount } from '../../test/factories.ts';

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';
const NOW = new Date('2026-11-30T09:00:00Z');

beforeEach(async () => {
  t.clock.now = NOW;
  // Every test starts with an empty cart (one cart per user, and the account is shared by the file).
  await send('DELETE', `/api/cart/${(await cartOf(t, a.owner)).id}/`);
});

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, user: TestUser = a.owner) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
type Offer = Awaited<ReturnType<typeof createSellableOffer>>;
const available = async (offer: Offer, cartLineId?: string) => {
  const extra = cartLineId ? `&cart_line_id=${cartLineId}` : '';
  const res = await send('GET', `/api/bookings/check-availability/?experience_id=${offer.offer.id}&date_from=${DAY}${extra}`);
  return res.json().results[0].available as number;
};
const addLine = async (cartId: string, body: object, user: TestUser = a.owner) =>
  send('POST', `/api/cart/${cartId}/lines/`, body, user);

describe('the cart', () => {
  it('is one per user: the same on every read, started on first use', async () => {
    const first = await cartOf(t, a.owner);
    expect(first).toMatchObject({ customer_id: null, currency: null, total: 0, expires_at: null, lines: [] });
    expect((await cartOf(t, a.owner)).id).toBe(first.id);
    expect((await send('POST', '/api/cart/', {})).json().id).toBe(first.id);
    const member = await createMember(t, a, ['Manage cart', 'Manage orders']);
    const theirs = await cartOf(t, member);
    expect(theirs.id).not.toBe(first.id);
    // Another user's cart does not exist for you.
    expectError(await send('GET', `/api/cart/${theirs.id}/`), 404, {});
    expectError(await addLine(theirs.id, {}), 400, {});
  });

  it('adds a line that holds places at the server’s price, and shows its hold', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const cart = await cartOf(t, a.owner);
    const res = await addLine(cart.id, lineBody(offer, DAY, { adults: 2, children: 1 }));
    expect(res.statusCode, res.body).toBe(201);
    const line = res.json();
    expect(line).toMatchObject({
      experience_title: offer.offer.title,
      date: DAY,
      time: '10:00',
      participants: 3,
      currency: 'EUR',
      party_total: 8500,
      extras_total: 0,
      total: 8500,
      hold: { active: true },
    });
    expect(new Date(line.hold.expires_at).getTime()).toBeGreaterThan(NOW.getTime());
    expect(await available(offer)).toBe(7);
    // Its own hold does not count when the line is being edited.
    expect(await available(offer, line.id)).toBe(10);
    const full = (await send('GET', `/api/cart/${cart.id}/`)).json();
    expect(full).toMatchObject({ total: 8500, currency: 'EUR', expires_at: line.hold.expires_at, lines: [{ id: line.id }] });
    expect((await send('GET', `/api/cart/${cart.id}/lines/${line.id}/`)).json().id).toBe(line.id);
    expect((await send('GET', `/api/cart/${cart.id}/lines/`)).json()).toHaveLength(1);
  });

  it('never takes a price or total from the client, and bad input writes nothing', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const cart = await cartOf(t, a.owner);
    const body = lineBody(offer, DAY, { adults: 1 });
    expectError(await addLine(cart.id, { ...body, total: 1 }), 400, {});
    expectError(await addLine(cart.id, { ...body, units: [{ ...body.units[0], unit_price: 1 }] }), 400, {});
    expectError(await addLine(cart.id, { ...body, units: [] }), 400, { attr: 'units' });
    expectError(await addLine(cart.id, { ...body, rate_id: crypto.randomUUID() }), 400, { attr: 'rate_id' });
    expectError(await addLine(cart.id, { ...body, availability_id: 'nope' }), 400, { attr: 'availability_id' });
    expectError(await addLine(cart.id, { ...body, experience_id: crypto.randomUUID() }), 400, { attr: 'experience_id' });
    expectError(await addLine(cart.id, { ...body, units: [{ pricing_category_id: crypto.randomUUID(), quantity: 1 }] }), 400, {
      attr: 'units.0.pricing_category_id',
    });
    expectError(await addLine(cart.id, lineBody(offer, DAY, { adults: 11 })), 409, { code: 'not_enough_places' });
    expect(await t.db.select().from(cartLines).where(eq(cartLines.experienceId, offer.offer.id))).toEqual([]);
    expect(await t.db.select().from(holds).where(eq(holds.experienceId, offer.offer.id))).toEqual([]);
    expect(await available(offer)).toBe(10);
  });

  it('prices extras from the item and checks answers against the offer’s questions', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const photos = await attachExtra(t, a, offer, 1200);
    const question = await askQuestion(t, a, offer, 'Any allergies?');
    const cart = await cartOf(t, a.owner);
    const body = lineBody(offer, DAY, { adults: 2 });
    expectError(await addLine(cart.id, body), 400, { attr: 'answers', detail: 'Please answer: Any allergies?' });
    const answers = [{ question_id: question.id, answer: 'Peanuts' }];
    expectError(await addLine(cart.id, { ...body, answers, extras: [{ item_id: crypto.randomUUID(), quantity: 1 }] }), 400, {
      attr: 'extras.0.item_id',
    });
    const res = await addLine(cart.id, { ...body, answers, extras: [{ item_id: photos.id, quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      party_total: 7000,
      extras_total: 2400,
      total: 9400,
      extras: [{ item_id: photos.id, quantity: 2, unit_price: 1200, amount: 2400 }],
      answers: [{ question_id: question.id, question: 'Any allergies?', answer: 'Peanuts' }],
    });
  });

  it('changes a line without counting its own places against it; a refused change keeps the line as it was', async () => {
    const offer = await createSellableOffer(t, a, {
      lines: [
        { time: '10:00', capacity: 4 },
        { time: '14:00', capacity: 4 },
      ],
    });
    const cart = await cartOf(t, a.owner);
    const line = (await addLine(cart.id, lineBody(offer, DAY, { adults: 3 }))).json();
    const patch = (body: object) => send('PATCH', `/api/cart/${cart.id}/lines/${line.id}/`, body);
    const four = await patch({ units: lineBody(offer, DAY, { adults: 4 }).units });
    expect(four.statusCode, four.body).toBe(200);
    expect(four.json()).toMatchObject({ participants: 4, total: 14000, hold: { active: true } });
    expect(four.json().hold.id).not.toBe(line.hold.id);
    expect(await available(offer)).toBe(0);
    expectError(await patch({ units: lineBody(offer, DAY, { adults: 5 }).units }), 409, { code: 'not_enough_places' });
    expect((await send('GET', `/api/cart/${cart.id}/lines/${line.id}/`)).json()).toMatchObject({ participants: 4 });
    expect(await available(offer)).toBe(0);
    // Moving to the afternoon frees the morning in the same step.
    const moved = await patch({ availability_id: lineBody(offer, DAY, { adults: 1 }, 1).availability_id });
    expect(moved.json()).toMatchObject({ time: '14:00', participants: 4 });
    expect(await available(offer)).toBe(4);
    const [old] = await t.db.select().from(holds).where(eq(holds.id, line.hold.id));
    expect(old.status).toBe('released');
  });

  it('gives places back when a line is removed or the cart emptied', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const cart = await cartOf(t, a.owner);
    const one = (await addLine(cart.id, lineBody(offer, DAY, { adults: 2 }))).json();
    await addLine(cart.id, lineBody(offer, DAY, { adults: 3 }));
    expect(await available(offer)).toBe(5);
    expect((await send('DELETE', `/api/cart/${cart.id}/lines/${one.id}/`)).statusCode).toBe(204);
    expect(await available(offer)).toBe(7);
    expect((await send('DELETE', `/api/cart/${cart.id}/`)).statusCode).toBe(204);
    expect(await available(offer)).toBe(10);
    // Forgotten: the next read answers an empty cart (under the same id, which is the user's).
    expect((await cartOf(t, a.owner)).lines).toEqual([]);
  });

  it('needs Manage cart, and stays within the organization', async () => {
    const clerk = await createMember(t, a, ['Manage orders']);
    expectError(await send('GET', '/api/cart/', undefined, clerk), 403, {});
    const b = await createAccount(t);
    const cart = await cartOf(t, a.owner);
    expectError(await t.app.inject({ url: `/api/cart/${cart.id}/`, headers: b.owner.headers }), 404, {});
  });
});

describe('POST /api/orders/ (checkout)', () => {
  const checkout = (body: object, user: TestUser = a.owner) => send('POST', '/api/orders/', body, user);

  it('turns the cart into one confirmed order exactly once, with extras and answers, at the held prices', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const photos = await attachExtra(t, a, offer, 1200);
    const cart = await cartOf(t, a.owner);
    const before = (await t.db.select().from(orders).where(eq(orders.accountId, a.account.id))).length;
    await addLine(cart.id, {
      ...lineBody(offer, DAY, { adults: 2, children: 1 }),
      extras: [{ item_id: photos.id, quantity: 1 }],
    });
    await addLine(cart.id, lineBody(offer, DAY, { adults: 1 }));
    const res = await checkout({
      cart_id: cart.id,
      contact: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      channel: 'backoffice',
      status: 'confirmed',
      payment_status: 'not_paid',
      total: 8500 + 1200 + 3500,
      contact: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' },
    });
    expect(order.customer_id).toEqual(expect.any(String));
    expect(order.lines.map((l: { total: number }) => l.total)).toEqual([9700, 3500]);
    expect(order.lines.every((l: { booking: { status: string } }) => l.booking.status === 'confirmed')).toBe(true);
    expect(await available(offer)).toBe(6);
    expect((await cartOf(t, a.owner)).lines).toEqual([]);
    expectError(await checkout({ cart_id: cart.id, customer_id: order.customer_id }), 409, { code: 'cart_empty' });
    expect(await t.db.select().from(orders).where(eq(orders.accountId, a.account.id))).toHaveLength(before + 1);
  });

  it('sells to an existing customer, and refuses what cannot be sold, writing nothing', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const cart = await cartOf(t, a.owner);
    const before = (await t.db.select().from(orders).where(eq(orders.accountId, a.account.id))).length;
    expectError(await checkout({ cart_id: cart.id }), 400, { attr: 'customer_id' });
    const customer = (
      await send('POST', '/api/customers/', { first_name: 'Alan', last_name: 'Turing', email: 'alan@example.test' })
    ).json();
    expectError(await checkout({ cart_id: cart.id, customer_id: customer.id }), 409, { code: 'cart_empty' });
    await addLine(cart.id, lineBody(offer, DAY, { adults: 2 }));
    expectError(await checkout({ cart_id: cart.id, customer_id: crypto.randomUUID() }), 400, { attr: 'customer_id' });
    expectError(await checkout({ cart_id: crypto.randomUUID(), customer_id: customer.id }), 404, {});
    expectError(await checkout({ cart_id: cart.id, customer_id: customer.id, total: 1 }), 400, {});
    expect(await t.db.select().from(orders).where(eq(orders.accountId, a.account.id))).toHaveLength(before);
    // A hold that expired is refused; changing the line holds it again and the order goes through.
    t.clock.now = new Date(NOW.getTime() + 23 * 60 * 60_000);
    expectError(await checkout({ cart_id: cart.id, customer_id: customer.id }), 409, { code: 'hold_expired' });
    const [line] = (await cartOf(t, a.owner)).lines;
    expect((await send('GET', `/api/cart/${cart.id}/lines/${line.id}/`)).json().hold.active).toBe(false);
    expect((await send('PATCH', `/api/cart/${cart.id}/lines/${line.id}/`, {})).json().hold.active).toBe(true);
    const res = await checkout({ cart_id: cart.id, customer_id: customer.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ customer_id: customer.id, contact: { first_name: 'Alan', email: 'alan@example.test' } });
  });

  it('needs Manage orders as well as Manage cart', async () => {
    const cashier = await createMember(t, a, ['Manage cart']);
    const cart = await cartOf(t, cashier);
    expectError(await checkout({ cart_id: cart.id, contact: { first_name: 'A', last_name: 'B' } }, cashier), 403, {});
  });
});

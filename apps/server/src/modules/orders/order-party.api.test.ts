import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, equipmentClaims, slots } from '../../db/schema/availability.ts';
import { orderLines, orders } from '../../db/schema/sales.ts';
import { useTestApp } from '../../test/app.ts';
import { attachEquipment, createSellableOffer } from '../../test/availability-factories.ts';
import { attachExtra, cartOf, lineBody } from '../../test/cart-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, useAccount } from '../../test/factories.ts';
import { createOrder, orderRequests, usePolicy } from '../../test/order-factories.ts';

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';

beforeEach(() => {
  // The day before, mid-morning in Berlin: DAY's 10:00 start is 24 hours and 1 minute away.
  t.clock.now = new Date('2026-11-30T08:59:00Z');
});

const { get, post, pay } = orderRequests(t, a);
type Offer = Awaited<ReturnType<typeof createSellableOffer>>;

const remaining = async (offer: Offer) => {
  const res = await get(`/api/bookings/check-availability/?experience_id=${offer.offer.id}&date_from=${DAY}`);
  return res.json().results[0].available as number;
};
const party = (offer: Offer, adults: number, children = 0) => [
  { pricing_category_id: offer.adult.id, quantity: adults },
  { pricing_category_id: offer.child.id, quantity: children },
];
const changeParty = (orderId: string, lineId: string, body: object, headers = a.owner.headers) =>
  post(`/api/orders/${orderId}/lines/${lineId}/change-party/`, body, headers);

/** Everything a party change may write: the order, its lines, their bookings, the slots' counters. */
const snapshot = async (orderId: string) => {
  const order = (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  const booked = await Promise.all(
    lines.map(
      async (l) =>
        (
          await t.db
            .select()
            .from(bookings)
            .where(eq(bookings.id, l.bookingId as string))
        )[0],
    ),
  );
  const counters = await Promise.all(
    booked.map(async (b) => (await t.db.select().from(slots).where(eq(slots.id, b.slotId)))[0].bookedUnits),
  );
  return { order, lines, booked, counters };
};

describe('POST /api/orders/{o}/lines/{l}/change-party/', () => {
  it('removes one child: places back once, the line and order re-priced, the policy refund proposed for that part', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    await usePolicy(t, a, offer, [
      { hours_before: 48, refund_percent: 100 },
      { hours_before: 24, refund_percent: 50 },
    ]);
    const order = await createOrder(t, a, offer, DAY, { adults: 2, children: 2 }); // 2 × 3500 + 2 × 1500 = 10000
    await pay(order.id, { method: 'cash', amount: 10000 });
    expect(await remaining(offer)).toBe(6);
    const line = order.lines[0];

    const res = await changeParty(order.id, line.id, { party: party(offer, 2, 1) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.difference).toBe(-1500);
    // 24 h 1 min before the start: 50 % of the removed child's 1500.
    expect(body.proposed_refund).toBe(750);
    expect(body.order).toMatchObject({ status: 'confirmed', total: 8500, paid: 10000 });
    expect(body.order.lines[0]).toMatchObject({
      status: 'active',
      total: 8500,
      booking: expect.objectContaining({
        status: 'confirmed',
        participants: 3,
        party: [
          { pricing_category_id: offer.adult.id, quantity: 2, unit_price: 3500, amount: 7000 },
          { pricing_category_id: offer.child.id, quantity: 1, unit_price: 1500, amount: 1500 },
        ],
      }),
    });
    expect(await remaining(offer)).toBe(7);

    // The same party again changes nothing: the place came back exactly once.
    const again = await changeParty(order.id, line.id, { party: party(offer, 2, 1) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ difference: 0, proposed_refund: 0, order: { total: 8500 } });
    expect(await remaining(offer)).toBe(7);
    const { counters } = await snapshot(order.id);
    expect(counters).toEqual([3]);
  });

  it('adds participants under the slot lock: places taken, priced by the server, the order owes the difference', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const order = await createOrder(t, a, offer, DAY, { adults: 2 }); // 7000
    await pay(order.id, { method: 'cash', amount: 7000 });
    const line = order.lines[0];
    const res = await changeParty(order.id, line.id, { party: party(offer, 3, 2) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      difference: 3500 + 2 * 1500,
      proposed_refund: 0,
      order: { total: 13500, payment_status: 'partially_paid' },
    });
    expect(res.json().order.lines[0].booking.participants).toBe(5);
    expect(await remaining(offer)).toBe(5);
    const { counters } = await snapshot(order.id);
    expect(counters).toEqual([5]);
    // A price a client sends is not a field: nothing to smuggle.
    expectError(
      await changeParty(order.id, line.id, {
        party: [{ pricing_category_id: offer.adult.id, quantity: 3, unit_price: 1 }],
      }),
      400,
      { code: 'unknown_field', attr: 'party.0.unit_price' },
    );
  });

  it('refuses more people than the start has left (409) and changes nothing', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 5 }] });
    const order = await createOrder(t, a, offer, DAY, { adults: 2 });
    await createOrder(t, a, offer, DAY, { adults: 2 });
    const before = await snapshot(order.id);
    expectError(await changeParty(order.id, order.lines[0].id, { party: party(offer, 2, 2) }), 409, {
      code: 'not_enough_places',
      detail: 'Only 1 place is left on this start.',
    });
    expect(await snapshot(order.id)).toEqual(before);
    expect(await remaining(offer)).toBe(1);
    // The one place left can be taken.
    expect((await changeParty(order.id, order.lines[0].id, { party: party(offer, 2, 1) })).statusCode).toBe(200);
    expect(await remaining(offer)).toBe(0);
  });

  it('takes equipment for added places exactly as a reservation does', async () => {
    const offer = await createSellableOffer(t, a, {
      lines: [{ time: '10:00', capacity: 20 }],
      overrides: { type: 'rental', durationMinutes: 120 },
    });
    await attachEquipment(t, a, [offer.offer], 4);
    const order = await createOrder(t, a, offer, DAY, { adults: 3 });
    const before = await snapshot(order.id);
    expectError(await changeParty(order.id, order.lines[0].id, { party: party(offer, 5) }), 409, {
      code: 'equipment_unavailable',
    });
    expect(await snapshot(order.id)).toEqual(before);
    expect((await changeParty(order.id, order.lines[0].id, { party: party(offer, 4) })).statusCode).toBe(200);
    const claims = await t.db.select().from(equipmentClaims).where(eq(equipmentClaims.bookingId, order.lines[0].booking.id));
    expect(claims.map((c) => c.quantity)).toEqual([4]);
    expect((await changeParty(order.id, order.lines[0].id, { party: party(offer, 1) })).statusCode).toBe(200);
    const fewer = await t.db.select().from(equipmentClaims).where(eq(equipmentClaims.bookingId, order.lines[0].booking.id));
    expect(fewer.map((c) => c.quantity)).toEqual([1]);
  });

  it('refuses bad parties with 400 and writes nothing', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const other = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const order = await createOrder(t, a, offer, DAY, { adults: 2, children: 1 });
    const line = order.lines[0];
    const before = await snapshot(order.id);
    expectError(await changeParty(order.id, line.id, { party: party(offer, 0, 0) }), 400, {
      code: 'empty_party',
      attr: 'party',
      detail: 'A booking needs at least one participant: to remove everyone, cancel the booking.',
    });
    // A category this offer's rate does not price.
    expectError(
      await changeParty(order.id, line.id, {
        party: [
          { pricing_category_id: offer.adult.id, quantity: 1 },
          { pricing_category_id: other.child.id, quantity: 1 },
        ],
      }),
      400,
      { code: 'category_not_priced', attr: 'party.1.pricing_category_id' },
    );
    expectError(
      await changeParty(order.id, line.id, {
        party: [
          { pricing_category_id: offer.adult.id, quantity: 1 },
          { pricing_category_id: offer.adult.id, quantity: 2 },
        ],
      }),
      400,
      { code: 'duplicate_category' },
    );
    expectError(await changeParty(order.id, line.id, { party: [] }), 400, { attr: 'party' });
    expectError(await changeParty(order.id, line.id, { party: party(offer, -1, 2) }), 400, { attr: 'party.0.quantity' });
    expectError(await changeParty(order.id, line.id, {}), 400, { attr: 'party' });
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('refuses a canceled line or order (409) and unknown ones (404)', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const cart = await cartOf(t, a.owner);
    await post(`/api/cart/${cart.id}/lines/`, lineBody(offer, DAY, { adults: 1 }));
    await post(`/api/cart/${cart.id}/lines/`, lineBody(offer, DAY, { adults: 2 }));
    const made = await post('/api/orders/', { cart_id: cart.id, contact: { first_name: 'Grace', last_name: 'Hopper' } });
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json();
    const [first, second] = order.lines;
    expect((await post(`/api/orders/${order.id}/lines/${first.id}/cancel/`)).statusCode).toBe(200);
    expectError(await changeParty(order.id, first.id, { party: party(offer, 2) }), 409, { code: 'line_canceled' });
    expectError(await changeParty(order.id, crypto.randomUUID(), { party: party(offer, 2) }), 404, { code: 'not_found' });
    expectError(await changeParty(crypto.randomUUID(), second.id, { party: party(offer, 2) }), 404, { code: 'not_found' });
    expect((await post(`/api/orders/${order.id}/cancel/`)).statusCode).toBe(200);
    expectError(await changeParty(order.id, second.id, { party: party(offer, 1) }), 409, { code: 'order_canceled' });
    expect(await remaining(offer)).toBe(10);
  });

  it("keeps a two-line order's total right and extras as sold", async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const photos = await attachExtra(t, a, offer, 1200);
    const cart = await cartOf(t, a.owner);
    await post(`/api/cart/${cart.id}/lines/`, {
      ...lineBody(offer, DAY, { adults: 2, children: 2 }),
      extras: [{ item_id: photos.id, quantity: 1 }],
    });
    await post(`/api/cart/${cart.id}/lines/`, lineBody(offer, DAY, { adults: 1 }));
    const order = (
      await post('/api/orders/', { cart_id: cart.id, contact: { first_name: 'Grace', last_name: 'Hopper' } })
    ).json();
    expect(order.total).toBe(10000 + 1200 + 3500);
    const res = await changeParty(order.id, order.lines[0].id, { party: party(offer, 2, 1) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.total).toBe(8500 + 1200 + 3500);
    expect(res.json().order.lines.map((l: { total: number }) => l.total)).toEqual([9700, 3500]);
    expect(res.json().order.lines[0].extras).toHaveLength(1);
    expect(res.json().proposed_refund).toBe(0); // nothing paid, nothing to refund
  });

  it('tells what the party may become and what cancelling would propose now (GET …/options/)', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    await usePolicy(t, a, offer, [{ hours_before: 24, refund_percent: 50 }]);
    const order = await createOrder(t, a, offer, DAY, { adults: 2 });
    await pay(order.id, { method: 'cash', amount: 7000 });
    const url = `/api/orders/${order.id}/lines/${order.lines[0].id}/options/`;
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      pricing_mode: 'per_person',
      group_size: null,
      categories: [
        { pricing_category_id: offer.adult.id, name: offer.adult.name, unit_price: 3500, quantity: 2 },
        { pricing_category_id: offer.child.id, name: offer.child.name, unit_price: 1500, quantity: 0 },
      ].sort((x, y) => (x.name < y.name ? -1 : 1)),
      places_left: 8,
      can_add: true,
      cannot_add_reason: null,
      refund_percent: 50,
      cancel_refund: 3500,
    });
    // Once the start has begun, people can only be removed.
    t.clock.now = new Date('2026-12-01T09:30:00Z');
    expect((await get(url)).json()).toMatchObject({
      can_add: false,
      cannot_add_reason: 'This start has already begun.',
      refund_percent: 0,
    });
    expectError(await changeParty(order.id, order.lines[0].id, { party: party(offer, 3) }), 409, {
      code: 'not_bookable',
      detail: 'This start has already begun.',
    });
    expect((await changeParty(order.id, order.lines[0].id, { party: party(offer, 1) })).statusCode).toBe(200);
    const b = await createAccount(t);
    expectError(await get(url, b.owner.headers), 404, { code: 'not_found' });
  });

  it("is another organization's 404 and a member without 'Manage orders' 403, nothing changed", async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const order = await createOrder(t, a, offer, DAY, { adults: 2, children: 1 });
    const before = await snapshot(order.id);
    const b = await createAccount(t);
    expectError(await changeParty(order.id, order.lines[0].id, { party: party(offer, 1) }, b.owner.headers), 404, {
      code: 'not_found',
    });
    const viewer = await createMember(t, a, ['View experiences']);
    expectError(await changeParty(order.id, order.lines[0].id, { party: party(offer, 1) }, viewer.headers), 403, {
      code: 'permission_denied',
    });
    expect(await snapshot(order.id)).toEqual(before);
    expect(await remaining(offer)).toBe(7);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/availability.ts';
import { orders, payments } from '../../db/schema/sales.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { cartOf, lineBody } from '../../test/cart-factories.ts';
import { useAccount } from '../../test/factories.ts';
import { book, createOrder, reserveParty } from '../../test/order-factories.ts';
import { unsafeTesting } from './payments.service.ts';

// Parallel requests on one order only race with real concurrent sessions: PostgreSQL.
const pg = Boolean(process.env.DATABASE_URL);
const SKIP = 'needs PostgreSQL (DATABASE_URL): PGlite runs one transaction at a time, so it cannot race';

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';

beforeAll(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterEach(() => {
  unsafeTesting.skipOrderLock = false;
});

const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: a.owner.headers, payload });
const refundedOf = async (orderId: string) =>
  (
    await t.db
      .select({ sum: sql<number>`coalesce(sum(${payments.amountMinor}), 0)::int` })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund'), eq(payments.status, 'succeeded')))
  )[0].sum;

/** A fully paid order of 8,500 (2 adults, 1 child). */
const paidOrder = async () => {
  const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
  const order = await createOrder(t, a, offer, DAY);
  expect(
    (await post(`/api/orders/${order.id}/payments/`, { method: 'cash', amount: 8500, idempotency_key: crypto.randomUUID() }))
      .statusCode,
  ).toBe(201);
  return { offer, order };
};
const tenPercentRefunds = (orderId: string) =>
  Promise.all(
    Array.from({ length: 20 }, () =>
      post(`/api/orders/${orderId}/payments/`, {
        kind: 'refund',
        method: 'cash',
        amount: 850,
        idempotency_key: crypto.randomUUID(),
      }),
    ),
  );

describe.skipIf(!pg)(`parallel orders (${pg ? 'PostgreSQL' : SKIP})`, () => {
  it('10 parallel bookings of one hold make one order', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
    const hold = await reserveParty(t, a, offer, DAY, { adults: 2 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => book(t, a, hold.id)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    const booked = await t.db.select().from(bookings).where(eq(bookings.holdId, hold.id));
    expect(booked).toHaveLength(1);
  });

  it('10 parallel checkouts of one cart make one order, its places booked once', async () => {
    const offer = await createSellableOffer(t, a, {
      lines: [
        { time: '10:00', capacity: 10 },
        { time: '14:00', capacity: 10 },
      ],
    });
    const cart = await cartOf(t, a.owner);
    for (const line of [0, 1]) {
      expect((await post(`/api/cart/${cart.id}/lines/`, lineBody(offer, DAY, { adults: 2 }, line))).statusCode).toBe(201);
    }
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/orders/', { cart_id: cart.id, contact: { first_name: 'Ten', last_name: 'Tabs' } }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const made = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, a.account.id), eq(orders.contactFirstName, 'Ten')));
    expect(made).toHaveLength(1);
    const booked = await t.db.select().from(bookings).where(eq(bookings.experienceId, offer.offer.id));
    expect(booked.map((b) => b.units)).toEqual([2, 2]);
  });

  it('5 parallel cancels of one order give its places back once', async () => {
    const { offer, order } = await paidOrder();
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(`/api/orders/${order.id}/cancel/`)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const res = await t.app.inject({
      url: `/api/bookings/check-availability/?experience_id=${offer.offer.id}&date_from=${DAY}`,
      headers: a.owner.headers,
    });
    expect(res.json().results[0].available).toBe(10);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'canceled', totalMinor: 0 });
  });

  it('20 parallel 10 % refunds never exceed what was captured', async () => {
    for (let round = 0; round < 5; round++) {
      const { order } = await paidOrder();
      const responses = await tenPercentRefunds(order.id);
      expect(responses.filter((r) => r.statusCode >= 500)).toEqual([]);
      expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(10);
      expect(await refundedOf(order.id)).toBe(8500);
    }
  });

  it('control: without the order lock the same refunds do exceed it (the test can see the race)', async () => {
    unsafeTesting.skipOrderLock = true;
    let worst = 0;
    for (let round = 0; round < 10 && worst <= 8500; round++) {
      const { order } = await paidOrder();
      await tenPercentRefunds(order.id);
      worst = Math.max(worst, await refundedOf(order.id));
    }
    expect(worst).toBeGreaterThan(8500);
  });
});

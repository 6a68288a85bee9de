import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/sales.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { useAccount } from '../../test/factories.ts';
import { createOrder, orderRequests, usePolicy } from '../../test/order-factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { unsafeTesting } from './payments.service.ts';

// Parallel requests on one order only race with real concurrent sessions: PostgreSQL.
const pg = Boolean(process.env.DATABASE_URL);
const SKIP = 'needs PostgreSQL (DATABASE_URL): PGlite runs one transaction at a time, so it cannot race';

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';
beforeAll(async () => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
  await connectTestProvider(t.db, a.account.id);
});
afterEach(() => {
  unsafeTesting.skipOrderLock = false;
});

const { get, post, pay } = orderRequests(t, a);
const refundedOf = async (orderId: string) =>
  (
    await t.db
      .select({ sum: sql<number>`coalesce(sum(${payments.amountMinor}), 0)::int` })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund'), eq(payments.status, 'succeeded')))
  )[0].sum;

/** 8,500 paid by card through the test mode; the policy refunds everything a day ahead. */
const cardPaidOrder = async () => {
  const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
  await usePolicy(t, a, offer, [{ hours_before: 12, refund_percent: 100 }]);
  const order = await createOrder(t, a, offer, DAY);
  expect((await pay(order.id, { method: 'card', amount: 8500 })).statusCode).toBe(201);
  return order;
};

/** 3 cancels (each owing the policy's refund and refunding it to the card) racing 10 card refunds of 1,700. */
const race = (orderId: string) =>
  Promise.all([
    ...Array.from({ length: 3 }, () => post(`/api/orders/${orderId}/cancel/`)),
    ...Array.from({ length: 10 }, () => pay(orderId, { kind: 'refund', method: 'card', amount: 1700 })),
  ]);

describe.skipIf(!pg)(`parallel cancels and refunds (${pg ? 'PostgreSQL' : SKIP})`, () => {
  it('never refund more than was paid, and what was not refunded stays owed', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await cardPaidOrder();
      const responses = await race(order.id);
      expect(responses.filter((r) => r.statusCode >= 500)).toEqual([]);
      expect(
        responses
          .slice(0, 3)
          .map((r) => r.statusCode)
          .sort(),
      ).toEqual([200, 409, 409]);
      const refunded = await refundedOf(order.id);
      expect(refunded).toBeLessThanOrEqual(8500);
      const after = (await get(`/api/orders/${order.id}/`)).json();
      // Everything paid is either refunded or still owed (the policy gives it all back).
      expect(after.refunded + after.refund_due).toBe(8500);
      expect(after.payment_status).toBe(after.refund_due > 0 ? 'refund_due' : 'refunded');
    }
  }, 120_000);

  it('control: without the order lock the card refunds do exceed what was paid (the test can see the race)', async () => {
    unsafeTesting.skipOrderLock = true;
    let worst = 0;
    for (let round = 0; round < 10 && worst <= 8500; round++) {
      const order = await cardPaidOrder();
      await race(order.id);
      worst = Math.max(worst, await refundedOf(order.id));
    }
    expect(worst).toBeGreaterThan(8500);
  }, 120_000);
});

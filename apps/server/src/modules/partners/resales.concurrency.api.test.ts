import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookings, holds } from '../../db/schema/availability.ts';
import { partnerships, resales } from '../../db/schema/partners.ts';
import { orders } from '../../db/schema/sales.ts';
import { testModeProvider } from '../../integrations/payments/payment-provider.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer, keyAt } from '../../test/availability-factories.ts';
import type { TestAccount } from '../../test/factories.ts';
import { book } from '../../test/order-factories.ts';
import { partnerAction, partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, providerLedger } from '../../test/webstore-factories.ts';
import { unsafeTesting } from '../availability/reservations.service.ts';
import { slotGatesInUse } from '../availability/slot-gate.ts';
import { cardProviderForTests } from '../orders/payments.service.ts';

/*
 * A resold offer is one pool of places in the supplier's engine: the supplier's own sales and the
 * reseller's store sales race for the same slot lock, the reseller's allocation is counted under
 * it, and ending a partnership races with the reseller's checkouts (the sale reads the partnership
 * under a share lock). Only real concurrent sessions can race: PostgreSQL.
 */
const pg = Boolean(process.env.DATABASE_URL);
const SKIP = 'needs PostgreSQL (DATABASE_URL): PGlite runs one transaction at a time, so it cannot race';
const DAY = '2026-12-03';
const NOW = new Date('2026-11-30T09:00:00Z');
/** Checkouts of the ending test start this far apart (ms). */
const STAGGER_MS = 8;

const t = useTestApp();
beforeEach(() => {
  t.clock.now = NOW;
});
afterEach(() => {
  unsafeTesting.skipSlotLock = false;
  unsafeTesting.skipSlotGate = false;
  cardProviderForTests.current = null;
  expect(slotGatesInUse()).toBe(0);
});

type Offer = Awaited<ReturnType<typeof createSellableOffer>>;
type Resold = Awaited<ReturnType<typeof resold>>;

/** A supplier's offer (one start of `capacity`) in the reseller's Active default store. */
const resold = async (capacity: number, terms: Record<string, unknown> = {}) => {
  const { supplier, reseller } = await supplierAndReseller(t);
  const offer = await createSellableOffer(t, supplier, { lines: [{ time: '10:00', capacity }] });
  const partnership = await partnerUp(t, supplier, reseller, terms);
  const store = await createStore(t, reseller);
  await addToStore(t, reseller, store.id, [offer.offer.id]);
  return { supplier, reseller, offer, partnership, store };
};

const reserveBody = (offer: Offer, quantity = 1) => ({
  productId: offer.offer.id,
  availabilityId: keyAt(DAY, offer.startTimes[0].id),
  rateId: offer.rate.id,
  units: [{ pricingCategoryId: offer.adult.id, quantity }],
});
/** The supplier's own public sale (its host, no store). */
const supplierReserve = (s: Resold) =>
  t.app.inject({
    method: 'POST',
    url: '/api/1/reserve/',
    headers: hostHeaders(s.supplier.subdomain),
    payload: reserveBody(s.offer),
  });
/** The reseller's store sale (its host, its store's slug). */
const resellerReserve = (s: Resold) =>
  t.app.inject({
    method: 'POST',
    url: '/api/1/reserve/',
    headers: hostHeaders(s.reseller.subdomain),
    payload: { store: s.store.slug, ...reserveBody(s.offer) },
  });

/** Places held (active, unexpired at `at`) and booked (not canceled) on the offer, read from the database. */
const placesOf = async (offer: Offer, at: Date = NOW) => {
  const [row] = await t.db
    .select({
      held: sql<number>`coalesce((select sum(units)::int from holds where experience_id = ${offer.offer.id} and status = 'active' and expires_at > ${at.toISOString()}::timestamptz), 0)`,
      booked: sql<number>`coalesce((select sum(units)::int from bookings where experience_id = ${offer.offer.id} and status <> 'canceled'), 0)`,
    })
    .from(sql`(select 1) one`);
  return row;
};

const statusesOf = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((m, r) => {
    m[r.statusCode] = (m[r.statusCode] ?? 0) + 1;
    return m;
  }, {});
const codesOf = (responses: { statusCode: number; json: () => { errors?: { code: string }[] } }[]) =>
  [...new Set(responses.filter((r) => r.statusCode !== 201).map((r) => r.json().errors?.[0]?.code))].sort();

/** Interleaves two lists of request makers: a, b, a, b… */
const interleave = <T>(a: T[], b: T[]) => a.flatMap((x, i) => [x, b[i]]).filter((x) => x !== undefined);

const resalesOf = (partnershipId: string) => t.db.select().from(resales).where(eq(resales.partnershipId, partnershipId));
const ordersOf = (account: TestAccount) => t.db.select().from(orders).where(eq(orders.accountId, account.account.id));

describe.skipIf(!pg)(`parallel resales (${pg ? 'PostgreSQL' : SKIP})`, () => {
  it('the supplier’s own sales and the reseller’s store sales share one slot of 4: exactly 4 of 12 mixed reserves, then every conversion, never oversold', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await resold(4);
      const responses = await Promise.all(
        interleave(
          Array.from({ length: 6 }, () => () => supplierReserve(s)),
          Array.from({ length: 6 }, () => () => resellerReserve(s)),
        ).map((fire) => fire()),
      );
      const context = `round ${round}: ${JSON.stringify(statusesOf(responses))}`;
      expect(statusesOf(responses), context).toEqual({ 201: 4, 409: 8 });
      expect(codesOf(responses), context).toEqual(['not_enough_places']);
      expect(await placesOf(s.offer), context).toEqual({ held: 4, booked: 0 });

      // Who won is up to the race; each hold is converted through its own channel, in parallel
      // with more reserves from both sides (all refused: the places are held, then booked).
      const won = responses.flatMap((r, i) =>
        r.statusCode === 201 ? [{ id: r.json().id as string, bySupplier: i % 2 === 0 }] : [],
      );
      const [conversions, late] = await Promise.all([
        Promise.all(
          won.map((h) =>
            h.bySupplier ? book(t, s.supplier, h.id) : placeOrder(t, s.reseller, orderBody([h.id], { store: s.store.slug })),
          ),
        ),
        Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? supplierReserve(s) : resellerReserve(s)))),
      ]);
      expect(
        conversions.map((r) => r.statusCode),
        conversions.map((r) => r.body).join('\n'),
      ).toEqual(won.map(() => 201));
      expect(statusesOf(late), context).toEqual({ 409: 8 });
      expect(await placesOf(s.offer), context).toEqual({ held: 0, booked: 4 });

      // Every order is the supplier's; the reseller's sales, and only those, carry a resale.
      const sold = won.filter((h) => !h.bySupplier).length;
      expect(await ordersOf(s.supplier), context).toHaveLength(won.length);
      expect(await ordersOf(s.reseller), context).toEqual([]);
      expect(await resalesOf(s.partnership.id), context).toHaveLength(sold);
      const underPartnership = await t.db.select().from(bookings).where(eq(bookings.partnershipId, s.partnership.id));
      expect(
        underPartnership.map((b) => b.units).reduce((a, b) => a + b, 0),
        context,
      ).toBe(sold);
    }
  }, 120_000);

  it('control: without the slot lock the same mixed load does oversell (the test can see the race)', async () => {
    unsafeTesting.skipSlotLock = true;
    let worst = 0;
    for (let round = 0; round < 10 && worst <= 4; round++) {
      const s = await resold(4);
      await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? supplierReserve(s) : resellerReserve(s))));
      const { held, booked } = await placesOf(s.offer);
      worst = Math.max(worst, held + booked);
    }
    expect(worst).toBeGreaterThan(4);
  }, 120_000);

  it('an allocation of 3 on a slot of 20: exactly 3 of 15 parallel reseller reserves, while the supplier’s own sales go through', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await resold(20, { allocation: 3 });
      const [resellers, own] = await Promise.all([
        Promise.all(Array.from({ length: 15 }, () => resellerReserve(s))),
        Promise.all(Array.from({ length: 5 }, () => supplierReserve(s))),
      ]);
      const context = `round ${round}: reseller ${JSON.stringify(statusesOf(resellers))}, supplier ${JSON.stringify(statusesOf(own))}`;
      expect(statusesOf(resellers), context).toEqual({ 201: 3, 409: 12 });
      expect(codesOf(resellers), context).toEqual(['allocation_exceeded']);
      expect(statusesOf(own), context).toEqual({ 201: 5 });
      const partnershipHolds = await t.db
        .select()
        .from(holds)
        .where(and(eq(holds.partnershipId, s.partnership.id), eq(holds.status, 'active')));
      expect(
        partnershipHolds.map((h) => h.units),
        context,
      ).toEqual([1, 1, 1]);

      // Converting the three (bookings count against the allocation as the holds did) while the
      // reseller keeps trying: still never more than 3 for the reseller.
      const heldIds = resellers.filter((r) => r.statusCode === 201).map((r) => r.json().id as string);
      const [orders3, more] = await Promise.all([
        Promise.all(heldIds.map((id) => placeOrder(t, s.reseller, orderBody([id], { store: s.store.slug })))),
        Promise.all(Array.from({ length: 10 }, () => resellerReserve(s))),
      ]);
      expect(
        orders3.map((r) => r.statusCode),
        orders3.map((r) => r.body).join('\n'),
      ).toEqual([201, 201, 201]);
      expect(statusesOf(more), context).toEqual({ 409: 10 });
      const booked = await t.db.select().from(bookings).where(eq(bookings.partnershipId, s.partnership.id));
      expect(
        booked.map((b) => b.units).reduce((a, b) => a + b, 0),
        context,
      ).toBe(3);
      expect(await placesOf(s.offer), context).toEqual({ held: 5, booked: 3 });
      expect(await resalesOf(s.partnership.id), context).toHaveLength(3);
    }
  }, 120_000);

  it('control: without the slot lock the allocation is overrun (it is the lock that keeps it)', async () => {
    unsafeTesting.skipSlotLock = true;
    let worst = 0;
    for (let round = 0; round < 10 && worst <= 3; round++) {
      const s = await resold(100, { allocation: 3 });
      const responses = await Promise.all(Array.from({ length: 60 }, () => resellerReserve(s)));
      worst = Math.max(worst, responses.filter((r) => r.statusCode === 201).length);
    }
    expect(worst).toBeGreaterThan(3);
  }, 120_000);

  it('ending the partnership while the reseller’s visitors check out: every order is a recorded resale made before the end, or refused with its money back', async () => {
    // The app's clock runs (from NOW) so that the orders and the end are stamped in order.
    const started = performance.now();
    const running = { get: () => new Date(NOW.getTime() + (performance.now() - started)), configurable: true };
    Object.defineProperty(t.clock, 'now', running);
    try {
      let committedAll = 0;
      let refusedAll = 0;
      // Checkouts refused inside their transaction (charged, then refunded): the share lock's case.
      let refundedAll = 0;
      for (let round = 0; round < 6; round++) {
        const s = await resold(20);
        const holdIds: string[] = [];
        for (let i = 0; i < 8; i++) {
          const res = await resellerReserve(s);
          expect(res.statusCode, res.body).toBe(201);
          holdIds.push(res.json().id);
        }
        const money = providerLedger();
        // The supplier ends the partnership while the checkouts run: at the k-th card charge (the
        // earlier ones are then in their transactions, the later ones still checking).
        const k = 2 + (round % 6);
        let charged = 0;
        let ending: ReturnType<typeof partnerAction> | null = null;
        const ledgerCharge = cardProviderForTests.current?.charge ?? testModeProvider.charge;
        cardProviderForTests.current = {
          ...(cardProviderForTests.current ?? testModeProvider),
          charge: async (input) => {
            charged += 1;
            if (charged === k) ending = partnerAction(t, s.supplier, s.partnership.id, 'end');
            return ledgerCharge(input);
          },
        };
        // The checkouts start a few ms apart, so that some are deep in their transactions when it ends.
        const answers = await Promise.all(
          holdIds.map(
            (id, i) =>
              new Promise<Awaited<ReturnType<typeof placeOrder>>>((resolve, reject) => {
                setTimeout(
                  () => placeOrder(t, s.reseller, orderBody([id], { store: s.store.slug })).then(resolve, reject),
                  i * STAGGER_MS,
                );
              }),
          ),
        );
        const ended = await (ending ?? partnerAction(t, s.supplier, s.partnership.id, 'end'));
        const context = `round ${round}: ${answers.map((r) => `${r.statusCode} ${r.statusCode === 201 ? '' : r.body}`).join('\n')}`;
        expect(ended.statusCode, ended.body).toBe(200);
        expect(
          answers.filter((r) => r.statusCode >= 500),
          context,
        ).toEqual([]);
        const committed = answers.filter((r) => r.statusCode === 201);
        const refused = answers.filter((r) => r.statusCode !== 201);
        expect(
          refused.every((r) => [400, 409].includes(r.statusCode)),
          context,
        ).toBe(true);
        committedAll += committed.length;
        refusedAll += refused.length;

        // Consistency: one resale per order, under this partnership; a booking only for those.
        const made = await ordersOf(s.supplier);
        const recorded = await resalesOf(s.partnership.id);
        expect(made, context).toHaveLength(committed.length);
        expect(recorded.map((r) => r.orderId).sort(), context).toEqual(made.map((o) => o.id).sort());
        const booked = await t.db.select().from(bookings).where(eq(bookings.partnershipId, s.partnership.id));
        expect(booked, context).toHaveLength(committed.length);
        // The refused checkouts' holds were not converted; the money of every refused one went back.
        const stillHeld = await t.db
          .select()
          .from(holds)
          .where(and(inArray(holds.id, holdIds), eq(holds.status, 'active')));
        expect(stillHeld, context).toHaveLength(refused.length);
        expect(money.kept(), context).toBe(committed.length * 3500);
        refundedAll += money.refunds.size;

        // None after the end.
        const [row] = await t.db.select().from(partnerships).where(eq(partnerships.id, s.partnership.id));
        expect(row.status).toBe('ended');
        const endedAt = row.endedAt?.getTime() ?? 0;
        for (const order of made) {
          expect(order.createdAt.getTime(), `${context}\norder ${order.id} after the end`).toBeLessThanOrEqual(endedAt);
        }
        for (const resale of recorded) expect(resale.createdAt.getTime(), context).toBeLessThanOrEqual(endedAt);
        // And from now on nothing more is sold under it.
        if (stillHeld.length) {
          const after = await placeOrder(t, s.reseller, orderBody([stillHeld[0].id], { store: s.store.slug }));
          expect([400, 409], after.body).toContain(after.statusCode);
        }
        expect(await resalesOf(s.partnership.id)).toHaveLength(committed.length);
      }
      // The rounds did race: some checkouts made it before the end and some were refused.
      expect(committedAll, `committed ${committedAll}, refused ${refusedAll}`).toBeGreaterThan(0);
      expect(refusedAll, `committed ${committedAll}, refused ${refusedAll}`).toBeGreaterThan(0);
      expect(refundedAll, `refused after the charge: ${refundedAll}`).toBeGreaterThan(0);
    } finally {
      Object.defineProperty(t.clock, 'now', { value: NOW, writable: true, configurable: true, enumerable: true });
    }
  }, 120_000);
});

import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { slots } from '../../db/schema/availability.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { useAccount } from '../../test/factories.ts';
import { createOrder, orderRequests, reserveRequest } from '../../test/order-factories.ts';
import { unsafeTesting } from '../availability/reservations.service.ts';

// Parallel party changes on one slot race only with real concurrent sessions: PostgreSQL.
const pg = Boolean(process.env.DATABASE_URL);
const SKIP = 'needs PostgreSQL (DATABASE_URL): PGlite runs one transaction at a time, so it cannot race';

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';
const NOW = new Date('2026-11-30T09:00:00Z');
const { post } = orderRequests(t, a);

beforeAll(() => {
  t.clock.now = NOW;
});
afterEach(() => {
  unsafeTesting.skipSlotLock = false;
  unsafeTesting.skipSlotGate = false;
});

type Offer = Awaited<ReturnType<typeof createSellableOffer>>;

/** Places held (unexpired) plus booked on the offer's slot, summed from the rows, and the slot's own counter. */
const taken = async (s: Offer) => {
  const [row] = await t.db
    .select({
      held: sql<number>`coalesce((select sum(units)::int from holds where experience_id = ${s.offer.id} and status = 'active' and expires_at > ${NOW.toISOString()}::timestamptz), 0)`,
      booked: sql<number>`coalesce((select sum(units)::int from bookings where experience_id = ${s.offer.id} and status <> 'canceled'), 0)`,
    })
    .from(sql`(select 1) one`);
  const [slot] = await t.db.select({ counter: slots.bookedUnits }).from(slots).where(eq(slots.experienceId, s.offer.id));
  return { total: row.held + row.booked, booked: row.booked, counter: slot.counter };
};

const setAdults = (order: { id: string; lines: { id: string }[] }, s: Offer, adults: number) =>
  post(`/api/orders/${order.id}/lines/${order.lines[0].id}/change-party/`, {
    party: [{ pricing_category_id: s.adult.id, quantity: adults }],
  });
const reserveOne = (s: Offer) => reserveRequest(t, a, s, DAY, { adults: 1 });

/** A slot of 12 with 6 one-person orders on it: 6 places left for the race. */
const crowdedSlot = async () => {
  const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 12 }] });
  const made = [];
  for (let i = 0; i < 6; i++) made.push(await createOrder(t, a, s, DAY, { adults: 1 }));
  return { s, made };
};

describe.skipIf(!pg)(`parallel party changes (${pg ? 'PostgreSQL' : SKIP})`, () => {
  it('never sells more than the capacity: 6 parallel "+2 people" alongside 20 parallel 1-place reserves on the last 6 places', async () => {
    for (let round = 0; round < 8; round++) {
      const { s, made } = await crowdedSlot();
      const increases = made.map((o) => setAdults(o, s, 3));
      const reserves = Array.from({ length: 20 }, () => reserveOne(s));
      const [grown, held] = await Promise.all([Promise.all(increases), Promise.all(reserves)]);
      const all = [...grown, ...held];
      expect(
        all.filter((r) => r.statusCode >= 500).map((r) => r.body),
        `round ${round}`,
      ).toEqual([]);
      for (const refused of all.filter((r) => r.statusCode === 409)) {
        expect(['not_enough_places']).toContain(refused.json().errors[0].code);
      }
      const granted = 2 * grown.filter((r) => r.statusCode === 200).length + held.filter((r) => r.statusCode === 201).length;
      const now = await taken(s);
      expect(now.total, `round ${round}`).toBe(6 + granted);
      expect(now.total, `round ${round}`).toBeLessThanOrEqual(12);
      // Every place was given out: a refused request was refused because nothing (or one place) was left.
      expect(now.total, `round ${round}`).toBeGreaterThanOrEqual(11);
      expect(now.counter, `round ${round}`).toBe(now.booked);
    }
  }, 120_000);

  it('gives places back exactly once under 10 parallel identical decreases', async () => {
    const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 12 }] });
    const order = await createOrder(t, a, s, DAY, { adults: 5 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => setAdults(order, s, 2)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => r.json().difference !== 0)).toHaveLength(1);
    const now = await taken(s);
    expect(now).toEqual({ total: 2, booked: 2, counter: 2 });
  });

  it('control: without the slot lock, parallel increases oversell (so the test above can see a race)', async () => {
    unsafeTesting.skipSlotLock = true;
    unsafeTesting.skipSlotGate = true;
    let oversold = false;
    for (let round = 0; round < 8 && !oversold; round++) {
      const { s, made } = await crowdedSlot();
      await Promise.all(made.map((o) => setAdults(o, s, 3)));
      if ((await taken(s)).total > 12) oversold = true;
    }
    expect(oversold).toBe(true);
  }, 120_000);
});

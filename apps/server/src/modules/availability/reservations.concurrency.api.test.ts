import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookings, equipmentClaims, holds } from '../../db/schema/availability.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { attachEquipment, createSellableOffer, keyAt } from '../../test/availability-factories.ts';
import { type TestAccount, useAccount } from '../../test/factories.ts';
import { holdBatchesInUse } from './hold-batch.ts';
import { convertHold, unsafeTesting } from './reservations.service.ts';
import { slotGatesInUse } from './slot-gate.ts';

// Parallel load on one slot is only meaningful with real concurrent sessions: PostgreSQL.
const pg = Boolean(process.env.DATABASE_URL);
const SKIP = 'needs PostgreSQL (DATABASE_URL): PGlite runs one transaction at a time, so it cannot race';

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';
const NOW = new Date('2026-11-30T09:00:00Z');

beforeAll(() => {
  t.clock.now = NOW;
});
afterEach(() => {
  unsafeTesting.skipSlotLock = false;
  unsafeTesting.skipSlotGate = false;
  expect(slotGatesInUse()).toBe(0);
  expect(holdBatchesInUse()).toBe(0);
});

type Offer = Awaited<ReturnType<typeof createSellableOffer>>;
const reserveBody = (s: Offer, quantity: number, line = 0) => ({
  productId: s.offer.id,
  availabilityId: keyAt(DAY, s.startTimes[line].id),
  rateId: s.rate.id,
  units: [{ pricingCategoryId: s.adult.id, quantity }],
});
const reserve = (account: TestAccount, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/1/reserve/', headers: hostHeaders(account.subdomain), payload: body });

/** Places held (unexpired) plus booked on a slot of the offer, read from the database. */
const taken = async (s: Offer) => {
  const [row] = await t.db
    .select({
      held: sql<number>`coalesce((select sum(units)::int from holds where experience_id = ${s.offer.id} and status = 'active' and expires_at > ${NOW.toISOString()}::timestamptz), 0)`,
      booked: sql<number>`coalesce((select sum(units)::int from bookings where experience_id = ${s.offer.id} and status <> 'canceled'), 0)`,
    })
    .from(sql`(select 1) one`);
  return row.held + row.booked;
};

describe.skipIf(!pg)(`parallel reservations (${pg ? 'PostgreSQL' : SKIP})`, () => {
  it('grants exactly 10 of 200 parallel 1-place reserves on a slot of 10, twenty rounds running, the rest a clear 409', async () => {
    for (let round = 0; round < 20; round++) {
      const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
      const responses = await Promise.all(Array.from({ length: 200 }, () => reserve(a, reserveBody(s, 1))));
      const statuses = responses.map((r) => r.statusCode);
      expect(
        statuses.filter((c) => c >= 500),
        `round ${round}`,
      ).toEqual([]);
      expect(statuses.filter((c) => c === 201).length, `round ${round}`).toBe(10);
      expect(statuses.filter((c) => c === 409).length, `round ${round}`).toBe(190);
      expect(responses.find((r) => r.statusCode === 409)?.json().errors[0].code).toBe('not_enough_places');
      expect(await taken(s)).toBe(10);
    }
  }, 120_000);

  it('a sell-out rush: 200 parallel 1-place holds on a slot of 50 give exactly 50 holds and 150 clear refusals', async () => {
    for (const gate of [true, false]) {
      // Without the gate: the lock alone, as across several server instances.
      unsafeTesting.skipSlotGate = !gate;
      for (let round = 0; round < 3; round++) {
        const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 50 }] });
        const responses = await Promise.all(Array.from({ length: 200 }, () => reserve(a, reserveBody(s, 1))));
        const statuses = responses.map((r) => r.statusCode);
        const at = `gate ${gate}, round ${round}`;
        expect(
          statuses.filter((c) => c >= 500 || (c !== 201 && c !== 409)),
          at,
        ).toEqual([]);
        expect(statuses.filter((c) => c === 201).length, at).toBe(50);
        expect(statuses.filter((c) => c === 409).length, at).toBe(150);
        const refusals = new Set(responses.filter((r) => r.statusCode === 409).map((r) => JSON.stringify(r.json().errors)));
        expect([...refusals], at).toEqual([
          JSON.stringify([{ code: 'not_enough_places', detail: 'This start is fully booked.', attr: null }]),
        ]);
        expect(await taken(s), at).toBe(50);
        // What the start itself says: 50 held, nothing left.
        const [slot] = (
          await t.app.inject({
            url: `/api/bookings/check-availability/?experience_id=${s.offer.id}&date_from=${DAY}`,
            headers: a.owner.headers,
          })
        ).json().results;
        expect({ held: slot.held, available: slot.available }, at).toEqual({ held: 50, available: 0 });
      }
    }
  }, 120_000);

  it('the row lock holds by itself, as across several server instances (no in-process gate)', async () => {
    unsafeTesting.skipSlotGate = true;
    for (let round = 0; round < 5; round++) {
      const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
      const responses = await Promise.all(Array.from({ length: 200 }, () => reserve(a, reserveBody(s, 1))));
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((c) => c >= 500)).toEqual([]);
      expect(statuses.filter((c) => c === 201).length, `round ${round}`).toBe(10);
      expect(await taken(s)).toBe(10);
    }
  }, 120_000);

  it('never exceeds the capacity with mixed party sizes', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 23 }] });
      const sizes = Array.from({ length: 120 }, (_, i) => 1 + ((i * 7 + round) % 5));
      const responses = await Promise.all(sizes.map((n) => reserve(a, reserveBody(s, n))));
      expect(responses.filter((r) => r.statusCode >= 500)).toEqual([]);
      const granted = responses.reduce((sum, r, i) => sum + (r.statusCode === 201 ? sizes[i] : 0), 0);
      expect(granted).toBeLessThanOrEqual(23);
      expect(await taken(s)).toBe(granted);
      // Whatever was refused did not fit what was left.
      const smallestRefused = Math.min(...sizes.filter((_, i) => responses[i].statusCode === 409));
      expect(smallestRefused).toBeGreaterThan(23 - granted);
    }
  }, 60_000);

  it('converts one hold exactly once under 10 parallel conversions', async () => {
    const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 5 }] });
    const hold = (await reserve(a, reserveBody(s, 2))).json();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => convertHold(t.db, a.account.id, hold.id, { now: NOW })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason.items?.[0]?.code).toBe('hold_not_active');
    }
    expect(await t.db.$count(bookings, eq(bookings.holdId, hold.id))).toBe(1);
    expect((await t.db.select().from(holds).where(eq(holds.id, hold.id)))[0].status).toBe('converted');
    expect(await taken(s)).toBe(2);
  });

  it('never hands out more shared equipment than the stock, across two rental offers on overlapping slots', async () => {
    const one = await createSellableOffer(t, a, {
      lines: [{ time: '10:00', capacity: 50 }],
      overrides: { type: 'rental', durationMinutes: 120 },
    });
    const two = await createSellableOffer(t, a, {
      lines: [{ time: '11:00', capacity: 50 }],
      overrides: { type: 'rental', durationMinutes: 120 },
    });
    const kayaks = await attachEquipment(t, a, [one.offer, two.offer], 10);
    const requests = Array.from({ length: 60 }, (_, i) => reserve(a, reserveBody(i % 2 ? one : two, 1 + (i % 2))));
    const responses = await Promise.all(requests);
    expect(responses.filter((r) => r.statusCode >= 500)).toEqual([]);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].json().errors[0].code).toBe('equipment_unavailable');
    const [{ claimed }] = await t.db
      .select({ claimed: sql<number>`coalesce(sum(${equipmentClaims.quantity}), 0)::int` })
      .from(equipmentClaims)
      .where(eq(equipmentClaims.itemId, kayaks.id));
    expect(claimed).toBeLessThanOrEqual(10);
    expect(claimed).toBeGreaterThanOrEqual(9);
  });

  it('control: with the slot lock switched off the same load does oversell (the test can see a race)', async () => {
    unsafeTesting.skipSlotLock = true;
    let worst = 0;
    for (let round = 0; round < 10 && worst <= 10; round++) {
      const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
      await Promise.all(Array.from({ length: 200 }, () => reserve(a, reserveBody(s, 1))));
      worst = Math.max(worst, await taken(s));
    }
    expect(worst).toBeGreaterThan(10);
  }, 120_000);

  it('a hold converting at its expiry instant ± 50 ms, against reserves taking its places, never exceeds capacity', async () => {
    for (const offsetMs of [-50, -10, -1, 0, 1, 10, 50]) {
      const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 4 }] });
      const first = (await reserve(a, reserveBody(s, 4))).json();
      const expiry = new Date(first.utcExpiresAt).getTime();
      const at = new Date(expiry + offsetMs);
      // The clock the reserves see is at the expiry too: they may count the hold as gone.
      t.clock.now = at;
      const results = await Promise.allSettled([
        convertHold(t.db, a.account.id, first.id, { now: at }),
        ...Array.from({ length: 6 }, () => reserve(a, reserveBody(s, 2))),
      ]);
      t.clock.now = NOW;
      const converted = results[0].status === 'fulfilled';
      const [{ booked, held }] = await t.db
        .select({
          booked: sql<number>`coalesce(sum(${bookings.units}), 0)::int`,
          held: sql<number>`coalesce((select sum(units)::int from holds where experience_id = ${s.offer.id} and status = 'active' and expires_at > ${at.toISOString()}::timestamptz), 0)`,
        })
        .from(bookings)
        .where(and(eq(bookings.experienceId, s.offer.id)));
      expect(booked + held, `offset ${offsetMs} ms, converted ${converted}`).toBeLessThanOrEqual(4);
      expect(converted).toBe(offsetMs < 0);
    }
  });
});

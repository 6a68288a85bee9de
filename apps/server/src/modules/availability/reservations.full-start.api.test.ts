import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { holds, slots } from '../../db/schema/availability.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { useAccount } from '../../test/factories.ts';
import { reserveRequest } from '../../test/order-factories.ts';
import { holdBatchesInUse } from './hold-batch.ts';
import { slotGatesInUse } from './slot-gate.ts';

// A start already full is refused from the committed state, before its gate and its row lock.
const pg = Boolean(process.env.DATABASE_URL);

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';
const NOW = new Date('2026-11-30T09:00:00Z');

beforeAll(() => {
  t.clock.now = NOW;
});
afterEach(() => {
  t.clock.now = NOW;
  expect(slotGatesInUse()).toBe(0);
  expect(holdBatchesInUse()).toBe(0);
});

type Offer = Awaited<ReturnType<typeof createSellableOffer>>;
const reserve = (s: Offer, quantity = 1) => reserveRequest(t, a, s, DAY, { adults: quantity });
const release = (holdId: string) =>
  t.app.inject({ method: 'POST', url: `/api/1/holds/${holdId}/release/`, headers: hostHeaders(a.subdomain) });
const override = (s: Offer, values: { capacity?: number; closed?: boolean }) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/capacity/slots/',
    headers: a.owner.headers,
    payload: { experience_id: s.offer.id, start_time_id: s.startTimes[0].id, date: DAY, ...values },
  });
const FULL = { code: 'not_enough_places', detail: 'This start is fully booked.', attr: null };

describe('a full start', () => {
  it('is refused with the answer the locked count gives, and sells again as soon as places come back', async () => {
    const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 2 }] });
    const first = await reserve(s);
    expect(first.statusCode).toBe(201);
    expect((await reserve(s)).statusCode).toBe(201);
    const refused = await reserve(s);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([FULL]);

    // A hold released: its place sells at once, and only that one.
    expect((await release(first.json().id)).statusCode).toBe(204);
    const tooMany = await reserve(s, 2);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().errors).toEqual([{ ...FULL, detail: 'Only 1 place is left on this start.' }]);
    const third = await reserve(s);
    expect(third.statusCode).toBe(201);
    expect((await reserve(s)).json().errors).toEqual([FULL]);

    // More capacity: the new place sells at once.
    expect((await override(s, { capacity: 3 })).statusCode).toBe(200);
    expect((await reserve(s)).statusCode).toBe(201);
    expect((await reserve(s)).json().errors).toEqual([FULL]);

    // Closed: the locked path's answer too.
    expect((await override(s, { closed: true })).statusCode).toBe(200);
    expect((await reserve(s)).json().errors).toEqual([
      { code: 'slot_closed', detail: 'This start is closed for bookings.', attr: null },
    ]);
    expect((await override(s, { closed: false })).statusCode).toBe(200);

    // The holds run out: their places sell at once (no sweeper, no marker to wait for).
    t.clock.now = new Date(new Date(third.json().utcExpiresAt).getTime() + 60_000);
    const again = await reserve(s, 3);
    expect(again.statusCode).toBe(201);
    expect((await reserve(s)).json().errors).toEqual([FULL]);
  });

  it.skipIf(!pg)(
    `is answered while its lock is held and a request that came earlier waits for it (${pg ? 'PostgreSQL' : 'needs PostgreSQL: PGlite runs one transaction at a time'})`,
    async () => {
      const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 1 }] });
      const first = (await reserve(s)).json();
      expect((await release(first.id)).statusCode).toBe(204);
      const [slot] = await t.db.select().from(slots).where(eq(slots.experienceId, s.offer.id));

      // Another session (another instance, say) holds the start's row lock (not its key: a hold can still refer to it).
      let unlock = () => {};
      const unlocked = new Promise<void>((resolve) => {
        unlock = resolve;
      });
      let lockTaken = () => {};
      const taken = new Promise<void>((resolve) => {
        lockTaken = resolve;
      });
      const holder = t.db.transaction(async (tx) => {
        await tx.execute(sql`select id from slots where id = ${slot.id} for no key update`);
        lockTaken();
        await unlocked;
      });
      try {
        await taken;
        // A buyer sees the free place and queues for the lock.
        const waiting = reserve(s);
        for (let i = 0; i < 500; i++) {
          const [{ n }] = await t.db
            .select({ n: sql<number>`count(*)::int` })
            .from(sql`pg_stat_activity`)
            .where(sql`datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "slots"%for update%'`);
          if (n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // The place goes meanwhile (committed).
        await t.db.insert(holds).values({
          id: crypto.randomUUID(),
          accountId: a.account.id,
          experienceId: s.offer.id,
          slotId: slot.id,
          rateId: s.rate.id,
          units: 1,
          participants: 1,
          party: [],
          totalMinor: 0,
          currency: 'EUR',
          expiresAt: new Date(NOW.getTime() + 15 * 60_000),
        });
        // A buyer arriving now is answered without waiting behind the lock (or the one in line).
        const late = await Promise.race([
          reserve(s),
          new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 10_000)),
        ]);
        expect(late === 'still waiting' ? late : late.json().errors).toEqual([FULL]);
        unlock();
        await holder;
        // The one in line counts under the lock and is refused too: nothing oversold.
        expect((await waiting).json().errors).toEqual([FULL]);
      } finally {
        unlock();
        await holder;
      }
      // The place comes back: it sells at once.
      await t.db.update(holds).set({ status: 'released' }).where(eq(holds.slotId, slot.id));
      expect((await reserve(s)).statusCode).toBe(201);
    },
    30_000,
  );
});

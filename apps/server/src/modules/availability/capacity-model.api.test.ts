import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer, keyAt } from '../../test/availability-factories.ts';
import { useAccount } from '../../test/factories.ts';
import { overrideSlot } from './capacity.service.ts';
import { convertHold, extendHold, releaseHold, reserve } from './reservations.service.ts';

// Model-based: random sequences of reserve, extend, release, convert, the clock moving on and the
// operator changing the capacity. After every step, what is held (unexpired) plus what is booked
// never exceeds the capacity in force — whatever the engine accepted or refused.
const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';
const BASE = 6;

type Real = { db: Db; accountId: string; offer: Awaited<ReturnType<typeof createSellableOffer>>; now: Date; holds: string[] };
type Model = { capacity: number };

/** An expected refusal (409/400/404 in the error shape) is part of the game; anything else is a bug. */
const refusedCleanly = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
  }
};

const invariant = async (m: Model, r: Real) => {
  const rows = (await r.db.execute(sql`
    select
      coalesce((select sum(units) from holds where experience_id = ${r.offer.offer.id} and status = 'active'
        and expires_at > ${r.now.toISOString()}::timestamptz), 0)::int as held,
      coalesce((select sum(units) from bookings where experience_id = ${r.offer.offer.id} and status <> 'canceled'), 0)::int as booked`)) as unknown;
  const [{ held, booked }] = (Array.isArray(rows) ? rows : (rows as { rows: { held: number; booked: number }[] }).rows) as {
    held: number;
    booked: number;
  }[];
  expect(held + booked, `held ${held} + booked ${booked} at capacity ${m.capacity}`).toBeLessThanOrEqual(m.capacity);
};

const slotInput = (r: Real) => ({ experience_id: r.offer.offer.id, start_time_id: r.offer.startTimes[0].id, date: DAY });

class Reserve implements fc.AsyncCommand<Model, Real> {
  readonly quantity: number;
  constructor(quantity: number) {
    this.quantity = quantity;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    await refusedCleanly(async () => {
      const { hold } = await reserve(
        r.db,
        r.accountId,
        {
          productId: r.offer.offer.id,
          availabilityId: keyAt(DAY, r.offer.startTimes[0].id),
          rateId: r.offer.rate.id,
          units: [{ pricingCategoryId: r.offer.adult.id, quantity: this.quantity }],
        },
        { now: r.now, source: 'api', publicOnly: true },
      );
      r.holds.push(hold.id);
    });
    await invariant(m, r);
  }
  toString = () => `reserve(${this.quantity})`;
}

class OnHold implements fc.AsyncCommand<Model, Real> {
  readonly action: 'extend' | 'release' | 'convert';
  readonly pick: number;
  constructor(action: 'extend' | 'release' | 'convert', pick: number) {
    this.action = action;
    this.pick = pick;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    const id = r.holds[this.pick % Math.max(1, r.holds.length)];
    if (id) {
      const act = {
        extend: extendHold,
        release: releaseHold,
        convert: (db: Db, acc: string, h: string, now: Date) => convertHold(db, acc, h, { now }),
      }[this.action];
      await refusedCleanly(() => act(r.db, r.accountId, id, r.now));
    }
    await invariant(m, r);
  }
  toString = () => `${this.action}(#${this.pick})`;
}

class Tick implements fc.AsyncCommand<Model, Real> {
  readonly minutes: number;
  constructor(minutes: number) {
    this.minutes = minutes;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    r.now = new Date(r.now.getTime() + this.minutes * 60_000);
    await invariant(m, r);
  }
  toString = () => `clock+${this.minutes}min`;
}

class SetCapacity implements fc.AsyncCommand<Model, Real> {
  readonly capacity: number;
  constructor(capacity: number) {
    this.capacity = capacity;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    try {
      await overrideSlot(r.db, r.accountId, { ...slotInput(r), capacity: this.capacity, force: false }, r.now);
      m.capacity = this.capacity;
    } catch (error) {
      // Refused only because it would go below what is taken: the capacity stays.
      if (!(error instanceof AppError) || !['below_booked', 'below_held'].includes(error.items[0].code)) throw error;
    }
    await invariant(m, r);
  }
  toString = () => `capacity=${this.capacity}`;
}

describe('capacity model', () => {
  it('held + booked never exceeds the capacity, for any sequence of operations', async () => {
    const commands = [
      fc.integer({ min: 1, max: 4 }).map((n) => new Reserve(n)),
      fc
        .tuple(fc.constantFrom('extend' as const, 'release' as const, 'convert' as const), fc.nat(20))
        .map(([a, p]) => new OnHold(a, p)),
      fc.integer({ min: 1, max: 20 }).map((n) => new Tick(n)),
      fc.integer({ min: 0, max: 12 }).map((n) => new SetCapacity(n)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: BASE }] });
        const real: Real = { db: t.db, accountId: a.account.id, offer, now: new Date('2026-11-30T09:00:00Z'), holds: [] };
        await fc.asyncModelRun(() => ({ model: { capacity: BASE }, real }), cmds);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

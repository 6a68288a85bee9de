import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { createAccount } from '../../test/factories.ts';
import { book, reserveParty } from '../../test/order-factories.ts';

const pg = Boolean(process.env.DATABASE_URL);
const SKIP = 'needs PostgreSQL (DATABASE_URL): PGlite runs one transaction at a time, so it cannot race';

const t = useTestApp();
beforeAll(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});

describe.skipIf(!pg)(`parallel customers (${pg ? 'PostgreSQL' : SKIP})`, () => {
  it('10 parallel creates with one email make one customer; the rest a clear 400', async () => {
    const b = await createAccount(t);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/customers/',
          headers: b.owner.headers,
          payload: { first_name: `Ada ${i}`, email: 'ada@example.test' },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(400)]);
    expect(responses.find((r) => r.statusCode === 400)?.json().errors[0]).toMatchObject({ attr: 'email', code: 'unique' });
  });

  it('parallel bookings by one new email make one customer', async () => {
    const b = await createAccount(t);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00', capacity: 20 }] });
    const holds = await Promise.all(Array.from({ length: 6 }, () => reserveParty(t, b, offer, '2026-12-01', { adults: 1 })));
    const booked = await Promise.all(
      holds.map((h) => book(t, b, h.id, { first_name: 'Alan', last_name: 'Turing', email: 'alan@example.test' })),
    );
    expect(booked.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(booked.map((r) => r.json().customer_id)).size).toBe(1);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(and(eq(customers.accountId, b.account.id), eq(customers.email, 'alan@example.test')));
    expect(n).toBe(1);
  });

  it('two merges the opposite way round at once do not deadlock and leave one customer', async () => {
    const b = await createAccount(t);
    for (let round = 0; round < 5; round++) {
      const one = (
        await t.app.inject({ method: 'POST', url: '/api/customers/', headers: b.owner.headers, payload: { first_name: 'One' } })
      ).json();
      const two = (
        await t.app.inject({ method: 'POST', url: '/api/customers/', headers: b.owner.headers, payload: { first_name: 'Two' } })
      ).json();
      const merge = (into: string, other: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/customers/${into}/merge/`,
          headers: b.owner.headers,
          payload: { other_id: other },
        });
      const [a, c] = await Promise.all([merge(one.id, two.id), merge(two.id, one.id)]);
      expect([a.statusCode, c.statusCode].filter((s) => s === 200)).toHaveLength(1);
      expect([a.statusCode, c.statusCode].every((s) => s === 200 || s === 400 || s === 404)).toBe(true);
      const left = await t.db
        .select()
        .from(customers)
        .where(and(eq(customers.accountId, b.account.id)));
      expect(left.filter((r) => r.id === one.id || r.id === two.id)).toHaveLength(1);
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { orders } from '../../db/schema/sales.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { createAccount, createMember, type TestAccount, useAccount } from '../../test/factories.ts';
import { createOrder, orderRequests } from '../../test/order-factories.ts';

const t = useTestApp();
const a = useAccount(t);

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });
const bookingOf = (order: { lines: { booking: { id: string } | null }[] }) => order.lines[0].booking?.id ?? '';
const arrive = (account: TestAccount, bookingId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/bookings/${bookingId}/`,
    headers: account.owner.headers,
    payload: { attendance_status: 'arrived' },
  });

describe('GET /api/dashboard/departures/', () => {
  it("lists today's starts with bookings, booked / capacity from the engine and the arrived participants", async () => {
    t.clock.now = new Date('2026-12-10T06:00:00Z');
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 12 }, { time: '15:00' }] });
    const first = await createOrder(t, a, offer, '2026-12-10', { adults: 2, children: 1 });
    await createOrder(t, a, offer, '2026-12-10', { adults: 2 });
    await createOrder(t, a, offer, '2026-12-12', { adults: 4 });
    expect((await arrive(a, bookingOf(first))).statusCode).toBe(200);

    const res = await get('/api/dashboard/departures/', a.owner.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toBe('2026-12-10');
    expect(body.time_zone).toBe('UTC');
    expect(body.today_departures).toHaveLength(1);
    expect(body.today_departures[0]).toMatchObject({
      experience_id: offer.offer.id,
      time: '10:00',
      capacity: 12,
      booked: 5,
      participants: 5,
      arrived: 3,
      bookings: 2,
    });
    // The 15:00 start has no booking: counted, not listed.
    expect(body.today_departures_count).toBe(1);
    expect(body.today_empty_slots).toBe(1);
    expect([body.today_participants, body.today_arrived]).toEqual([5, 3]);
    expect(body.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
      '2026-12-14',
      '2026-12-15',
      '2026-12-16',
    ]);
    expect(body.days[0]).toMatchObject({ slots: 2, departures: 1, capacity: 22, booked: 5 });
    expect(body.days[1]).toMatchObject({ slots: 2, departures: 0, booked: 0 });
    expect(body.days[2]).toMatchObject({ departures: 1, booked: 4 });
  });

  it("takes today from the organization's zone and honours `days`", async () => {
    const b = await createAccount(t);
    await t.db
      .update(baseAccounts)
      .set({ profile: sql`coalesce(${baseAccounts.profile}, '{}'::jsonb) || '{"timezone":"Pacific/Auckland"}'::jsonb` })
      .where(eq(baseAccounts.id, b.account.id));
    t.clock.now = new Date('2026-12-10T20:00:00Z'); // already 11 December in Auckland
    const res = await get('/api/dashboard/departures/?days=2', b.owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ today: '2026-12-11', time_zone: 'Pacific/Auckland', today_departures: [] });
    expect(res.json().days).toHaveLength(2);
    expect((await get('/api/dashboard/departures/?days=15', b.owner.headers)).statusCode).toBe(400);
  });

  it('needs View experiences or Manage orders, and never shows another organization’s starts', async () => {
    t.clock.now = new Date('2026-12-10T06:00:00Z');
    const viewer = await createMember(t, a, ['View experiences']);
    expect((await get('/api/dashboard/departures/', viewer.headers)).statusCode).toBe(200);
    const seller = await createMember(t, a, ['Manage orders']);
    expect((await get('/api/dashboard/departures/', seller.headers)).statusCode).toBe(200);
    const stranger = await createMember(t, a, ['Manage customers']);
    expect((await get('/api/dashboard/departures/', stranger.headers)).statusCode).toBe(403);

    const other = await createAccount(t);
    const res = await get('/api/dashboard/departures/', other.owner.headers);
    expect(res.json().today_departures).toEqual([]);
    expect(res.json().days[0]).toMatchObject({ slots: 0, booked: 0 });
    // a's owner on b's address is refused.
    expect(
      (await get('/api/dashboard/departures/', { ...a.owner.headers, host: `${other.subdomain}.excursio.test` })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/dashboard/month-sales/', () => {
  it('compares this month with last month and last month to date, per currency, without canceled orders', async () => {
    const b = await createAccount(t);
    t.clock.now = new Date('2026-11-02T06:00:00Z');
    const offer = await createSellableOffer(t, b);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createOrder(t, b, offer, '2026-11-20', { adults: 1 }));
    const at = async (order: { id: string }, createdAt: string, values: Partial<typeof orders.$inferInsert> = {}) =>
      t.db
        .update(orders)
        .set({ createdAt: new Date(createdAt), ...values })
        .where(eq(orders.id, order.id));
    await at(made[0], '2026-12-03T10:00:00Z', { totalMinor: 7000 }); // this month
    await at(made[1], '2026-11-05T10:00:00Z', { totalMinor: 2000 }); // last month, before the same day
    await at(made[2], '2026-11-25T10:00:00Z', { totalMinor: 3000 }); // last month, later
    await at(made[3], '2026-12-04T10:00:00Z', { totalMinor: 9999, status: 'canceled' }); // canceled: not counted
    await at(made[4], '2026-12-05T10:00:00Z', { totalMinor: 4500, currency: 'USD' });

    t.clock.now = new Date('2026-12-10T12:00:00Z');
    const res = await get('/api/dashboard/month-sales/', b.owner.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ basis: 'own', month: '2026-12', last_month: '2026-11', time_zone: 'UTC' });
    const eur = body.currencies.find((c: { currency: string }) => c.currency === 'EUR');
    expect(eur).toEqual({
      currency: 'EUR',
      this_month: { orders: 1, gross: 7000, commission: 0 },
      last_month: { orders: 2, gross: 5000, commission: 0 },
      last_month_to_date: { orders: 1, gross: 2000, commission: 0 },
    });
    expect(body.currencies[0].currency).toBe('EUR');
    expect(body.currencies[1]).toMatchObject({ currency: 'USD', this_month: { orders: 1, gross: 4500 } });

    // Another organization sees none of it; a member without Manage orders is refused.
    expect((await get('/api/dashboard/month-sales/', a.owner.headers)).json().currencies).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ currency: 'USD' })]),
    );
    const viewer = await createMember(t, b, ['View experiences']);
    expect((await get('/api/dashboard/month-sales/', viewer.headers)).statusCode).toBe(403);
  });

  it('subtracts refunds that are not a cancellation’s: a paid €115 order refunded €20 counts €95 in its month', async () => {
    const c = await createAccount(t);
    t.clock.now = new Date('2026-11-10T08:00:00Z');
    const offer = await createSellableOffer(t, c, { prices: { adult: 11500, child: 5000 } });
    const r = orderRequests(t, c);
    const lastMonth = await createOrder(t, c, offer, '2026-12-20', { adults: 1 });
    await r.pay(lastMonth.id, { method: 'cash', amount: 11500 });
    t.clock.now = new Date('2026-12-02T08:00:00Z');
    const thisMonth = await createOrder(t, c, offer, '2026-12-20', { adults: 1 });
    await r.pay(thisMonth.id, { method: 'cash', amount: 11500 });
    expect((await r.pay(thisMonth.id, { kind: 'refund', method: 'cash', amount: 2000 })).statusCode).toBe(201);
    // A refund made this month of last month's order lowers last month's revenue.
    expect((await r.pay(lastMonth.id, { kind: 'refund', method: 'cash', amount: 1500 })).statusCode).toBe(201);
    t.clock.now = new Date('2026-12-10T12:00:00Z');
    const [eur] = (await get('/api/dashboard/month-sales/', c.owner.headers)).json().currencies;
    expect(eur).toMatchObject({
      this_month: { orders: 1, gross: 9500 },
      last_month: { orders: 1, gross: 10000 },
      last_month_to_date: { orders: 1, gross: 10000 },
    });
  });
});

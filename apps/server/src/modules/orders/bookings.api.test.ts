import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember } from '../../test/factories.ts';
import { createOrder } from '../../test/order-factories.ts';

const t = useTestApp();
const DAY = '2026-12-01';

beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});

type Item = {
  id: string;
  phase: string;
  time: string;
  attendance_status: string;
  contact: { last_name: string };
  experience_title: string;
};

describe("a day's bookings", () => {
  it('lists the bookings starting on a local date with their phase at the clock, filtered, searched and ordered', async () => {
    const b = await createAccount(t);
    const morning = await createSellableOffer(t, b, { lines: [{ time: '09:00' }], overrides: { title: 'Alpine sunrise hike' } });
    const evening = await createSellableOffer(t, b, { lines: [{ time: '19:30' }], overrides: { title: 'Harbour night cruise' } });
    const early = await createOrder(t, b, morning, DAY, { adults: 2 });
    const late = await createOrder(t, b, evening, DAY, { adults: 1, children: 2 });
    const canceled = await createOrder(t, b, evening, DAY, { adults: 1 });
    await createOrder(t, b, morning, '2026-12-02', { adults: 1 });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/orders/${canceled.id}/cancel/`, headers: b.owner.headers })).statusCode,
    ).toBe(200);

    const list = async (query: string) => {
      const res = await t.app.inject({ url: `/api/bookings/by-date/?date=${DAY}&${query}`, headers: b.owner.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; results: Item[] };
    };
    const all = await list('');
    expect(all.count).toBe(3);
    expect(all.results.map((r) => [r.experience_title, r.time, r.phase])).toEqual([
      ['Alpine sunrise hike', '09:00', 'confirmed'],
      ['Harbour night cruise', '19:30', 'confirmed'],
      ['Harbour night cruise', '19:30', 'canceled'],
    ]);
    expect(all.results[0]).toMatchObject({ participants: 2, order_reference: early.reference, attendance_status: 'open' });

    // 10:30 in Berlin on the day: the hike (2 hours) is running.
    t.clock.now = new Date('2026-12-01T09:30:00Z');
    expect((await list('status=in_progress')).results.map((r) => r.id)).toEqual([early.lines[0].booking.id]);
    expect((await list('status=Confirmed')).results.map((r) => r.id)).toEqual([late.lines[0].booking.id]);
    expect((await list('status=canceled')).count).toBe(1);
    t.clock.now = new Date('2026-12-02T00:00:00Z');
    expect((await list('status=completed')).count).toBe(2);

    expect((await list(`search=${encodeURIComponent(late.contact.last_name)}`)).results.map((r) => r.id)).toEqual([
      late.lines[0].booking.id,
    ]);
    expect((await list('search=sunrise')).count).toBe(1);
    // A searched or joined-ordered page counts every match, whichever page it is.
    for (const query of ['search=harbour&page_size=1', 'search=harbour&page_size=1&page=2', 'ordering=contact&page_size=2']) {
      const page = await list(query);
      expect([page.count, page.results.length], query).toEqual(query.startsWith('ordering') ? [3, 2] : [2, 1]);
    }
    expect((await list(`search=%23${early.number}`)).count).toBe(1);
    expect((await list('ordering=-participants')).results[0].id).toBe(late.lines[0].booking.id);
    expectError(await t.app.inject({ url: '/api/bookings/by-date/?date=tomorrow', headers: b.owner.headers }), 400, {
      attr: 'date',
    });
    expectError(await t.app.inject({ url: `/api/bookings/by-date/?date=${DAY}&status=lost`, headers: b.owner.headers }), 400, {
      attr: 'status',
    });
  });

  it('sets attendance in one call, not on a canceled booking, and the calendar counts the month', async () => {
    const b = await createAccount(t);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00' }] });
    const first = await createOrder(t, b, offer, DAY, { adults: 2, children: 1 });
    const second = await createOrder(t, b, offer, DAY, { adults: 1 });
    await createOrder(t, b, offer, '2026-12-15', { adults: 4 });
    const patch = (id: string, attendance_status: string, headers = b.owner.headers) =>
      t.app.inject({ method: 'PATCH', url: `/api/bookings/${id}/`, headers, payload: { attendance_status } });

    const arrived = await patch(first.lines[0].booking.id, 'arrived');
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json()).toMatchObject({ attendance_status: 'arrived', participants: 3 });
    expectError(await patch(first.lines[0].booking.id, 'late'), 400, { attr: 'attendance_status' });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/orders/${second.id}/cancel/`, headers: b.owner.headers })).statusCode,
    ).toBe(200);
    expectError(await patch(second.lines[0].booking.id, 'arrived'), 409, { code: 'booking_canceled' });
    expectError(await patch(crypto.randomUUID(), 'arrived'), 404, { code: 'not_found' });

    const calendar = await t.app.inject({ url: '/api/bookings/calendar/?month=12&year=2026', headers: b.owner.headers });
    expect(calendar.json()).toEqual({
      month: 12,
      year: 2026,
      days: [
        { date: DAY, bookings: 1, participants: 3, arrived: 1 },
        { date: '2026-12-15', bookings: 1, participants: 4, arrived: 0 },
      ],
    });

    const other = await createAccount(t);
    expectError(await patch(first.lines[0].booking.id, 'no_show', other.owner.headers), 404, { code: 'not_found' });
    expect((await t.app.inject({ url: `/api/bookings/by-date/?date=${DAY}`, headers: other.owner.headers })).json().count).toBe(
      0,
    );
    const viewer = await createMember(t, b, ['View experiences']);
    expectError(await t.app.inject({ url: `/api/bookings/by-date/?date=${DAY}`, headers: viewer.headers }), 403, {
      code: 'permission_denied',
    });
    expectError(await patch(first.lines[0].booking.id, 'open', viewer.headers), 403, { code: 'permission_denied' });
  });
});

import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { slots } from '../../db/schema/availability.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer, keyAt } from '../../test/availability-factories.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, useAccount } from '../../test/factories.ts';
import { convertHold } from './reservations.service.ts';

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';

beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});

const get = (url: string, headers = a.owner.headers) => t.app.inject({ url, headers });
const patch = (payload: object, headers = a.owner.headers) =>
  t.app.inject({ method: 'PATCH', url: '/api/capacity/slots/', headers, payload });
const hold = async (s: Awaited<ReturnType<typeof createSellableOffer>>, quantity: number, date = DAY, line = 0) =>
  t.app.inject({
    method: 'POST',
    url: '/api/1/reserve/',
    headers: hostHeaders(a.subdomain),
    payload: {
      productId: s.offer.id,
      availabilityId: keyAt(date, s.startTimes[line].id),
      rateId: s.rate.id,
      units: [{ pricingCategoryId: s.adult.id, quantity }],
    },
  });

describe('capacity calendar and day list', () => {
  it('shows per-day capacity, booked and held, and the day’s slots with the list machinery', async () => {
    const b = await createAccount(t);
    const s = await createSellableOffer(t, b, {
      lines: [
        { time: '09:00', capacity: 10 },
        { time: '14:00', capacity: 6 },
      ],
    });
    const reserve = (quantity: number, line: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/1/reserve/',
        headers: hostHeaders(b.subdomain),
        payload: {
          productId: s.offer.id,
          availabilityId: keyAt(DAY, s.startTimes[line].id),
          rateId: s.rate.id,
          units: [{ pricingCategoryId: s.adult.id, quantity }],
        },
      });
    const booked = (await reserve(4, 0)).json();
    await convertHold(t.db, b.account.id, booked.id, { now: t.clock.now as Date });
    await reserve(2, 1);

    const calendar = await get('/api/capacity/calendar/?month=12&year=2026', b.owner.headers);
    expect(calendar.statusCode, calendar.body).toBe(200);
    const day = calendar.json().days.find((d: { date: string }) => d.date === DAY);
    expect(day).toEqual({
      date: DAY,
      slots: 2,
      closed_slots: 0,
      capacity: 16,
      booked: 4,
      held: 2,
      available: 10,
      utilisation: 38,
    });
    expect(calendar.json().days).toHaveLength(31);

    const list = await get(`/api/capacity/by-date/?date=${DAY}&page_size=5&ordering=-booked`, b.owner.headers);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, total_pages: 1, current_page_number: 1 });
    expect(
      list
        .json()
        .results.map((r: { time: string; booked: number; held: number; available: number }) => [
          r.time,
          r.booked,
          r.held,
          r.available,
        ]),
    ).toEqual([
      ['09:00', 4, 0, 6],
      ['14:00', 0, 2, 4],
    ]);
    expectError(await get(`/api/capacity/by-date/?date=${DAY}&ordering=nope`, b.owner.headers), 400, { attr: 'ordering' });
    expectError(await get(`/api/capacity/by-date/?date=${DAY}&page=3`, b.owner.headers), 404, {});
    expect((await get(`/api/capacity/by-date/?date=${DAY}&search=nothing-like-it`, b.owner.headers)).json().count).toBe(0);
  });

  it("keeps organizations apart: another account's offer is not found and its slots are not listed", async () => {
    const b = await createAccount(t);
    const theirs = await createSellableOffer(t, b);
    expectError(await get(`/api/capacity/calendar/?month=12&year=2026&experience_id=${theirs.offer.id}`), 404, {});
    expect(
      (await get(`/api/capacity/by-date/?date=${DAY}`))
        .json()
        .results.some((r: { experience_id: string }) => r.experience_id === theirs.offer.id),
    ).toBe(false);
    expectError(
      await patch({ experience_id: theirs.offer.id, start_time_id: theirs.startTimes[0].id, date: DAY, closed: true }),
      404,
      {},
    );
    expect(await t.db.$count(slots, eq(slots.experienceId, theirs.offer.id))).toBe(0);
  });
});

describe('operator overrides', () => {
  it('closes and reopens a slot, sets and resets its capacity, keeps a note', async () => {
    const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 8 }] });
    const slot = { experience_id: s.offer.id, start_time_id: s.startTimes[0].id, date: DAY };
    const closed = await patch({ ...slot, closed: true, note: 'Storm warning' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      closed: true,
      note: 'Storm warning',
      bookable: false,
      unbookable_reason: 'closed',
      available: 0,
    });
    expectError(await hold(s, 1), 409, { code: 'slot_closed' });
    expect((await patch({ ...slot, closed: false })).json()).toMatchObject({
      closed: false,
      note: 'Storm warning',
      available: 8,
    });
    expect((await patch({ ...slot, capacity: 12 })).json()).toMatchObject({ capacity: 12, capacity_override: 12, available: 12 });
    expect((await patch({ ...slot, capacity: null })).json()).toMatchObject({ capacity: 8, capacity_override: null });
  });

  it('never sets the capacity below what is booked or held, unless forced', async () => {
    const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 8 }] });
    const slot = { experience_id: s.offer.id, start_time_id: s.startTimes[0].id, date: DAY };
    const first = (await hold(s, 3)).json();
    await convertHold(t.db, a.account.id, first.id, { now: t.clock.now as Date });
    await hold(s, 2);
    expectError(await patch({ ...slot, capacity: 2 }), 409, { code: 'below_booked', attr: 'capacity' });
    expectError(await patch({ ...slot, capacity: 4 }), 409, { code: 'below_held' });
    expect((await patch({ ...slot, capacity: 5 })).json()).toMatchObject({ available: 0 });
    expect((await patch({ ...slot, capacity: 2, force: true })).json()).toMatchObject({ capacity: 2, booked: 3, available: 0 });
    expectError(await patch({ ...slot, capacity: -1 }), 400, { attr: 'capacity' });
    expectError(await patch({ ...slot }), 400, {});
  });

  it('closes a whole date in one action and reopens it, keeping the day’s note apart from the slots’ own notes', async () => {
    const s = await createSellableOffer(t, a, { lines: [{ time: '09:00' }, { time: '12:00' }, { time: '16:00' }] });
    const other = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    // The 12:00 start has a note of its own.
    const noted = await patch({ experience_id: s.offer.id, start_time_id: s.startTimes[1].id, date: DAY, note: 'Guide: Marko' });
    expect(noted.statusCode, noted.body).toBe(200);
    const closeDay = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/capacity/close-day/', headers: a.owner.headers, payload });
    const dayList = async (query = '') => (await get(`/api/capacity/by-date/?date=${DAY}&page_size=25${query}`)).json();
    const notesOf = (rows: { starts_at: string; closed: boolean; note: string; experience_id: string }[]) =>
      rows.filter((r) => r.experience_id === s.offer.id).map((r) => [r.closed, r.note]);

    const close = await closeDay({ experience_id: s.offer.id, date: DAY, closed: true, note: 'Public holiday' });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().day_note).toBe('Public holiday');
    expect(notesOf(close.json().results)).toEqual([
      [true, ''],
      [true, 'Guide: Marko'],
      [true, ''],
    ]);
    const closedDay = await dayList();
    expect(closedDay.day_notes).toEqual([{ experience_id: s.offer.id, experience_title: s.offer.title, note: 'Public holiday' }]);
    expect(notesOf(closedDay.results)).toEqual(notesOf(close.json().results));
    // Filtered to the other offer: not its note.
    expect((await dayList(`&experience_id=${other.offer.id}`)).day_notes).toEqual([]);
    const config = (await get(`/api/bookings/config/?experience_id=${s.offer.id}&month=12&year=2026`)).json();
    expect(config.days.map((d: { date: string }) => d.date)).not.toContain(DAY);

    const reopen = await closeDay({ experience_id: s.offer.id, date: DAY, closed: false });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect(reopen.json().day_note).toBeNull();
    expect(notesOf(reopen.json().results)).toEqual([
      [false, ''],
      [false, 'Guide: Marko'],
      [false, ''],
    ]);
    const reopened = await dayList();
    expect(reopened.day_notes).toEqual([]);
    expect(notesOf(reopened.results)).toEqual(notesOf(reopen.json().results));
  });

  it('needs Manage experiences to change; reading is enough for the lists', async () => {
    const s = await createSellableOffer(t, a);
    const viewer = await createMember(t, a, ['View experiences']);
    const slot = { experience_id: s.offer.id, start_time_id: s.startTimes[0].id, date: DAY, closed: true };
    expectError(await patch(slot, viewer.headers), 403, { code: 'permission_denied' });
    expect((await get(`/api/capacity/by-date/?date=${DAY}`, viewer.headers)).statusCode).toBe(200);
    expect((await patch(slot, (await createMember(t, a, ['Manage experiences'])).headers)).statusCode).toBe(200);
    const draft = await createExperience(t, a, { title: 'No schedule' });
    expectError(await patch({ ...slot, experience_id: draft.id }), 404, {});
  });
});

import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { holds, slots } from '../../db/schema/availability.ts';
import { experiences, pricingRates } from '../../db/schema/catalog.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer, keyAt } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, useAccount } from '../../test/factories.ts';

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';

beforeEach(() => {
  // Mid-morning of the day before, Berlin: the 10:00 and 15:00 starts of DAY are bookable.
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});

const get = (url: string, headers = a.owner.headers) => t.app.inject({ url, headers });
const reserve = (body: object, subdomain = a.subdomain) =>
  t.app.inject({ method: 'POST', url: '/api/1/reserve/', headers: hostHeaders(subdomain), payload: body });

describe('check-availability', () => {
  it("lists a day's slots with remaining places, whether the party fits and its price per slot", async () => {
    const s = await createSellableOffer(t, a, {
      lines: [
        { time: '10:00', capacity: 4 },
        { time: '15:00', capacity: 10 },
      ],
    });
    const party = encodeURIComponent(JSON.stringify({ [s.adult.id]: 2, [s.child.id]: 3 }));
    const res = await get(
      `/api/bookings/check-availability/?experience_id=${s.offer.id}&date_from=${DAY}&pricing_options=${party}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      experience_id: s.offer.id,
      date: DAY,
      time_zone: 'Europe/Berlin',
      currency: 'EUR',
      problems: [],
    });
    expect(
      body.results.map((r: { time: string; starts_at: string; available: number; fits: boolean }) => [
        r.time,
        r.starts_at,
        r.available,
        r.fits,
      ]),
    ).toEqual([
      ['10:00', '2026-12-01T09:00:00.000Z', 4, false],
      ['15:00', '2026-12-01T14:00:00.000Z', 10, true],
    ]);
    // 2 × 3500 + 3 × 1500, computed on the server, the same on every slot of the day.
    expect(body.results[1].price).toMatchObject({ rate_id: s.rate.id, total: 11_500, participants: 5, capacity_units: 5 });
  });

  it('reports party problems beside the slots and refuses bad input with nothing written', async () => {
    const s = await createSellableOffer(t, a);
    const other = await createAccount(t);
    const foreign = await createSellableOffer(t, other);
    const bad = encodeURIComponent(JSON.stringify({ [foreign.adult.id]: 1 }));
    const res = await get(
      `/api/bookings/check-availability/?experience_id=${s.offer.id}&date_from=${DAY}&pricing_options=${bad}`,
    );
    expect(res.json().problems[0]).toMatchObject({ attr: 'pricing_options.0.pricing_category_id' });
    expect(res.json().results[0].fits).toBe(false);
    expectError(await get(`/api/bookings/check-availability/?experience_id=${s.offer.id}&date_from=2026-13-01`), 400, {
      attr: 'date_from',
    });
    expectError(await get(`/api/bookings/check-availability/?date_from=${DAY}`), 400, { attr: 'experience_id' });
    // Another organization's offer is not found.
    expectError(await get(`/api/bookings/check-availability/?experience_id=${foreign.offer.id}&date_from=${DAY}`), 404, {});
    expect(await t.db.$count(slots, eq(slots.experienceId, s.offer.id))).toBe(0);
  });

  it('needs View experiences or Manage orders, and the bookings feature', async () => {
    const s = await createSellableOffer(t, a);
    const url = `/api/bookings/check-availability/?experience_id=${s.offer.id}&date_from=${DAY}`;
    expect((await get(url, (await createMember(t, a, ['View experiences'])).headers)).statusCode).toBe(200);
    expect((await get(url, (await createMember(t, a, ['Manage orders'])).headers)).statusCode).toBe(200);
    expectError(await get(url, (await createMember(t, a, ['Manage customers'])).headers), 403, { code: 'permission_denied' });
    expectError(await t.app.inject({ url }), 401, {});
  });
});

describe('what an offer sells is kept in memory, and every change reaches it at once', () => {
  it('a schedule changed through the API, then a rate straight in the database', async () => {
    const s = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const times = async () =>
      (await get(`/api/bookings/check-availability/?experience_id=${s.offer.id}&date_from=${DAY}`))
        .json()
        .results.map((r: { time: string }) => r.time);
    expect(await times()).toEqual(['10:00']);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/experiences/${s.offer.id}/start-times/`,
      headers: a.owner.headers,
      payload: {
        start_times: [
          {
            id: s.startTimes[0].id,
            time: '10:00',
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            date_from: '2026-01-01',
            date_to: null,
            capacity: 10,
          },
          { time: '16:30', weekdays: [1, 2, 3, 4, 5, 6, 7], date_from: '2026-01-01', date_to: null, capacity: 10 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await times()).toEqual(['10:00', '16:30']);
    await t.db.update(pricingRates).set({ validTo: '2026-11-30' }).where(eq(pricingRates.id, s.rate.id));
    await t.settled();
    const after = (await get(`/api/bookings/check-availability/?experience_id=${s.offer.id}&date_from=${DAY}`)).json();
    expect(after.results.map((r: { unbookable_reason: string }) => r.unbookable_reason)).toEqual(['no_rate', 'no_rate']);
  });
});

describe('config', () => {
  it('gives the bookable days of a month, the rates that sell and the limits', async () => {
    const s = await createSellableOffer(t, a, {
      lines: [{ time: '10:00', weekdays: [6, 7], capacity: 8 }],
      overrides: { bookingCutoffMinutes: 60, minGroupSize: 2, maxGroupSize: 12 },
    });
    const res = await get(`/api/bookings/config/?experience_id=${s.offer.id}&month=12&year=2026`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Weekends of December 2026: 5–6, 12–13, 19–20, 26–27.
    expect(body.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-12-05',
      '2026-12-06',
      '2026-12-12',
      '2026-12-13',
      '2026-12-19',
      '2026-12-20',
      '2026-12-26',
      '2026-12-27',
    ]);
    expect(body.days[0]).toEqual({ date: '2026-12-05', slots: 1, min_available: 8, max_available: 8 });
    expect(body).toMatchObject({ cutoff_minutes: 60, min_group_size: 2, max_group_size: 12, is_open_dated: false });
    expect(body.rates).toEqual([
      expect.objectContaining({ id: s.rate.id, prices: expect.arrayContaining([expect.objectContaining({ price: 3500 })]) }),
    ]);
    expectError(await get(`/api/bookings/config/?experience_id=${s.offer.id}&month=13&year=2026`), 400, { attr: 'month' });
  });
});

describe('holds through the public API', () => {
  it('reserves, counts the hold everywhere, extends, releases; only Active public offers; no session needed', async () => {
    const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 5 }] });
    const availabilityId = keyAt(DAY, s.startTimes[0].id);
    const body = {
      productId: s.offer.id,
      availabilityId,
      rateId: s.rate.id,
      units: [{ pricingCategoryId: s.adult.id, quantity: 3 }],
    };
    const res = await reserve(body);
    expect(res.statusCode, res.body).toBe(201);
    const hold = res.json();
    expect(hold).toMatchObject({ status: 'ON_HOLD', availabilityId, price: { currency: 'EUR', total: 10_500 } });
    // The account's hold time (15 minutes by default), from the app's clock.
    expect(hold.utcExpiresAt).toBe('2026-11-30T09:15:00.000Z');

    const feed = await t.app.inject({
      url: `/api/1/get-availabilities/?fromDateTime=2026-12-01T00:00:00Z&toDateTime=2026-12-02T00:00:00Z&productId=${s.offer.id}`,
      headers: hostHeaders(a.subdomain),
    });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json().results).toEqual([
      expect.objectContaining({
        id: availabilityId,
        vacancies: 2,
        status: 'LIMITED',
        localDateTimeStart: '2026-12-01T10:00:00+01:00',
      }),
    ]);

    expectError(await reserve({ ...body, units: [{ pricingCategoryId: s.adult.id, quantity: 3 }] }), 409, {
      code: 'not_enough_places',
      detail: 'Only 2 places are left on this start.',
    });

    t.clock.now = new Date('2026-11-30T09:10:00Z');
    const extended = await t.app.inject({
      method: 'POST',
      url: `/api/1/holds/${hold.id}/extend/`,
      headers: hostHeaders(a.subdomain),
    });
    expect(extended.json().utcExpiresAt).toBe('2026-11-30T09:25:00.000Z');
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/1/holds/${hold.id}/release/`,
      headers: hostHeaders(a.subdomain),
    });
    expect(release.statusCode).toBe(204);
    expect((await reserve({ ...body, units: [{ pricingCategoryId: s.adult.id, quantity: 5 }] })).statusCode).toBe(201);
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/1/holds/${hold.id}/release/`, headers: hostHeaders(a.subdomain) }),
      409,
      {
        code: 'hold_not_active',
      },
    );

    // A Draft or a private offer does not exist for the public.
    await t.db.update(experiences).set({ visibility: 'private' }).where(eq(experiences.id, s.offer.id));
    // Written behind the app's back: wait for the database's announcement to reach the catalog cache.
    await t.settled();
    expectError(await reserve(body), 404, {});
    expect((await t.app.inject({ url: feed.raw.req.url as string, headers: hostHeaders(a.subdomain) })).json().results).toEqual(
      [],
    );
  });

  it('lets a hold expire by the clock alone, with no sweeper', async () => {
    const s = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 2 }] });
    const body = {
      productId: s.offer.id,
      availabilityId: keyAt(DAY, s.startTimes[0].id),
      rateId: s.rate.id,
      units: [{ pricingCategoryId: s.adult.id, quantity: 2 }],
    };
    const first = (await reserve(body)).json();
    expectError(await reserve(body), 409, { code: 'not_enough_places', detail: 'This start is fully booked.' });
    t.clock.now = new Date('2026-11-30T09:15:00Z'); // exactly the expiry: the hold no longer counts
    expect((await reserve(body)).statusCode).toBe(201);
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/1/holds/${first.id}/extend/`, headers: hostHeaders(a.subdomain) }),
      409,
      {
        code: 'hold_expired',
      },
    );
    expect((await t.db.select().from(holds).where(eq(holds.id, first.id)))[0].status).toBe('active');
  });

  it('refuses bad input with a 400 naming the field and writes nothing', async () => {
    const s = await createSellableOffer(t, a);
    const base = {
      productId: s.offer.id,
      availabilityId: keyAt(DAY, s.startTimes[0].id),
      rateId: s.rate.id,
      units: [{ pricingCategoryId: s.adult.id, quantity: 1 }],
    };
    expectError(await reserve({ ...base, availabilityId: 'tomorrow' }), 400, { attr: 'availabilityId' });
    expectError(await reserve({ ...base, availabilityId: keyAt('2026-12-01', s.adult.id) }), 400, { code: 'unknown_slot' });
    expectError(await reserve({ ...base, units: [{ pricingCategoryId: s.adult.id, quantity: 0 }] }), 400, {
      attr: 'units.0.quantity',
    });
    expectError(
      await reserve({
        ...base,
        units: [
          { pricingCategoryId: s.adult.id, quantity: 1 },
          { pricingCategoryId: s.adult.id, quantity: 1 },
        ],
      }),
      400,
      {
        code: 'duplicate_category',
      },
    );
    expectError(await reserve({ ...base, availabilityId: keyAt('2026-11-29', s.startTimes[0].id) }), 409, {
      code: 'not_bookable',
    });
    expectError(await reserve(base, 'no-such-organization'), 404, {});
    expect(await t.db.$count(holds, eq(holds.experienceId, s.offer.id))).toBe(0);
  });
});

describe('the public feed over several offers', () => {
  type Row = { id: string; productId: string; utcStartAt: string; timeZone: string };
  const window = 'fromDateTime=2026-12-01T00:00:00Z&toDateTime=2026-12-08T00:00:00Z';
  const byStart = (x: Row, y: Row) => Date.parse(x.utcStartAt) - Date.parse(y.utcStartAt);
  const byOffer = (x: Row, y: Row) => (x.productId < y.productId ? -1 : x.productId > y.productId ? 1 : 0);

  it('counts every start and pages through them in each ordering exactly as one sorted list', async () => {
    const b = await createAccount(t);
    await createSellableOffer(t, b, { lines: [{ time: '10:00' }, { time: '15:00' }] });
    // Starts at the same instants as the first offer (ties go by offer id), and on three weekdays only.
    await createSellableOffer(t, b, { lines: [{ time: '10:00' }, { time: '12:30', weekdays: [1, 3, 5] }] });
    await createSellableOffer(t, b, { lines: [{ time: '09:00' }], overrides: { timeZone: 'America/New_York' } });
    // Not in the feed: a draft.
    await createSellableOffer(t, b, { lines: [{ time: '11:00' }], overrides: { status: 'draft' } });

    const feed = async (query: string) => {
      const res = await t.app.inject({ url: `/api/1/get-availabilities/?${window}&${query}`, headers: hostHeaders(b.subdomain) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; results: Row[] };
    };
    const all = await feed('page_size=100');
    // 7 days × (2 + 1) starts in Berlin, 12:30 on Wed 2, Fri 4 and Mon 7 December, 7 in New York
    // (1–7 December 09:00 EST are all inside the window).
    expect(all.count).toBe(7 * 3 + 3 + 7);
    expect(all.results).toHaveLength(all.count);
    expect(new Set(all.results.map((r) => r.productId)).size).toBe(3);

    const expected: Record<string, Row[]> = {
      localDateTimeStart: [...all.results].sort((x, y) => byStart(x, y) || byOffer(x, y)),
      '-localDateTimeStart': [...all.results].sort((x, y) => byStart(y, x) || byOffer(x, y)),
      productId: [...all.results].sort((x, y) => byOffer(x, y) || byStart(x, y)),
      '-productId': [...all.results].sort((x, y) => byOffer(y, x) || byStart(x, y)),
    };
    expect(all.results.map((r) => r.id)).toEqual(expected.localDateTimeStart.map((r) => r.id));
    for (const [ordering, rows] of Object.entries(expected)) {
      const paged: Row[] = [];
      for (let page = 1; paged.length < all.count; page++) {
        const res = await feed(`ordering=${ordering}&page_size=4&page=${page}`);
        expect(res.count).toBe(all.count);
        paged.push(...res.results);
      }
      expect(
        paged.map((r) => `${r.productId}|${r.id}`),
        ordering,
      ).toEqual(rows.map((r) => `${r.productId}|${r.id}`));
    }
  });
});

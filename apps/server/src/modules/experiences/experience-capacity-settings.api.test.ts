import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { experiences } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createMember, useAccount } from '../../test/factories.ts';
import { fullBody } from './experience-parts.test-helpers.ts';

const t = useTestApp();
const a = useAccount(t);

const storedOffer = async (id: string) => (await t.db.select().from(experiences).where(eq(experiences.id, id)))[0];
const create = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/experiences/', headers: a.owner.headers, payload: body });
const patch = (id: string, body: object, headers = a.owner.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/experiences/${id}/`, headers, payload: body });

describe('capacity settings (daily capacity of passes, a group as one place)', () => {
  it('defaults to no daily limit and a place per person; PATCH sets and clears them', async () => {
    const offer = (await create({ type: 'ticket', title: 'Museum day pass' })).json();
    expect(offer).toMatchObject({ daily_capacity: null, group_takes_one_place: false });

    const set = await patch(offer.id, { is_open_dated: true, daily_capacity: 40, group_takes_one_place: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ is_open_dated: true, daily_capacity: 40, group_takes_one_place: true });
    expect(await storedOffer(offer.id)).toMatchObject({ dailyCapacity: 40, groupTakesOnePlace: true });
    const got = (await t.app.inject({ url: `/api/experiences/${offer.id}/`, headers: a.owner.headers })).json();
    expect(got).toMatchObject({ daily_capacity: 40, group_takes_one_place: true });
    // A copy keeps them.
    const copy = await t.app.inject({ method: 'POST', url: `/api/experiences/${offer.id}/duplicate/`, headers: a.owner.headers });
    expect(copy.json()).toMatchObject({ status: 'draft', daily_capacity: 40, group_takes_one_place: true });

    const cleared = await patch(offer.id, { daily_capacity: null, group_takes_one_place: false });
    expect(cleared.json()).toMatchObject({ daily_capacity: null, group_takes_one_place: false });
    expect(await storedOffer(offer.id)).toMatchObject({ dailyCapacity: null, groupTakesOnePlace: false });
  });

  it('refuses a daily capacity below 1 or not whole, and a flag that is not a boolean, writing nothing', async () => {
    const offer = (await create({ type: 'ticket', title: 'City pass', is_open_dated: true, daily_capacity: 12 })).json();
    expect(offer.daily_capacity).toBe(12);
    const before = await storedOffer(offer.id);
    for (const body of [{ daily_capacity: 0 }, { daily_capacity: -3 }, { daily_capacity: 2.5 }, { daily_capacity: '40' }]) {
      expectError(await patch(offer.id, body), 400, { attr: 'daily_capacity' });
    }
    expectError(await patch(offer.id, { group_takes_one_place: 'yes' }), 400, { attr: 'group_takes_one_place' });
    expect(await storedOffer(offer.id)).toEqual(before);
    // PUT is the whole record: both fields are part of it.
    const { daily_capacity: _omitted, ...withoutDaily } = fullBody;
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: `/api/experiences/${offer.id}/`,
        headers: a.owner.headers,
        payload: withoutDaily,
      }),
      400,
      { code: 'required', attr: 'daily_capacity' },
    );
  });

  it('is what the availability engine counts: a daily capacity becomes each pass day’s capacity', async () => {
    const { offer } = await createSellableOffer(t, a, { overrides: { type: 'ticket', isOpenDated: true }, lines: [] });
    expect((await patch(offer.id, { daily_capacity: 25 })).statusCode).toBe(200);
    const next = new Date();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const query = `month=${next.getUTCMonth() + 1}&year=${next.getUTCFullYear()}&experience_id=${offer.id}`;
    const calendar = await t.app.inject({ url: `/api/capacity/calendar/?${query}`, headers: a.owner.headers });
    expect(calendar.statusCode, calendar.body).toBe(200);
    const days = calendar.json().days as { capacity: number | null; slots: number }[];
    expect(days.length).toBeGreaterThanOrEqual(28);
    expect(new Set(days.map((d) => d.capacity))).toEqual(new Set([25]));
  });

  it('lets a viewer read the fields but not change them', async () => {
    const offer = (await create({ type: 'ticket', title: 'Harbour pass', is_open_dated: true, daily_capacity: 30 })).json();
    const viewer = await createMember(t, a, ['View experiences']);
    const read = await t.app.inject({ url: `/api/experiences/${offer.id}/`, headers: viewer.headers });
    expect(read.json()).toMatchObject({ daily_capacity: 30, group_takes_one_place: false });
    expectError(await patch(offer.id, { daily_capacity: 5 }, viewer.headers), 403, { code: 'permission_denied' });
    expect((await storedOffer(offer.id)).dailyCapacity).toBe(30);
  });
});

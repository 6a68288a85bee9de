import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTimes } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount, type TestUser, useAccount } from '../../test/factories.ts';
import { addRate, addStartTime, attachImage } from './experience-parts.test-helpers.ts';

const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);

const linesOf = async (experienceId: string) => t.db.select().from(startTimes).where(eq(startTimes.experienceId, experienceId));
const storedLine = async (id: string) => (await t.db.select().from(startTimes).where(eq(startTimes.id, id)))[0];

// 2026-11-02 is a Monday.
const line = { time: '09:30', weekdays: [5, 1, 3], date_from: '2026-11-02', date_to: '2026-12-31', capacity: 12 };

const post = (body: object, headers = a.owner.headers) =>
  t.app.inject({ method: 'POST', url: '/api/start-times/', headers, payload: body });
const patch = (id: string, body: object, headers = a.owner.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/start-times/${id}/`, headers, payload: body });
const put = (id: string, body: object, headers = a.owner.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/start-times/${id}/`, headers, payload: body });
const del = (id: string, headers = a.owner.headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/start-times/${id}/`, headers });

describe('start times CRUD', () => {
  it("creates a line in local wall time, shown with the offer's zone", async () => {
    const offer = await createExperience(t, a, { timeZone: 'Australia/Sydney' });
    const res = await post({ experience_id: offer.id, ...line });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      experience_id: offer.id,
      time: '09:30',
      weekdays: [1, 3, 5],
      date_from: '2026-11-02',
      date_to: '2026-12-31',
      capacity: 12,
      time_zone: 'Australia/Sydney',
    });
    expect((await storedLine(created.id)).time).toBe('09:30');

    const got = await t.app.inject({ url: `/api/start-times/${created.id}/`, headers: a.owner.headers });
    expect(got.json()).toEqual(created);
    const detail = await t.app.inject({ url: `/api/experiences/${offer.id}/`, headers: a.owner.headers });
    expect(detail.json().start_times_count).toBe(1);
  });

  it('replaces (PUT needs every field), patches and deletes a line', async () => {
    const offer = await createExperience(t, a);
    const created = (await post({ experience_id: offer.id, ...line })).json();

    expectError(await put(created.id, { time: '10:00' }), 400, { code: 'required', attr: 'weekdays' });
    expectError(await put(created.id, { ...line, experience_id: offer.id }), 400, { code: 'unknown_field' });
    const replaced = await put(created.id, { time: '10:00', weekdays: [6], date_from: '2026-11-07', date_to: null, capacity: 4 });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ time: '10:00', weekdays: [6], date_from: '2026-11-07', date_to: null, capacity: 4 });

    const patched = await patch(created.id, { capacity: 30 });
    expect(patched.json()).toMatchObject({ time: '10:00', weekdays: [6], capacity: 30, date_to: null });

    expect((await del(created.id)).statusCode).toBe(204);
    expect(await storedLine(created.id)).toBeUndefined();
    expect((await del(created.id)).statusCode).toBe(404);
  });
});

describe('start time list', () => {
  const c = {} as TestAccount;
  let first: string;
  let second: string;
  beforeAll(async () => {
    Object.assign(c, await createAccount(t));
    first = (await createExperience(t, c)).id;
    second = (await createExperience(t, c)).id;
    await addStartTime(t, c.account.id, first, { time: '14:00', capacity: 5, dateFrom: '2026-03-01' });
    await addStartTime(t, c.account.id, first, { time: '08:00', capacity: 20, dateFrom: '2026-05-01' });
    await addStartTime(t, c.account.id, first, { time: '11:15', capacity: 10, dateFrom: '2026-01-01' });
    await addStartTime(t, c.account.id, second, { time: '07:00', capacity: 1 });
  });
  const get = (query: string) => t.app.inject({ url: `/api/start-times/${query}`, headers: c.owner.headers });
  const times = (res: { json: () => { results: { time: string }[] } }) => res.json().results.map((r) => r.time);

  it('lists by time by default and filters by offer', async () => {
    expect(times(await get(''))).toEqual(['07:00', '08:00', '11:15', '14:00']);
    expect(times(await get(`?experience=${first}`))).toEqual(['08:00', '11:15', '14:00']);
    expect((await get(`?experience=${second}`)).json().count).toBe(1);
    expectError(await get('?experience=nope'), 400, { attr: 'experience' });
    // Another account's offer: nothing to see.
    const theirs = await createExperience(t, b);
    await addStartTime(t, b.account.id, theirs.id);
    expect((await get(`?experience=${theirs.id}`)).json().count).toBe(0);
  });

  it('orders by allow-listed fields and pages', async () => {
    expect(times(await get(`?experience=${first}&ordering=-capacity`))).toEqual(['08:00', '11:15', '14:00']);
    expect(times(await get(`?experience=${first}&ordering=date_from`))).toEqual(['11:15', '14:00', '08:00']);
    expect(times(await get('?ordering=-time&page_size=3&page=2'))).toEqual(['07:00']);
    expect((await get('?page_size=3&page=2')).json()).toMatchObject({ count: 4, total_pages: 2, current_page_number: 2 });
    expect((await get('?page=3&page_size=3')).statusCode).toBe(404);
    expectError(await get('?ordering=account_id'), 400, { attr: 'ordering' });
  });
});

describe('start time bad input writes nothing', () => {
  let offer: { id: string };
  beforeAll(async () => {
    offer = await createExperience(t, a);
    await post({ experience_id: offer.id, ...line });
  });

  const refused: [string, object, { code?: string; attr: string }][] = [
    ['a zero capacity', { capacity: 0 }, { attr: 'capacity' }],
    ['a negative capacity', { capacity: -4 }, { attr: 'capacity' }],
    ['an end before the start', { date_from: '2026-11-10', date_to: '2026-11-09' }, { code: 'invalid', attr: 'date_to' }],
    // Tue 3 – Thu 5 November 2026 hold no Saturday.
    ['a start outside the date range', { weekdays: [6], date_from: '2026-11-03', date_to: '2026-11-05' }, { attr: 'weekdays' }],
    ['a time that is no time', { time: '25:00' }, { attr: 'time' }],
    ['no weekday', { weekdays: [] }, { attr: 'weekdays' }],
    ['a weekday 8', { weekdays: [8] }, { attr: 'weekdays.0' }],
    [
      'an overlapping duplicate',
      { weekdays: [3], date_from: '2026-12-01', date_to: null },
      { code: 'duplicate_start_time', attr: 'time' },
    ],
  ];

  it.each(refused)('refuses %s on create', async (_name, change, item) => {
    const before = await linesOf(offer.id);
    expectError(await post({ experience_id: offer.id, ...line, ...change }), 400, item);
    expect(await linesOf(offer.id)).toEqual(before);
  });

  it.each(refused)('refuses %s on update', async (_name, change, item) => {
    const other = (await post({ experience_id: offer.id, ...line, time: '16:45' })).json();
    const before = await storedLine(other.id);
    // Moving the other line onto the first one's time is what makes the overlap case collide.
    expectError(await patch(other.id, { ...change, time: (change as { time?: string }).time ?? '09:30' }), 400, item);
    expect(await storedLine(other.id)).toEqual(before);
    await del(other.id);
  });

  it('allows the same time on other weekdays or dates, and a line to be saved onto itself', async () => {
    const own = await createExperience(t, a);
    const created = (await post({ experience_id: own.id, ...line })).json();
    expect((await post({ experience_id: own.id, ...line, weekdays: [2, 4] })).statusCode).toBe(201);
    expect((await post({ experience_id: own.id, ...line, date_from: '2027-01-01', date_to: null })).statusCode).toBe(201);
    expect((await patch(created.id, { ...line, capacity: 99 })).statusCode).toBe(200);
    // The same line on another offer is no duplicate.
    expect((await post({ experience_id: offer.id, ...line, weekdays: [2] })).statusCode).toBe(201);
  });

  it("refuses another account's offer id and an unknown one (does_not_exist)", async () => {
    const theirs = await createExperience(t, b);
    for (const id of [theirs.id, '0196f2a4-0000-7000-8000-000000000001']) {
      expectError(await post({ experience_id: id, ...line }), 400, { code: 'does_not_exist', attr: 'experience_id' });
    }
    expect(await linesOf(theirs.id)).toHaveLength(0);
  });
});

describe('parallel writes', () => {
  it('lets exactly one of ten identical parallel inserts through', async () => {
    // On PGlite (one connection) these run one after the other; on PostgreSQL (`.ci/run` repeats the
    // API suite there) they race, and the offer row lock is what keeps the duplicates out.
    const offer = await createExperience(t, a);
    const responses = await Promise.all(Array.from({ length: 10 }, () => post({ experience_id: offer.id, ...line })));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(400)]);
    for (const res of responses.filter((r) => r.statusCode === 400)) {
      expectError(res, 400, { code: 'duplicate_start_time', attr: 'time' });
    }
    expect(await linesOf(offer.id)).toHaveLength(1);
  });
});

describe('an Active offer keeps a start time', () => {
  it('refuses to delete the last start time until the offer is Inactive', async () => {
    const offer = await createExperience(t, a, { description: 'Tour.' });
    await attachImage(t, a.account.id, offer.id, 0);
    await addRate(t, a.account.id, offer.id, [1200]);
    const one = (await post({ experience_id: offer.id, ...line })).json();
    const two = (await post({ experience_id: offer.id, ...line, time: '15:00' })).json();
    const published = await t.app.inject({
      method: 'PATCH',
      url: `/api/experiences/${offer.id}/`,
      headers: a.owner.headers,
      payload: { status: 'active' },
    });
    expect(published.statusCode, published.body).toBe(200);

    expect((await del(one.id)).statusCode).toBe(204);
    const refused = expectError(await del(two.id), 400, { code: 'not_publishable', attr: 'start_times' });
    expect(refused.errors[0].detail).toMatch(/Inactive/);
    expect(await storedLine(two.id)).toBeDefined();

    await t.app.inject({
      method: 'PATCH',
      url: `/api/experiences/${offer.id}/`,
      headers: a.owner.headers,
      payload: { status: 'inactive' },
    });
    expect((await del(two.id)).statusCode).toBe(204);
  });

  it('lets an open-dated pass lose its last start time while Active', async () => {
    const pass = await createExperience(t, a, { type: 'ticket', isOpenDated: true, description: 'Any day.', status: 'active' });
    const only = await addStartTime(t, a.account.id, pass.id);
    expect((await del(only.id)).statusCode).toBe(204);
  });
});

describe('start time permissions and tenancy', () => {
  let viewer: TestUser;
  let nobody: TestUser;
  beforeAll(async () => {
    viewer = await createMember(t, a, ['View experiences']);
    nobody = await createMember(t, a, []);
  });

  it('lets a member with View experiences read but not write', async () => {
    const offer = await createExperience(t, a);
    const stored = await addStartTime(t, a.account.id, offer.id);
    expect((await t.app.inject({ url: '/api/start-times/', headers: viewer.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/start-times/${stored.id}/`, headers: viewer.headers })).statusCode).toBe(200);
    for (const res of [
      await post({ experience_id: offer.id, ...line, time: '06:00' }, viewer.headers),
      await patch(stored.id, { capacity: 1 }, viewer.headers),
      await put(stored.id, line, viewer.headers),
      await del(stored.id, viewer.headers),
    ]) {
      expectError(res, 403, { code: 'permission_denied' });
    }
    expect(await storedLine(stored.id)).toEqual(stored);
    expectError(await t.app.inject({ url: '/api/start-times/', headers: nobody.headers }), 403, { code: 'permission_denied' });
  });

  it("answers 404 for another account's start time and leaves it unchanged", async () => {
    const theirs = await createExperience(t, b);
    const stored = await addStartTime(t, b.account.id, theirs.id);
    const url = `/api/start-times/${stored.id}/`;
    for (const res of [
      await t.app.inject({ url, headers: a.owner.headers }),
      await patch(stored.id, { capacity: 1 }),
      await put(stored.id, line),
      await del(stored.id),
    ]) {
      expectError(res, 404, { code: 'not_found' });
    }
    expect(await storedLine(stored.id)).toEqual(stored);
  });
});

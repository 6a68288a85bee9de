import { DEFAULT_PROFILE } from '@excursio/contract/accounts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount, type TestUser, useAccount } from '../../test/factories.ts';
import { createPricingCategory, createRate } from '../../test/pricing-factories.ts';
import {
  addCancellationPolicy,
  addMeetingPoint,
  addRate,
  addStartTime,
  attachImage,
  fullBody,
} from './experience-parts.test-helpers.ts';

const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);

const offersOf = async (accountId: string) => t.db.select().from(experiences).where(eq(experiences.accountId, accountId));
const storedOffer = async (id: string) => (await t.db.select().from(experiences).where(eq(experiences.id, id)))[0];

const create = (body: object, headers = a.owner.headers) =>
  t.app.inject({ method: 'POST', url: '/api/experiences/', headers, payload: body });
const patch = (id: string, body: object, headers = a.owner.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/experiences/${id}/`, headers, payload: body });
const list = (query: string, account: TestAccount) =>
  t.app.inject({ url: `/api/experiences/${query}`, headers: account.owner.headers });

describe('experiences CRUD', () => {
  it('creates a Draft with the time zone and currency of the account profile', async () => {
    await t.db
      .update(baseAccounts)
      .set({ profile: { ...DEFAULT_PROFILE, timezone: 'America/New_York', currency: 'USD' } })
      .where(eq(baseAccounts.id, a.account.id));
    const res = await create({ type: 'ticket', title: '  Museum pass  ' });
    expect(res.statusCode, res.body).toBe(201);
    const offer = res.json();
    expect(offer).toMatchObject({
      type: 'ticket',
      status: 'draft',
      title: 'Museum pass',
      time_zone: 'America/New_York',
      currency: 'USD',
      images: [],
      from_price: null,
      rates_count: 0,
      start_times_count: 0,
      min_group_size: 1,
      max_group_size: null,
      meeting_point_id: null,
    });
    expect(offer.publish_problems.map((p: { attr: string }) => p.attr)).toEqual([
      'description',
      'images',
      'rates',
      'start_times',
    ]);

    // Given values win over the profile.
    const own = await create({ type: 'rental', title: 'Kayak', time_zone: 'Europe/Oslo', currency: 'NOK' });
    expect(own.json()).toMatchObject({ time_zone: 'Europe/Oslo', currency: 'NOK', status: 'draft' });
  });

  it('retrieves, replaces, patches and deletes an offer', async () => {
    const offer = (await create({ type: 'ticket', title: 'Tower' })).json();
    const got = await t.app.inject({ url: `/api/experiences/${offer.id}/`, headers: a.owner.headers });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(offer);

    const point = await addMeetingPoint(t, a.account.id);
    const policy = await addCancellationPolicy(t, a.account.id);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/experiences/${offer.id}/`,
      headers: a.owner.headers,
      payload: { ...fullBody, languages: ['en', 'de', 'en'], meeting_point_id: point.id, cancellation_policy_id: policy.id },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      ...fullBody,
      languages: ['en', 'de'],
      meeting_point_id: point.id,
      cancellation_policy_id: policy.id,
      status: 'draft',
    });

    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/experiences/${offer.id}/`,
      headers: a.owner.headers,
      payload: { title: 'Only a title' },
    });
    expectError(missing, 400, { code: 'required', attr: 'city' });

    const patched = await patch(offer.id, { city: 'Graz', max_group_size: null, meeting_point_id: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      city: 'Graz',
      max_group_size: null,
      meeting_point_id: null,
      title: 'Airport shuttle',
    });
    expect(patched.json().cancellation_policy_id).toBe(policy.id);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/experiences/${offer.id}/`, headers: a.owner.headers });
    expect(del.statusCode).toBe(204);
    expect(await storedOffer(offer.id)).toBeUndefined();
    const again = await t.app.inject({ method: 'DELETE', url: `/api/experiences/${offer.id}/`, headers: a.owner.headers });
    expect(again.statusCode).toBe(404);
  });

  it('shows the gallery in order with variant URLs, the lowest price and the counts', async () => {
    const offer = await createExperience(t, a);
    const second = await attachImage(t, a.account.id, offer.id, 2);
    const first = await attachImage(t, a.account.id, offer.id, 1);
    await addRate(t, a.account.id, offer.id, [4500, 2900]);
    await addRate(t, a.account.id, offer.id, [3100]);
    await addRate(t, a.account.id, offer.id); // no price yet
    await addStartTime(t, a.account.id, offer.id);
    const body = (await t.app.inject({ url: `/api/experiences/${offer.id}/`, headers: a.owner.headers })).json();
    expect(body.images.map((i: { id: string }) => i.id)).toEqual([first.id, second.id]);
    expect(body.images[0]).toEqual({
      id: first.id,
      position: 1,
      alt_text: '',
      width: 1600,
      height: 1200,
      urls: { thumb: `/media/${first.variants.thumb.key}`, large: `/media/${first.variants.large.key}` },
    });
    expect(body).toMatchObject({ from_price: 2900, rates_count: 3, start_times_count: 1 });
    expect(body.publish_problems).toEqual([{ attr: 'description', detail: 'Add a description.' }]);
  });
});

describe('from price', () => {
  const fromOf = async (id: string) => {
    const detail = (await t.app.inject({ url: `/api/experiences/${id}/`, headers: a.owner.headers })).json();
    const row = (await list('?page_size=100', a)).json().results.find((r: { id: string }) => r.id === id);
    // The overview row and the offer itself say the same.
    expect([row.from_price, row.from_price_category]).toEqual([detail.from_price, detail.from_price_category]);
    return [detail.from_price, detail.from_price_category];
  };

  it("is the lowest Adult price, not a cheaper child's price", async () => {
    const offer = await createExperience(t, a);
    const adult = await createPricingCategory(t, a, { name: 'Adult', type: 'adult' });
    const child = await createPricingCategory(t, a, { name: 'Child', type: 'child' });
    await createRate(t, a, offer, [
      { category: adult, price: 3500 },
      { category: child, price: 1500 },
    ]);
    expect(await fromOf(offer.id)).toEqual([3500, 'Adult']);
    // A second rate with a cheaper adult price lowers it; the child's price still does not count.
    await createRate(t, a, offer, [
      { category: adult, price: 3200 },
      { category: child, price: 900 },
    ]);
    expect(await fromOf(offer.id)).toEqual([3200, 'Adult']);
  });

  it('without an Adult price, is the lowest price of any category and names it', async () => {
    const offer = await createExperience(t, a);
    const group = await createPricingCategory(t, a, { name: 'Family group', type: 'group' });
    const senior = await createPricingCategory(t, a, { name: 'Senior', type: 'senior' });
    await createRate(t, a, offer, [
      { category: group, price: 9000 },
      { category: senior, price: 2800 },
    ]);
    expect(await fromOf(offer.id)).toEqual([2800, 'Senior']);
    expect(await fromOf((await createExperience(t, a)).id)).toEqual([null, null]);
  });
});

describe('experience list', () => {
  const c = {} as TestAccount;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    Object.assign(c, await createAccount(t));
    const rows = [
      { key: 'walk', type: 'ticket', status: 'active', title: 'Alpha walking tour', city: 'Berlin', category: 'passes' },
      { key: 'boat', type: 'rental', status: 'draft', title: 'Boat rental', city: 'Hamburg', category: 'rentals' },
      { key: 'shuttle', type: 'transfer', status: 'inactive', title: 'Charlie shuttle', city: 'Munich', category: 'transfers' },
      { key: 'bike', type: 'rental', status: 'draft', title: 'Delta bikes', city: 'Berlin', category: 'rentals' },
    ] as const;
    let minute = 0;
    for (const { key, ...row } of rows) {
      const created = await createExperience(t, c, { ...row, createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute++)) });
      ids[key] = created.id;
    }
    await attachImage(t, c.account.id, ids.boat, 5);
    const thumb = await attachImage(t, c.account.id, ids.boat, 0);
    ids.boatThumb = thumb.variants.thumb.key;
    await addRate(t, c.account.id, ids.boat, [1500, 990]);
  });
  const titles = (res: { json: () => { results: { title: string }[] } }) => res.json().results.map((r) => r.title);

  it('lists rows newest first, with thumbnail and from price', async () => {
    const res = await list('', c);
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['Delta bikes', 'Charlie shuttle', 'Boat rental', 'Alpha walking tour']);
    const boat = res.json().results.find((r: { id: string }) => r.id === ids.boat);
    expect(boat).toMatchObject({ thumbnail_url: `/media/${ids.boatThumb}`, from_price: 990, type: 'rental', city: 'Hamburg' });
    expect(Object.keys(boat).sort()).toEqual(
      [
        'id',
        'type',
        'status',
        'title',
        'category',
        'subcategory',
        'city',
        'currency',
        'from_price',
        'from_price_category',
        'duration_minutes',
        'created_at',
        'updated_at',
        'thumbnail_url',
      ].sort(),
    );
    const walk = res.json().results.find((r: { id: string }) => r.id === ids.walk);
    expect(walk).toMatchObject({ thumbnail_url: null, from_price: null });
    expect(res.json()).toMatchObject({ count: 4, total_pages: 1, current_page_number: 1, next: null, previous: null });
  });

  it('filters by status and type, by wire value or label; All means no filter', async () => {
    expect(titles(await list('?status=draft', c))).toEqual(['Delta bikes', 'Boat rental']);
    expect(titles(await list('?status=Draft', c))).toEqual(['Delta bikes', 'Boat rental']);
    expect(titles(await list('?status=Active', c))).toEqual(['Alpha walking tour']);
    expect(titles(await list('?type=Ticket%20%26%20Passes', c))).toEqual(['Alpha walking tour']);
    expect(titles(await list('?type=rental&status=draft', c))).toEqual(['Delta bikes', 'Boat rental']);
    expect((await list('?status=All&type=', c)).json().count).toBe(4);
    expectError(await list('?status=published', c), 400, { attr: 'status' });
    expectError(await list('?colour=red', c), 400, { code: 'unknown_field' });
  });

  it('searches title, city and category', async () => {
    expect(titles(await list('?search=shuttle', c))).toEqual(['Charlie shuttle']);
    expect(titles(await list('?search=berlin', c))).toEqual(['Delta bikes', 'Alpha walking tour']);
    expect(titles(await list('?search=RENTALS', c))).toEqual(['Delta bikes', 'Boat rental']);
    // A category's label finds it too ('Tickets & passes' is stored as 'passes').
    expect(titles(await list('?search=tickets', c))).toEqual(['Alpha walking tour']);
    expect(titles(await list('?search=walking%20tour&status=active', c))).toEqual(['Alpha walking tour']);
    expect((await list('?search=%25', c)).json().count).toBe(0);
  });

  it('orders by allow-listed fields only', async () => {
    expect(titles(await list('?ordering=title', c))).toEqual([
      'Alpha walking tour',
      'Boat rental',
      'Charlie shuttle',
      'Delta bikes',
    ]);
    expect(titles(await list('?ordering=-title', c))).toEqual([
      'Delta bikes',
      'Charlie shuttle',
      'Boat rental',
      'Alpha walking tour',
    ]);
    expect(titles(await list('?ordering=created_at', c))[0]).toBe('Alpha walking tour');
    expect(titles(await list('?ordering=status', c))[0]).toBe('Alpha walking tour'); // active < draft < inactive
    expect(titles(await list('?ordering=type&page_size=1', c))).toEqual(['Boat rental']);
    expectError(await list('?ordering=account_id', c), 400, { attr: 'ordering' });
  });

  it('pages', async () => {
    const page2 = await list('?ordering=title&page_size=3&page=2', c);
    expect(titles(page2)).toEqual(['Delta bikes']);
    expect(page2.json()).toMatchObject({ count: 4, total_pages: 2, current_page_number: 2, next: null });
    expect(page2.json().previous).toContain('page=1');
    expect((await list('?page_size=3&page=3', c)).statusCode).toBe(404);
  });

  it("never shows another account's offers", async () => {
    const res = await list('?page_size=100', a);
    expect(res.json().results.some((r: { id: string }) => Object.values(ids).includes(r.id))).toBe(false);
  });
});

describe('experience permissions and tenancy', () => {
  let viewer: TestUser;
  let nobody: TestUser;
  beforeAll(async () => {
    viewer = await createMember(t, a, ['View experiences']);
    nobody = await createMember(t, a, []);
  });

  it('lets a member with View experiences read but not write', async () => {
    const offer = await createExperience(t, a);
    expect((await t.app.inject({ url: '/api/experiences/', headers: viewer.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/experiences/${offer.id}/`, headers: viewer.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/experience-options/', headers: viewer.headers })).statusCode).toBe(200);
    const writes = [
      await create({ type: 'ticket', title: 'Nope' }, viewer.headers),
      await patch(offer.id, { title: 'Nope' }, viewer.headers),
      await t.app.inject({ method: 'PUT', url: `/api/experiences/${offer.id}/`, headers: viewer.headers, payload: fullBody }),
      await t.app.inject({ method: 'DELETE', url: `/api/experiences/${offer.id}/`, headers: viewer.headers }),
      await t.app.inject({ method: 'POST', url: `/api/experiences/${offer.id}/duplicate/`, headers: viewer.headers }),
    ];
    for (const res of writes) expectError(res, 403, { code: 'permission_denied' });
    expect(await storedOffer(offer.id)).toEqual(offer);
  });

  it('refuses a member without permissions', async () => {
    expectError(await t.app.inject({ url: '/api/experiences/', headers: nobody.headers }), 403, { code: 'permission_denied' });
    expectError(await t.app.inject({ url: '/api/experience-options/', headers: nobody.headers }), 403, {
      code: 'permission_denied',
    });
  });

  it('refuses an account whose plan lacks the experiences feature', async () => {
    const affiliate = await createAccount(t, { type: 'affiliate', plan: 'default' });
    expectError(await t.app.inject({ url: '/api/experiences/', headers: affiliate.owner.headers }), 403, {
      code: 'feature_not_in_plan',
    });
  });

  it("answers 404 for another account's offer and leaves it unchanged", async () => {
    const theirs = await createExperience(t, b);
    const url = `/api/experiences/${theirs.id}/`;
    const headers = a.owner.headers;
    const responses = [
      await t.app.inject({ url, headers }),
      await t.app.inject({ method: 'PATCH', url, headers, payload: { title: 'Hacked' } }),
      await t.app.inject({ method: 'PUT', url, headers, payload: fullBody }),
      await t.app.inject({ method: 'DELETE', url, headers }),
      await t.app.inject({ method: 'POST', url: `${url}duplicate/`, headers }),
    ];
    for (const res of responses) expectError(res, 404, { code: 'not_found' });
    expect(await storedOffer(theirs.id)).toEqual(theirs);
    expect(await offersOf(b.account.id)).toHaveLength(1);
  });
});

describe('experience options', () => {
  it('lists types, categories, languages, time zones and currencies', async () => {
    const res = await t.app.inject({ url: '/api/experience-options/', headers: a.owner.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.types).toEqual([
      { value: 'rental', label: 'Rental' },
      { value: 'ticket', label: 'Ticket & Passes' },
      { value: 'transfer', label: 'Transfer' },
    ]);
    expect(body.categories.find((c: { value: string }) => c.value === 'tours').subcategories[0]).toEqual({
      value: 'city-tours',
      label: 'City tours',
    });
    expect(body.languages.length).toBeGreaterThanOrEqual(30);
    expect(body.languages).toContainEqual({ value: 'de', label: 'German' });
    expect(body.time_zones[0]).toBe('UTC');
    expect(body.time_zones).toContain('Europe/Berlin');
    expect(body.currencies).toEqual(expect.arrayContaining(['EUR', 'USD', 'GBP', 'CHF', 'JPY']));
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { experiences, meetingPoints } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, type TestAccount, useAccount } from '../../test/factories.ts';
import { describeAccess, type ResourceUnderTest, rowsOf } from './booking-info.test-helpers.ts';

const t = useTestApp();
const a = useAccount(t);
const URL = '/api/meeting-points/';
let n = 0;
const resource = (): ResourceUnderTest => ({
  t,
  a,
  url: URL,
  table: meetingPoints,
  body: () => ({ name: `Harbour gate ${++n}`, address: 'Riva 1, Split' }),
  patch: { instructions: 'Look for the red flag.' },
});
const post = (body: object, account: TestAccount = a) =>
  t.app.inject({ method: 'POST', url: URL, headers: account.owner.headers, payload: body });
const names = (res: { json: () => { results: { name: string }[] } }) => res.json().results.map((r) => r.name);

describe('meeting points', () => {
  it('creates, retrieves, replaces, patches and deletes a meeting point', async () => {
    const created = await post({
      name: '  Main square ',
      address: 'Trg 1, Split',
      latitude: 43.508,
      longitude: 16.44,
      instructions: 'By the fountain.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const point = created.json();
    expect(point).toMatchObject({
      name: 'Main square',
      address: 'Trg 1, Split',
      latitude: 43.508,
      longitude: 16.44,
      instructions: 'By the fountain.',
    });
    expect(Object.keys(point).sort()).toEqual(['address', 'created_at', 'id', 'instructions', 'latitude', 'longitude', 'name']);
    const url = `${URL}${point.id}/`;
    expect((await t.app.inject({ url, headers: a.owner.headers })).json()).toEqual(point);

    // PUT replaces: what it leaves out goes back to the default.
    const put = await t.app.inject({ method: 'PUT', url, headers: a.owner.headers, payload: { name: 'Old town gate' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({
      ...point,
      name: 'Old town gate',
      address: '',
      latitude: null,
      longitude: null,
      instructions: '',
    });

    const patch = await t.app.inject({
      method: 'PATCH',
      url,
      headers: a.owner.headers,
      payload: { address: 'Golden gate, Split', latitude: 43.509, longitude: 16.44 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ name: 'Old town gate', address: 'Golden gate, Split', latitude: 43.509 });
    const recase = await t.app.inject({ method: 'PATCH', url, headers: a.owner.headers, payload: { name: 'OLD TOWN GATE' } });
    expect(recase.json().name).toBe('OLD TOWN GATE');
    const [row] = await t.db.select().from(meetingPoints).where(eq(meetingPoints.id, point.id));
    expect(row).toMatchObject({ name: 'OLD TOWN GATE', address: 'Golden gate, Split', instructions: '', longitude: 16.44 });

    expect((await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers })).statusCode).toBe(204);
    expectError(await t.app.inject({ url, headers: a.owner.headers }), 404, { code: 'not_found' });
    expect(await t.db.select().from(meetingPoints).where(eq(meetingPoints.id, point.id))).toEqual([]);
  });

  it('refuses bad input with the error shape and writes nothing', async () => {
    const b = await createAccount(t);
    const kept = (await post({ name: 'Pier', latitude: 1, longitude: 2 }, b)).json();
    const before = await rowsOf(t, meetingPoints, b.account.id);
    for (const [body, attr, code] of [
      [{}, 'name', 'required'],
      [{ name: '   ' }, 'name', undefined],
      [{ name: 'x'.repeat(201) }, 'name', undefined],
      [{ name: 'Pier 2', latitude: 91, longitude: 0 }, 'latitude', undefined],
      [{ name: 'Pier 2', latitude: 0, longitude: -181 }, 'longitude', undefined],
      [{ name: 'Pier 2', latitude: 45 }, 'longitude', 'incomplete_coordinates'],
      [{ name: 'Pier 2', latitude: null, longitude: 16 }, 'latitude', 'incomplete_coordinates'],
      [{ name: 'Pier 2', city: 'Split' }, 'city', 'unknown_field'],
      [{ name: ' pier ' }, 'name', 'unique'],
    ] as const) {
      expectError(await post(body, b), 400, { attr, ...(code ? { code } : {}) });
    }
    const url = `${URL}${kept.id}/`;
    const headers = b.owner.headers;
    // A patch is checked merged with what is stored: clearing one coordinate alone is refused.
    expectError(await t.app.inject({ method: 'PATCH', url, headers, payload: { latitude: null } }), 400, {
      attr: 'latitude',
      code: 'incomplete_coordinates',
    });
    expectError(await t.app.inject({ method: 'PATCH', url, headers, payload: { name: '' } }), 400, { attr: 'name' });
    // PUT without the coordinates clears both, which is fine; a PUT with one of them is not.
    expectError(await t.app.inject({ method: 'PUT', url, headers, payload: { name: 'Pier', longitude: 3 } }), 400, {
      attr: 'latitude',
    });
    expect(await rowsOf(t, meetingPoints, b.account.id)).toEqual(before);
    await post({ name: 'Beach' }, b);
    expectError(await t.app.inject({ method: 'PATCH', url, headers, payload: { name: 'BEACH' } }), 400, {
      attr: 'name',
      code: 'unique',
      detail: 'A meeting point with this name already exists.',
    });
    // Names are unique per account only.
    expect((await post({ name: 'Pier' })).statusCode).toBe(201);
  });

  it('lets exactly one of parallel creates with the same name through', async () => {
    const b = await createAccount(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => post({ name: 'Lighthouse' }, b)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(19);
    expect(await rowsOf(t, meetingPoints, b.account.id)).toHaveLength(1);
  });

  it('refuses to delete a meeting point that offers use, naming how many', async () => {
    const b = await createAccount(t);
    const point = (await post({ name: 'Marina' }, b)).json();
    const offers = [
      await createExperience(t, b, { meetingPointId: point.id }),
      await createExperience(t, b, { meetingPointId: point.id }),
    ];
    const url = `${URL}${point.id}/`;
    const del = () => t.app.inject({ method: 'DELETE', url, headers: b.owner.headers });
    expectError(
      await del(),
      400,
      {
        code: 'in_use',
        detail: 'This meeting point is used by 2 offers. Choose another meeting point for them first.',
        attr: null,
      },
      'client_error',
    );
    await t.db.update(experiences).set({ meetingPointId: null }).where(eq(experiences.id, offers[0].id));
    expectError(await del(), 400, { code: 'in_use', detail: /used by 1 offer\. .* for it first/ }, 'client_error');
    expect((await t.db.select().from(experiences).where(eq(experiences.id, offers[1].id)))[0].meetingPointId).toBe(point.id);
    await t.db.update(experiences).set({ meetingPointId: null }).where(eq(experiences.id, offers[1].id));
    expect((await del()).statusCode).toBe(204);
  });

  it('searches name and address, orders and pages', async () => {
    const b = await createAccount(t);
    for (const [name, address] of [
      ['Cable car', 'Upper station'],
      ['Ferry port', 'Gat sv. Duje'],
      ['Airport', 'Kaštel Štafilić'],
      ['Bus station', 'Obala kneza Domagoja'],
    ]) {
      await post({ name, address }, b);
    }
    const list = (query: string) => t.app.inject({ url: `${URL}?${query}`, headers: b.owner.headers });
    expect(names(await list(''))).toEqual(['Airport', 'Bus station', 'Cable car', 'Ferry port']);
    expect(names(await list('ordering=-name'))).toEqual(['Ferry port', 'Cable car', 'Bus station', 'Airport']);
    expect(names(await list('ordering=-created_at'))).toEqual(['Bus station', 'Airport', 'Ferry port', 'Cable car']);
    expect(names(await list('search=STATION'))).toEqual(['Bus station', 'Cable car']);
    expect(names(await list('search=duje'))).toEqual(['Ferry port']);
    expect((await list('search=%25')).json().count).toBe(0);
    const page = await list('page=2&page_size=3');
    expect(names(page)).toEqual(['Ferry port']);
    expect(page.json()).toMatchObject({ count: 4, total_pages: 2, current_page_number: 2, next: null });
    expect(page.json().previous).toContain('page=1');
    expectError(await list('page=3&page_size=3'), 404, { detail: 'Invalid page.' });
    expectError(await list('ordering=address'), 400, { attr: 'ordering' });
    expectError(await list('experience=x'), 400, { code: 'unknown_field' });
  });
});

describe('booking info in the API schema', () => {
  it('documents every booking-info route with its summary', async () => {
    const paths = (await t.app.inject({ url: '/schema/?format=json' })).json().paths;
    for (const [collection, noun] of [
      ['meeting-points', 'meeting point'],
      ['cancellation-policies', 'cancellation policy'],
      ['booking-questions', 'booking question'],
      ['agenda-items', 'agenda item'],
    ]) {
      expect(Object.keys(paths[`/api/${collection}/`]).sort()).toEqual(['get', 'post']);
      expect(Object.keys(paths[`/api/${collection}/{id}/`]).sort()).toEqual(['delete', 'get', 'patch', 'put']);
      expect(paths[`/api/${collection}/{id}/`].put.summary).toBe(`Replace a ${noun}`);
    }
  });
});

describeAccess('meeting points', resource);

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricingCategories } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, useAccount } from '../../test/factories.ts';
import { createPricingCategory, createRate } from '../../test/pricing-factories.ts';

const t = useTestApp();
const a = useAccount(t);

const URL = '/api/pricing-categories/';
const create = (body: unknown, headers = a.owner.headers) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: body as object });
const stored = async (accountId: string) =>
  (await t.db.select().from(pricingCategories).where(eq(pricingCategories.accountId, accountId))).sort((x, y) =>
    x.id.localeCompare(y.id),
  );
const names = (res: { json: () => { results: { name: string }[] } }) => res.json().results.map((r) => r.name);

describe('pricing categories', () => {
  it('creates, retrieves, replaces, patches and deletes a category', async () => {
    const created = await create({ name: 'Adult', type: 'adult', min_age: 18 });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json();
    expect(category).toMatchObject({ name: 'Adult', type: 'adult', min_age: 18, max_age: null, description: '', rates_count: 0 });
    expect(Object.keys(category).sort()).toEqual(
      ['created_at', 'description', 'id', 'max_age', 'min_age', 'name', 'rates_count', 'type'].sort(),
    );
    const url = `${URL}${category.id}/`;
    expect((await t.app.inject({ url, headers: a.owner.headers })).json()).toEqual(category);

    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: a.owner.headers,
      payload: { name: 'Grown-up', type: 'adult', max_age: 64, description: '  18 to 64  ' },
    });
    expect(put.statusCode, put.body).toBe(200);
    // PUT replaces: the minimum age not given is cleared.
    expect(put.json()).toMatchObject({ name: 'Grown-up', min_age: null, max_age: 64, description: '18 to 64' });

    const patch = await t.app.inject({ method: 'PATCH', url, headers: a.owner.headers, payload: { min_age: 18 } });
    expect(patch.json()).toMatchObject({ name: 'Grown-up', min_age: 18, max_age: 64, description: '18 to 64' });
    // Renaming to its own name in another case is not a duplicate.
    const recase = await t.app.inject({ method: 'PATCH', url, headers: a.owner.headers, payload: { name: 'GROWN-UP' } });
    expect(recase.json().name).toBe('GROWN-UP');

    expect((await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers })).statusCode).toBe(204);
    expectError(await t.app.inject({ url, headers: a.owner.headers }), 404, { code: 'not_found' });
    expect((await stored(a.account.id)).some((c) => c.id === category.id)).toBe(false);
  });

  it('refuses a duplicate name case-insensitively on create and rename, writing nothing', async () => {
    const b = await createAccount(t);
    const first = await create({ name: 'Senior', type: 'senior' }, b.owner.headers);
    const other = await create({ name: 'Student', type: 'other' }, b.owner.headers);
    const before = await stored(b.account.id);
    const dup = await create({ name: '  senior ', type: 'adult' }, b.owner.headers);
    expect(dup.json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'unique', detail: 'A pricing category with this name already exists.', attr: 'name' }],
    });
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `${URL}${other.json().id}/`,
      headers: b.owner.headers,
      payload: { name: 'SENIOR', description: 'changed' },
    });
    expectError(rename, 400, { code: 'unique', attr: 'name' });
    expect(await stored(b.account.id)).toEqual(before);
    // Another account may use the same name.
    expect((await create({ name: 'Senior', type: 'senior' })).statusCode).toBe(201);
    expect(first.statusCode).toBe(201);
  });

  it('refuses bad input with the error shape and writes nothing', async () => {
    const b = await createAccount(t);
    const cat = await createPricingCategory(t, b, { name: 'Kid', type: 'child', minAge: 4, maxAge: 12 });
    for (const [body, attr] of [
      [{}, 'name'],
      [{ name: '   ', type: 'adult' }, 'name'],
      [{ name: 'X', type: 'Adult' }, 'type'],
      [{ name: 'X', type: 'adult', min_age: -1 }, 'min_age'],
      [{ name: 'X', type: 'adult', max_age: 121 }, 'max_age'],
      [{ name: 'X', type: 'adult', min_age: 1.5 }, 'min_age'],
      [{ name: 'X', type: 'adult', min_age: 30, max_age: 20 }, 'max_age'],
      [{ name: 'X', type: 'adult', rates_count: 3 }, 'rates_count'],
    ] as const) {
      expectError(await create(body, b.owner.headers), 400, { attr });
    }
    const url = `${URL}${cat.id}/`;
    // A patch of one bound is checked against the stored other one.
    expectError(await t.app.inject({ method: 'PATCH', url, headers: b.owner.headers, payload: { min_age: 13 } }), 400, {
      attr: 'max_age',
      detail: 'The minimum age must not exceed the maximum age.',
    });
    expectError(await t.app.inject({ method: 'PUT', url, headers: b.owner.headers, payload: { name: 'Kid' } }), 400, {
      attr: 'type',
    });
    expect(await stored(b.account.id)).toEqual([cat]);
  });

  it('counts the rates pricing a category and refuses to delete it while priced', async () => {
    const b = await createAccount(t);
    const child = await createPricingCategory(t, b, { name: 'Child', type: 'child' });
    const adult = await createPricingCategory(t, b, { name: 'Adult', type: 'adult' });
    const offer = await createExperience(t, b);
    await createRate(t, b, offer, [
      { category: child, price: 1000 },
      { category: adult, price: 2000 },
    ]);
    await createRate(t, b, offer, [{ category: child, price: 900 }]);
    const list = await t.app.inject({ url: URL, headers: b.owner.headers });
    expect(list.json().results.map((c: { name: string; rates_count: number }) => [c.name, c.rates_count])).toEqual([
      ['Adult', 1],
      ['Child', 2],
    ]);
    const del = await t.app.inject({ method: 'DELETE', url: `${URL}${child.id}/`, headers: b.owner.headers });
    expectError(
      del,
      400,
      {
        code: 'in_use',
        detail: 'This pricing category is priced by 2 rates. Remove it from those rates first.',
        attr: null,
      },
      'client_error',
    );
    const one = await t.app.inject({ method: 'DELETE', url: `${URL}${adult.id}/`, headers: b.owner.headers });
    expectError(one, 400, { code: 'in_use', detail: /priced by 1 rate\. Remove it from that rate first/ }, 'client_error');
    expect((await stored(b.account.id)).map((c) => c.name).sort()).toEqual(['Adult', 'Child']);
  });

  it('filters by type (value or label), searches, orders and pages', async () => {
    const b = await createAccount(t);
    const rows = [
      ['Adult', 'adult', 18],
      ['Child', 'child', 3],
      ['Toddler', 'child', 1],
      ['Day pass', 'pass', null],
      ['Bus seat', 'transportation', null],
    ] as const;
    for (const [name, type, minAge] of rows) await createPricingCategory(t, b, { name, type, minAge });
    const get = (query: string) => t.app.inject({ url: `${URL}?${query}`, headers: b.owner.headers });

    expect(names(await get(''))).toEqual(['Adult', 'Bus seat', 'Child', 'Day pass', 'Toddler']);
    expect(names(await get('type=child'))).toEqual(['Child', 'Toddler']);
    expect(names(await get('type=Transportation'))).toEqual(['Bus seat']);
    expect((await get('type=All')).json().count).toBe(5);
    expect((await get('type=')).json().count).toBe(5);
    expectError(await get('type=vip'), 400, { attr: 'type' });
    expect(names(await get('search=AY'))).toEqual(['Day pass']);
    expect(names(await get('search=d&type=child'))).toEqual(['Child', 'Toddler']);
    expect(names(await get('search=%25'))).toEqual([]);
    expect(names(await get('ordering=-name'))).toEqual(['Toddler', 'Day pass', 'Child', 'Bus seat', 'Adult']);
    expect(names(await get('ordering=type'))).toEqual(['Adult', 'Child', 'Toddler', 'Day pass', 'Bus seat']);
    expect(names(await get('ordering=min_age&type=child'))).toEqual(['Toddler', 'Child']);
    expectError(await get('ordering=description'), 400, { attr: 'ordering' });

    const first = await get('page_size=2');
    expect(first.json()).toMatchObject({ count: 5, total_pages: 3, current_page_number: 1, previous: null });
    expect(first.json().next).toContain('page=2');
    const last = await get('page_size=2&page=3');
    expect(names(last)).toEqual(['Toddler']);
    expect(last.json()).toMatchObject({ next: null, current_page_number: 3 });
    expectError(await get('page_size=2&page=4'), 404, { code: 'not_found', detail: 'Invalid page.' });
  });

  it("needs 'Manage experiences' (not only 'View experiences') and the experiences feature", async () => {
    const cat = await createPricingCategory(t, a);
    const viewer = await createMember(t, a, ['View experiences']);
    const nobody = await createMember(t, a, null);
    const manager = await createMember(t, a, ['Manage experiences']);
    for (const user of [viewer, nobody]) {
      expectError(await t.app.inject({ url: URL, headers: user.headers }), 403, { code: 'permission_denied' });
      expectError(await create({ name: 'Sneaky', type: 'adult' }, user.headers), 403, { code: 'permission_denied' });
      expectError(await t.app.inject({ method: 'DELETE', url: `${URL}${cat.id}/`, headers: user.headers }), 403, {
        code: 'permission_denied',
      });
    }
    expect((await t.app.inject({ url: URL, headers: manager.headers })).statusCode).toBe(200);
    expect((await create({ name: `Managed ${cat.id}`, type: 'group' }, manager.headers)).statusCode).toBe(201);
    const affiliate = await createAccount(t, { type: 'affiliate' });
    expectError(await t.app.inject({ url: URL, headers: affiliate.owner.headers }), 403, { code: 'feature_not_in_plan' });
  });

  it("answers 404 for another account's category and leaves it untouched", async () => {
    const b = await createAccount(t);
    const foreign = await createPricingCategory(t, b, { name: 'Theirs' });
    const url = `${URL}${foreign.id}/`;
    expectError(await t.app.inject({ url, headers: a.owner.headers }), 404, { code: 'not_found' });
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url, headers: a.owner.headers, payload: { name: 'Mine', type: 'adult' } });
      expectError(res, 404, { code: 'not_found' });
    }
    expectError(await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers }), 404, { code: 'not_found' });
    expect(await stored(b.account.id)).toEqual([foreign]);
    expect(names(await t.app.inject({ url: `${URL}?search=Theirs`, headers: a.owner.headers }))).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inventoryCategories, inventoryItems, inventoryItemTags, inventoryTags } from '../../db/schema/inventory.ts';
import { useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount, useAccount } from '../../test/factories.ts';
import { createInventoryCategory, createInventoryItem, createInventoryTag } from '../../test/inventory-factories.ts';

const t = useTestApp();
const a = useAccount(t);

const KINDS = [
  {
    kind: 'categories',
    url: '/api/inventory-items-categories/',
    table: inventoryCategories,
    make: createInventoryCategory,
    taken: 'An inventory category with this name already exists.',
  },
  {
    kind: 'tags',
    url: '/api/inventory-tags/',
    table: inventoryTags,
    make: createInventoryTag,
    taken: 'An inventory tag with this name already exists.',
  },
] as const;

describe.each(KINDS)('inventory $kind', ({ kind, url, table, make, taken }) => {
  const post = (body: unknown, headers = a.owner.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: body as object });
  const send = (method: 'PUT' | 'PATCH', id: string, body: unknown, headers = a.owner.headers) =>
    t.app.inject({ method, url: `${url}${id}/`, headers, payload: body as object });
  const stored = async (account: TestAccount) =>
    (await t.db.select().from(table).where(eq(table.accountId, account.account.id))).sort((x, y) => x.id.localeCompare(y.id));
  const names = (res: { json: () => { results: { name: string }[] } }) => res.json().results.map((r) => r.name);

  it('creates, retrieves, replaces, patches and deletes', async () => {
    const body = kind === 'categories' ? { name: 'Water sports', description: 'Wet things' } : { name: 'Water sports' };
    const created = await post(body);
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    const keys =
      kind === 'categories'
        ? ['created_at', 'description', 'id', 'items_count', 'name']
        : ['created_at', 'id', 'items_count', 'name'];
    expect(Object.keys(group).sort()).toEqual(keys);
    expect(group).toMatchObject({ ...body, items_count: 0 });
    expect((await t.app.inject({ url: `${url}${group.id}/`, headers: a.owner.headers })).json()).toEqual(group);

    const put = await send('PUT', group.id, { name: 'Water' });
    expect(put.statusCode, put.body).toBe(200);
    // PUT replaces: a category's description not given is cleared.
    expect(put.json()).toMatchObject(kind === 'categories' ? { name: 'Water', description: '' } : { name: 'Water' });
    const patch = await send('PATCH', group.id, { name: 'WATER' });
    expect(patch.json().name).toBe('WATER');
    if (kind === 'categories') {
      expect((await send('PATCH', group.id, { description: 'Only this' })).json()).toMatchObject({
        name: 'WATER',
        description: 'Only this',
      });
    } else {
      expectError(await send('PATCH', group.id, { description: 'x' }), 400, { code: 'unknown_field', attr: 'description' });
    }

    expect((await t.app.inject({ method: 'DELETE', url: `${url}${group.id}/`, headers: a.owner.headers })).statusCode).toBe(204);
    expectError(await t.app.inject({ url: `${url}${group.id}/`, headers: a.owner.headers }), 404, { code: 'not_found' });
  });

  it('refuses duplicate names case-insensitively and bad input, writing nothing', async () => {
    const b = await createAccount(t);
    await make(t, b, 'Rentals');
    const other = await make(t, b, 'Snacks');
    const before = await stored(b);
    expect((await post({ name: ' rentals ' }, b.owner.headers)).json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'unique', detail: taken, attr: 'name' }],
    });
    expectError(await send('PATCH', other.id, { name: 'RENTALS' }, b.owner.headers), 400, { code: 'unique', attr: 'name' });
    expectError(await send('PUT', other.id, {}, b.owner.headers), 400, { code: 'required', attr: 'name' });
    for (const [body, attr] of [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Ok', items_count: 2 }, 'items_count'],
    ] as const) {
      expectError(await post(body, b.owner.headers), 400, { attr });
    }
    expect(await stored(b)).toEqual(before);
    // Another account may use the same name.
    expect((await post({ name: 'Rentals' })).statusCode).toBe(201);
  });

  it('counts items, keeps them when the group is deleted, searches, orders and pages', async () => {
    const b = await createAccount(t);
    const busy = await make(t, b, 'Busy');
    const quiet = await make(t, b, 'Quiet');
    await make(t, b, 'Alone');
    /** An item in the category, or carrying the tag. */
    const itemIn = (g: { id: string }) =>
      kind === 'categories' ? createInventoryItem(t, b, { categoryId: g.id }) : createInventoryItem(t, b, {}, [g]);
    for (let i = 0; i < 3; i++) await itemIn(busy);
    const kept = await itemIn(quiet);
    const get = (query: string) => t.app.inject({ url: `${url}?${query}`, headers: b.owner.headers });

    const all = await get('');
    expect(all.json().results.map((g: { name: string; items_count: number }) => [g.name, g.items_count])).toEqual([
      ['Alone', 0],
      ['Busy', 3],
      ['Quiet', 1],
    ]);
    expect(names(await get('ordering=-items_count'))).toEqual(['Busy', 'Quiet', 'Alone']);
    expect(names(await get('ordering=-name'))).toEqual(['Quiet', 'Busy', 'Alone']);
    expect(names(await get('search=U'))).toEqual(['Busy', 'Quiet']);
    expectError(await get('ordering=description'), 400, { attr: 'ordering' });
    const page = await get('page_size=2&page=2');
    expect(page.json()).toMatchObject({ count: 3, total_pages: 2, current_page_number: 2, next: null });
    expect(names(page)).toEqual(['Quiet']);
    expectError(await get('page_size=2&page=3'), 404, { code: 'not_found' });

    expect((await t.app.inject({ method: 'DELETE', url: `${url}${quiet.id}/`, headers: b.owner.headers })).statusCode).toBe(204);
    const [item] = await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, kept.id));
    expect(item.categoryId).toBeNull();
    expect(await t.db.select().from(inventoryItemTags).where(eq(inventoryItemTags.itemId, kept.id))).toEqual([]);
  });

  it("needs 'Manage inventory' and the inventory feature", async () => {
    const group = await make(t, a);
    const catalog = await createMember(t, a, ['Manage experiences']);
    expectError(await t.app.inject({ url, headers: catalog.headers }), 403, { code: 'permission_denied' });
    expectError(await post({ name: 'Sneaky' }, catalog.headers), 403, { code: 'permission_denied' });
    expectError(await send('PATCH', group.id, { name: 'Sneaky' }, catalog.headers), 403, { code: 'permission_denied' });
    const keeper = await createMember(t, a, ['Manage inventory']);
    expect((await t.app.inject({ url, headers: keeper.headers })).statusCode).toBe(200);
    const affiliate = await createAccount(t, { type: 'affiliate' });
    expectError(await t.app.inject({ url, headers: affiliate.owner.headers }), 403, { code: 'feature_not_in_plan' });
  });

  it("answers 404 for another account's group and leaves it untouched", async () => {
    const b = await createAccount(t);
    const foreign = await make(t, b, 'Theirs');
    const path = `${url}${foreign.id}/`;
    expectError(await t.app.inject({ url: path, headers: a.owner.headers }), 404, { code: 'not_found' });
    expectError(await send('PATCH', foreign.id, { name: 'Mine' }), 404, { code: 'not_found' });
    expectError(await send('PUT', foreign.id, { name: 'Mine' }), 404, { code: 'not_found' });
    expectError(await t.app.inject({ method: 'DELETE', url: path, headers: a.owner.headers }), 404, { code: 'not_found' });
    expect(await stored(b)).toEqual([foreign]);
    expect(names(await t.app.inject({ url: `${url}?search=Theirs`, headers: a.owner.headers }))).toEqual([]);
  });
});

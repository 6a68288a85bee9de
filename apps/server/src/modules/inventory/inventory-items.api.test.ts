import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { inventoryItems, inventoryItemTags } from '../../db/schema/inventory.ts';
import { useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount, useAccount } from '../../test/factories.ts';
import { createInventoryCategory, createInventoryItem, createInventoryTag } from '../../test/inventory-factories.ts';

const t = useTestApp();
const a = useAccount(t);

const URL = '/api/inventory-items/';
const post = (body: unknown, headers = a.owner.headers) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: body as object });
const send = (method: 'PUT' | 'PATCH', id: string, body: unknown, headers = a.owner.headers) =>
  t.app.inject({ method, url: `${URL}${id}/`, headers, payload: body as object });

/** Every item and tag link of the account, as stored. */
const stored = async (account: TestAccount) => ({
  items: (await t.db.select().from(inventoryItems).where(eq(inventoryItems.accountId, account.account.id))).sort((x, y) =>
    x.id.localeCompare(y.id),
  ),
  links: (await t.db.select().from(inventoryItemTags).where(eq(inventoryItemTags.accountId, account.account.id)))
    .map((l) => `${l.itemId}:${l.tagId}`)
    .sort(),
});

const setCurrency = async (account: TestAccount, currency: string) => {
  const [row] = await t.db.select().from(baseAccounts).where(eq(baseAccounts.id, account.account.id));
  await t.db
    .update(baseAccounts)
    .set({ profile: { ...row.profile, currency } })
    .where(eq(baseAccounts.id, account.account.id));
};

describe('inventory items', () => {
  it("creates an item with defaults (the organization's currency), retrieves, replaces, patches and deletes it", async () => {
    const b = await createAccount(t);
    await setCurrency(b, 'CHF');
    const headers = b.owner.headers;
    const category = await createInventoryCategory(t, b, 'Boats');
    const zebra = await createInventoryTag(t, b, 'Zebra');
    const alpha = await createInventoryTag(t, b, 'Alpha');

    const plain = await post({ name: 'Life jacket', type: 'equipment' }, headers);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({
      name: 'Life jacket',
      type: 'equipment',
      description: '',
      sku: '',
      stock_quantity: 0,
      price: 0,
      currency: 'CHF',
      is_active: true,
      category: null,
      tags: [],
    });

    const created = await post(
      {
        name: 'Kayak',
        type: 'equipment',
        sku: 'KY-1',
        stock_quantity: 12,
        price: 4500,
        currency: 'EUR',
        category_id: category.id,
        tag_ids: [zebra.id, alpha.id, zebra.id],
      },
      headers,
    );
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      sku: 'KY-1',
      stock_quantity: 12,
      price: 4500,
      currency: 'EUR',
      category: { id: category.id, name: 'Boats' },
      tags: [
        { id: alpha.id, name: 'Alpha' },
        { id: zebra.id, name: 'Zebra' },
      ],
    });
    const url = `${URL}${item.id}/`;
    expect((await t.app.inject({ url, headers })).json()).toEqual(item);

    const patch = await send('PATCH', item.id, { stock_quantity: 8, tag_ids: [zebra.id] }, headers);
    expect(patch.json()).toMatchObject({
      stock_quantity: 8,
      price: 4500,
      category: { id: category.id },
      tags: [{ name: 'Zebra' }],
    });
    const keepTags = await send('PATCH', item.id, { is_active: false, category_id: null }, headers);
    expect(keepTags.json()).toMatchObject({ is_active: false, category: null, tags: [{ name: 'Zebra' }] });

    // PUT replaces the item: what is not given takes its default.
    const put = await send('PUT', item.id, { name: 'Sea kayak', type: 'equipment', price: 5000 }, headers);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Sea kayak',
      sku: '',
      stock_quantity: 0,
      price: 5000,
      currency: 'CHF',
      is_active: true,
      category: null,
      tags: [],
    });

    expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
    expectError(await t.app.inject({ url, headers }), 404, { code: 'not_found' });
    expect((await stored(b)).items.map((i) => i.name)).toEqual(['Life jacket']);
  });

  it('refuses bad input and foreign or unknown groups, writing nothing', async () => {
    const b = await createAccount(t);
    const tag = await createInventoryTag(t, b);
    const category = await createInventoryCategory(t, b);
    const item = await createInventoryItem(t, b, { name: 'Snorkel', categoryId: category.id }, [tag]);
    const foreignTag = await createInventoryTag(t, a);
    const foreignCategory = await createInventoryCategory(t, a);
    const before = await stored(b);
    const ok = { name: 'Mask', type: 'extras' };
    const cases: [object, string, string?][] = [
      [{ type: 'extras' }, 'name', 'required'],
      [{ ...ok, name: '  ' }, 'name'],
      [{ ...ok, type: 'Extras' }, 'type'],
      [{ ...ok, stock_quantity: -1 }, 'stock_quantity'],
      [{ ...ok, stock_quantity: 1.5 }, 'stock_quantity'],
      [{ ...ok, price: -100 }, 'price'],
      [{ ...ok, price: 9.99 }, 'price'],
      [{ ...ok, currency: 'eur' }, 'currency'],
      [{ ...ok, is_active: 'yes' }, 'is_active'],
      [{ ...ok, owner: 'me' }, 'owner', 'unknown_field'],
      [{ ...ok, category_id: foreignCategory.id }, 'category_id', 'does_not_exist'],
      [{ ...ok, category_id: tag.id }, 'category_id', 'does_not_exist'],
      [{ ...ok, tag_ids: [tag.id, foreignTag.id] }, 'tag_ids.1', 'does_not_exist'],
      [{ ...ok, tag_ids: ['nope'] }, 'tag_ids.0'],
    ];
    for (const [body, attr, code] of cases) {
      expectError(await post(body, b.owner.headers), 400, { attr, ...(code ? { code } : {}) });
    }
    for (const body of [
      { stock_quantity: -5 },
      { name: 'Renamed', tag_ids: [foreignTag.id] },
      { name: 'Renamed', category_id: foreignCategory.id },
    ]) {
      expect((await send('PATCH', item.id, body, b.owner.headers)).statusCode).toBe(400);
    }
    expectError(await send('PUT', item.id, { name: 'No type' }, b.owner.headers), 400, { attr: 'type' });
    expect(await stored(b)).toEqual(before);
  });

  it('filters by active state, type (value or label), category and tag; searches name and SKU; orders and pages', async () => {
    const b = await createAccount(t);
    const boats = await createInventoryCategory(t, b, 'Boats');
    const kids = await createInventoryTag(t, b, 'Kids');
    await createInventoryItem(t, b, {
      name: 'Canoe',
      type: 'equipment',
      sku: 'BT-01',
      priceMinor: 3000,
      stockQuantity: 4,
      categoryId: boats.id,
    });
    await createInventoryItem(t, b, { name: 'Paddle', type: 'equipment', sku: 'PD-77', priceMinor: 500, stockQuantity: 40 }, [
      kids,
    ]);
    await createInventoryItem(t, b, { name: 'Lunch box', type: 'extras', priceMinor: 1200, stockQuantity: 15, isActive: false }, [
      kids,
    ]);
    await createInventoryItem(t, b, {
      name: 'Day bundle',
      type: 'package',
      priceMinor: 9000,
      stockQuantity: 0,
      categoryId: boats.id,
    });
    await createInventoryItem(t, a, { name: 'Canoe' });
    const get = (query: string) => t.app.inject({ url: `${URL}?${query}`, headers: b.owner.headers });
    const names = async (query: string) => {
      const res = await get(query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results.map((i: { name: string }) => i.name);
    };

    expect(await names('')).toEqual(['Canoe', 'Day bundle', 'Lunch box', 'Paddle']);
    expect(await names('is_active=false')).toEqual(['Lunch box']);
    expect(await names('is_active=true&type=equipment')).toEqual(['Canoe', 'Paddle']);
    expect(await names('is_active=All')).toHaveLength(4);
    expectError(await get('is_active=maybe'), 400, { attr: 'is_active' });
    expect(await names('type=Package')).toEqual(['Day bundle']);
    expect(await names('type=EXTRAS')).toEqual(['Lunch box']);
    expectError(await get('type=food'), 400, { attr: 'type' });
    expect(await names(`category=${boats.id}`)).toEqual(['Canoe', 'Day bundle']);
    expect(await names(`tag=${kids.id}`)).toEqual(['Lunch box', 'Paddle']);
    expect(await names(`tag=${kids.id}&type=equipment`)).toEqual(['Paddle']);
    expectError(await get('tag=kids'), 400, { attr: 'tag' });
    expect(await names('search=pd-7')).toEqual(['Paddle']);
    expect(await names('search=BOX')).toEqual(['Lunch box']);
    expect(await names('ordering=-price')).toEqual(['Day bundle', 'Canoe', 'Lunch box', 'Paddle']);
    expect(await names('ordering=stock_quantity')).toEqual(['Day bundle', 'Canoe', 'Lunch box', 'Paddle']);
    expect(await names('ordering=-type')).toEqual(['Day bundle', 'Lunch box', 'Canoe', 'Paddle']);
    expectError(await get('ordering=sku'), 400, { attr: 'ordering' });
    const page = await get('page_size=3&page=2');
    expect(page.json()).toMatchObject({ count: 4, total_pages: 2, current_page_number: 2, next: null });
    expect(page.json().results.map((i: { name: string }) => i.name)).toEqual(['Paddle']);
    expectError(await get('page_size=3&page=3'), 404, { code: 'not_found' });
  });

  it("needs 'Manage inventory' and the inventory feature", async () => {
    const item = await createInventoryItem(t, a);
    const catalog = await createMember(t, a, ['Manage experiences', 'View experiences']);
    for (const res of [
      await t.app.inject({ url: URL, headers: catalog.headers }),
      await t.app.inject({ url: `${URL}${item.id}/`, headers: catalog.headers }),
      await post({ name: 'Sneaky', type: 'extras' }, catalog.headers),
      await send('PATCH', item.id, { stock_quantity: 0 }, catalog.headers),
    ]) {
      expectError(res, 403, { code: 'permission_denied' });
    }
    const keeper = await createMember(t, a, ['Manage inventory']);
    expect((await t.app.inject({ url: URL, headers: keeper.headers })).statusCode).toBe(200);
    expect((await post({ name: 'Keeper item', type: 'package' }, keeper.headers)).statusCode).toBe(201);
    const affiliate = await createAccount(t, { type: 'affiliate' });
    expectError(await t.app.inject({ url: URL, headers: affiliate.owner.headers }), 403, { code: 'feature_not_in_plan' });
  });

  it("answers 404 for another account's item and leaves it untouched", async () => {
    const b = await createAccount(t);
    const foreign = await createInventoryItem(t, b, { name: 'Their kayak' });
    const before = await stored(b);
    const url = `${URL}${foreign.id}/`;
    expectError(await t.app.inject({ url, headers: a.owner.headers }), 404, { code: 'not_found' });
    expectError(await send('PATCH', foreign.id, { stock_quantity: 0 }), 404, { code: 'not_found' });
    expectError(await send('PUT', foreign.id, { name: 'Mine', type: 'extras' }), 404, { code: 'not_found' });
    expectError(await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers }), 404, { code: 'not_found' });
    expect(await stored(b)).toEqual(before);
    const listed = await t.app.inject({ url: `${URL}?search=Their`, headers: a.owner.headers });
    expect(listed.json().count).toBe(0);
  });
});

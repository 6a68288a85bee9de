import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { experienceInventoryItems } from '../../db/schema/inventory.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount, useAccount } from '../../test/factories.ts';
import { createInventoryItem } from '../../test/inventory-factories.ts';

const t = useTestApp();
const a = useAccount(t);

const path = (id: string) => `/api/experiences/${id}/inventory-items/`;
const put = (id: string, items: unknown[], headers = a.owner.headers) =>
  t.app.inject({ method: 'PUT', url: path(id), headers, payload: { items } });
const attached = async (experienceId: string) =>
  (await t.db.select().from(experienceInventoryItems).where(eq(experienceInventoryItems.experienceId, experienceId)))
    .map((r) => `${r.itemId}:${r.usage}:${r.quantity}`)
    .sort();

/** An account with a rental, a ticket offer and one item of each type. */
const setup = async (account?: TestAccount) => {
  const b = account ?? (await createAccount(t));
  return {
    b,
    rental: await createExperience(t, b, { type: 'rental', title: 'Bike rental' }),
    ticket: await createExperience(t, b, { type: 'ticket', title: 'Museum' }),
    bike: await createInventoryItem(t, b, { name: 'Bike', type: 'equipment', stockQuantity: 20, priceMinor: 0, currency: 'EUR' }),
    helmet: await createInventoryItem(t, b, { name: 'Helmet', type: 'equipment', stockQuantity: 30 }),
    snack: await createInventoryItem(t, b, {
      name: 'Snack',
      type: 'extras',
      priceMinor: 350,
      currency: 'EUR',
      stockQuantity: 100,
    }),
    bundle: await createInventoryItem(t, b, { name: 'Bundle', type: 'package', priceMinor: 5000 }),
  };
};

describe('offer inventory items', () => {
  it('replaces and lists the items of an offer', async () => {
    const s = await setup();
    const headers = s.b.owner.headers;
    expect((await t.app.inject({ url: path(s.rental.id), headers })).json()).toEqual({ results: [] });

    const res = await put(
      s.rental.id,
      [
        { item_id: s.snack.id, usage: 'extra' },
        { item_id: s.bike.id, usage: 'equipment', quantity: 1 },
        { item_id: s.helmet.id, usage: 'equipment', quantity: 2 },
        { item_id: s.bundle.id, usage: 'extra' },
      ],
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      {
        item_id: s.bike.id,
        name: 'Bike',
        type: 'equipment',
        usage: 'equipment',
        quantity: 1,
        price: 0,
        currency: 'EUR',
        stock_quantity: 20,
      },
      expect.objectContaining({ item_id: s.helmet.id, usage: 'equipment', quantity: 2, stock_quantity: 30 }),
      expect.objectContaining({
        item_id: s.bundle.id,
        name: 'Bundle',
        type: 'package',
        usage: 'extra',
        quantity: 1,
        price: 5000,
      }),
      {
        item_id: s.snack.id,
        name: 'Snack',
        type: 'extras',
        usage: 'extra',
        quantity: 1,
        price: 350,
        currency: 'EUR',
        stock_quantity: 100,
      },
    ]);
    expect((await t.app.inject({ url: path(s.rental.id), headers })).json()).toEqual(res.json());

    // The set is replaced, not merged; extras go on any offer.
    const fewer = await put(s.rental.id, [{ item_id: s.helmet.id, usage: 'equipment', quantity: 3 }], headers);
    expect(fewer.json().results.map((r: { name: string; quantity: number }) => [r.name, r.quantity])).toEqual([['Helmet', 3]]);
    expect((await put(s.ticket.id, [{ item_id: s.snack.id, usage: 'extra', quantity: 2 }], headers)).statusCode).toBe(200);
    expect(await attached(s.rental.id)).toEqual([`${s.helmet.id}:equipment:3`]);

    // Deleting an item takes it off the offer; clearing empties the set.
    await t.app.inject({ method: 'DELETE', url: `/api/inventory-items/${s.snack.id}/`, headers });
    expect((await t.app.inject({ url: path(s.ticket.id), headers })).json()).toEqual({ results: [] });
    expect((await put(s.rental.id, [], headers)).json()).toEqual({ results: [] });
    expect(await attached(s.rental.id)).toEqual([]);
  });

  it('refuses wrong usages, unknown, foreign or repeated items and bad quantities, writing nothing', async () => {
    const s = await setup();
    const foreign = await createInventoryItem(t, a, { type: 'extras' });
    const headers = s.b.owner.headers;
    await put(s.rental.id, [{ item_id: s.bike.id, usage: 'equipment' }], headers);
    await put(s.ticket.id, [{ item_id: s.snack.id, usage: 'extra' }], headers);
    const before = [await attached(s.rental.id), await attached(s.ticket.id)];
    const cases: [string, object[], string, string | RegExp, string?][] = [
      [
        s.ticket.id,
        [{ item_id: s.bike.id, usage: 'equipment' }],
        'items.0.usage',
        'Equipment can only be attached to rental offers.',
      ],
      [
        s.rental.id,
        [{ item_id: s.snack.id, usage: 'equipment' }],
        'items.0.usage',
        'Only items of type Equipment can be used as equipment.',
      ],
      [s.rental.id, [{ item_id: s.bundle.id, usage: 'equipment' }], 'items.0.usage', /Only items of type Equipment/],
      [
        s.rental.id,
        [
          { item_id: s.snack.id, usage: 'extra' },
          { item_id: s.helmet.id, usage: 'extra' },
        ],
        'items.1.usage',
        /not as extras/,
      ],
      [
        s.rental.id,
        [{ item_id: foreign.id, usage: 'extra' }],
        'items.0.item_id',
        'This inventory item does not exist.',
        'does_not_exist',
      ],
      [s.rental.id, [{ item_id: s.rental.id, usage: 'extra' }], 'items.0.item_id', /does not exist/, 'does_not_exist'],
      [
        s.rental.id,
        [
          { item_id: s.snack.id, usage: 'extra' },
          { item_id: s.snack.id, usage: 'extra' },
        ],
        'items.1.item_id',
        'Each item can be attached once.',
      ],
      [s.rental.id, [{ item_id: s.snack.id, usage: 'extra', quantity: 0 }], 'items.0.quantity', /greater than or equal to 1/],
      [s.rental.id, [{ item_id: s.snack.id, usage: 'addon' }], 'items.0.usage', /./],
      [s.rental.id, [{ item_id: s.snack.id }], 'items.0.usage', /./],
    ];
    for (const [offerId, items, attr, detail, code] of cases) {
      expectError(await put(offerId, items, headers), 400, { attr, detail, ...(code ? { code } : {}) });
    }
    const body = await t.app.inject({ method: 'PUT', url: path(s.rental.id), headers, payload: { items: [], extra: 1 } });
    expectError(body, 400, { code: 'unknown_field', attr: 'extra' });
    expect([await attached(s.rental.id), await attached(s.ticket.id)]).toEqual(before);
  });

  it("reads with 'View experiences', writes with 'Manage experiences' ('Manage inventory' alone is not enough)", async () => {
    const s = await setup(a);
    await put(s.rental.id, [{ item_id: s.snack.id, usage: 'extra' }]);
    const viewer = await createMember(t, a, ['View experiences']);
    const keeper = await createMember(t, a, ['Manage inventory']);
    const editor = await createMember(t, a, ['Manage experiences']);
    expect((await t.app.inject({ url: path(s.rental.id), headers: viewer.headers })).json().results).toHaveLength(1);
    expectError(await put(s.rental.id, [], viewer.headers), 403, { code: 'permission_denied' });
    expectError(await t.app.inject({ url: path(s.rental.id), headers: keeper.headers }), 403, { code: 'permission_denied' });
    expectError(await put(s.rental.id, [], keeper.headers), 403, { code: 'permission_denied' });
    expect(await attached(s.rental.id)).toEqual([`${s.snack.id}:extra:1`]);
    expect((await put(s.rental.id, [], editor.headers)).statusCode).toBe(200);
    const affiliate = await createAccount(t, { type: 'affiliate' });
    expectError(await t.app.inject({ url: path(s.rental.id), headers: affiliate.owner.headers }), 403, {
      code: 'feature_not_in_plan',
    });
  });

  it("answers 404 for another account's offer and leaves it untouched", async () => {
    const s = await setup();
    await put(s.rental.id, [{ item_id: s.bike.id, usage: 'equipment' }], s.b.owner.headers);
    const mine = await createInventoryItem(t, a, { type: 'extras' });
    expectError(await t.app.inject({ url: path(s.rental.id), headers: a.owner.headers }), 404, { code: 'not_found' });
    expectError(await put(s.rental.id, [{ item_id: mine.id, usage: 'extra' }]), 404, { code: 'not_found' });
    expectError(await put(s.rental.id, []), 404, { code: 'not_found' });
    expectError(await put(s.bike.id, []), 404, { code: 'not_found' });
    expect(await attached(s.rental.id)).toEqual([`${s.bike.id}:equipment:1`]);
  });
});

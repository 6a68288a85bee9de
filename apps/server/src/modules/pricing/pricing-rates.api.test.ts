import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricingRatePrices, pricingRates } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount, useAccount } from '../../test/factories.ts';
import { createPricedRate, createPricingCategory, createRate } from '../../test/pricing-factories.ts';

const t = useTestApp();
const a = useAccount(t);

const URL = '/api/pricing-rates/';
const post = (body: unknown, headers = a.owner.headers) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: body as object });
const send = (method: 'PUT' | 'PATCH', id: string, body: unknown, headers = a.owner.headers) =>
  t.app.inject({ method, url: `${URL}${id}/`, headers, payload: body as object });
const remove = (id: string, headers = a.owner.headers) => t.app.inject({ method: 'DELETE', url: `${URL}${id}/`, headers });

/** Every rate and price row of the account, as stored. */
const stored = async (account: TestAccount) => {
  const rates = (await t.db.select().from(pricingRates).where(eq(pricingRates.accountId, account.account.id))).sort((x, y) =>
    x.id.localeCompare(y.id),
  );
  const prices = rates.length
    ? (
        await t.db
          .select()
          .from(pricingRatePrices)
          .where(
            inArray(
              pricingRatePrices.rateId,
              rates.map((r) => r.id),
            ),
          )
      ).sort((x, y) => `${x.rateId}${x.pricingCategoryId}`.localeCompare(`${y.rateId}${y.pricingCategoryId}`))
    : [];
  return { rates, prices };
};

/** A fresh account with an offer and two categories. */
const setup = async (offer: Parameters<typeof createExperience>[2] = {}) => {
  const account = await createAccount(t);
  const experience = await createExperience(t, account, { title: 'Harbour cruise', currency: 'CHF', ...offer });
  const adult = await createPricingCategory(t, account, { name: 'Adult', type: 'adult' });
  const child = await createPricingCategory(t, account, { name: 'Child', type: 'child' });
  return { account, experience, adult, child, headers: account.owner.headers };
};

describe('pricing rates', () => {
  it('creates, retrieves, replaces, patches and deletes a rate', async () => {
    const { experience, adult, child, headers } = await setup();
    const created = await post(
      {
        experience_id: experience.id,
        name: 'Summer',
        valid_from: '2026-06-01',
        valid_to: '2026-08-31',
        prices: [
          { pricing_category_id: child.id, price: 1500 },
          { pricing_category_id: adult.id, price: 3000, net_price: 2400 },
        ],
      },
      headers,
    );
    expect(created.statusCode, created.body).toBe(201);
    const rate = created.json();
    expect(rate).toMatchObject({
      experience_id: experience.id,
      experience_title: 'Harbour cruise',
      name: 'Summer',
      valid_from: '2026-06-01',
      valid_to: '2026-08-31',
      pricing_mode: 'per_person',
      min_participants: 1,
      max_participants: null,
      currency: 'CHF',
      prices: [
        {
          pricing_category_id: adult.id,
          pricing_category_name: 'Adult',
          pricing_category_type: 'adult',
          price: 3000,
          net_price: 2400,
        },
        {
          pricing_category_id: child.id,
          pricing_category_name: 'Child',
          pricing_category_type: 'child',
          price: 1500,
          net_price: null,
        },
      ],
    });
    const url = `${URL}${rate.id}/`;
    expect((await t.app.inject({ url, headers })).json()).toEqual(rate);

    const put = await send(
      'PUT',
      rate.id,
      {
        experience_id: experience.id,
        name: 'Family',
        pricing_mode: 'per_group',
        min_participants: 2,
        max_participants: 6,
        prices: [{ pricing_category_id: child.id, price: 5000 }],
      },
      headers,
    );
    expect(put.statusCode, put.body).toBe(200);
    // PUT replaces: the validity not given is cleared, the prices are exactly the given set.
    expect(put.json()).toMatchObject({ name: 'Family', valid_from: null, valid_to: null, pricing_mode: 'per_group' });
    expect(
      put.json().prices.map((p: { pricing_category_name: string; price: number }) => [p.pricing_category_name, p.price]),
    ).toEqual([['Child', 5000]]);

    const rename = await send('PATCH', rate.id, { name: 'Family ticket' }, headers);
    expect(rename.json()).toMatchObject({ name: 'Family ticket', min_participants: 2, max_participants: 6 });
    expect(rename.json().prices).toHaveLength(1);
    const reprice = await send('PATCH', rate.id, { prices: [{ pricing_category_id: adult.id, price: 7000 }] }, headers);
    expect(reprice.json().prices.map((p: { pricing_category_id: string }) => p.pricing_category_id)).toEqual([adult.id]);

    expect((await remove(rate.id, headers)).statusCode).toBe(204);
    expectError(await t.app.inject({ url, headers }), 404, { code: 'not_found' });
    const after = await t.db.select().from(pricingRatePrices).where(eq(pricingRatePrices.rateId, rate.id));
    expect(after).toEqual([]);
  });

  it('refuses rates that break the rules, writing nothing', async () => {
    const s = await setup();
    const foreign = await setup();
    await createRate(t, s.account, s.experience, [{ category: s.adult, price: 100 }]);
    const before = await stored(s.account);
    const base = { experience_id: s.experience.id, name: 'Bad' };
    const price = (p: object) => ({ pricing_category_id: s.adult.id, price: 1000, ...p });
    const cases: [object, string, string?][] = [
      [{ ...base, prices: [] }, 'prices'],
      [{ ...base }, 'prices', 'required'],
      [{ ...base, prices: [price({ price: -1 })] }, 'prices.0.price'],
      [{ ...base, prices: [price({ price: 10.5 })] }, 'prices.0.price'],
      [{ ...base, prices: [price({ net_price: -5 })] }, 'prices.0.net_price'],
      [{ ...base, prices: [price({ net_price: 1001 })] }, 'prices.0.net_price'],
      [{ ...base, prices: [price({}), price({ price: 5 })] }, 'prices.1.pricing_category_id'],
      [{ ...base, prices: [price({})], valid_from: '2026-05-02', valid_to: '2026-05-01' }, 'valid_to'],
      [{ ...base, prices: [price({})], valid_from: '2026-02-30' }, 'valid_from'],
      [{ ...base, prices: [price({})], min_participants: 4, max_participants: 3 }, 'max_participants'],
      [{ ...base, prices: [price({})], min_participants: 0 }, 'min_participants'],
      [{ ...base, prices: [price({})], pricing_mode: 'per_day' }, 'pricing_mode'],
      [{ ...base, name: ' ', prices: [price({})] }, 'name'],
      [{ ...base, prices: [price({ currency: 'EUR' })] }, 'prices.0.currency'],
      [
        {
          ...base,
          prices: [price({}), { pricing_category_id: s.child.id, price: 1 }, price({ pricing_category_id: s.experience.id })],
        },
        'prices.2.pricing_category_id',
        'does_not_exist',
      ],
      [{ ...base, prices: [price({ pricing_category_id: foreign.adult.id })] }, 'prices.0.pricing_category_id', 'does_not_exist'],
      [{ ...base, experience_id: foreign.experience.id, prices: [price({})] }, 'experience_id', 'does_not_exist'],
      [{ ...base, experience_id: s.adult.id, prices: [price({})] }, 'experience_id', 'does_not_exist'],
    ];
    for (const [body, attr, code] of cases) {
      expectError(await post(body, s.headers), 400, { attr, ...(code ? { code } : {}) });
    }
    // Several problems are reported at once.
    const many = await post(
      { ...base, prices: [price({ net_price: 2000 })], min_participants: 5, max_participants: 2 },
      s.headers,
    );
    expect(many.json().errors.map((e: { attr: string }) => e.attr)).toEqual(['prices.0.net_price', 'max_participants']);
    expect(await stored(s.account)).toEqual(before);
    expect((await stored(foreign.account)).rates).toEqual([]);
  });

  it('checks a patch against the stored values and writes nothing when refused', async () => {
    const s = await setup();
    const foreign = await setup();
    const rate = await createRate(t, s.account, s.experience, [{ category: s.adult, price: 2000, net: 1500 }], {
      validFrom: '2026-06-01',
      minParticipants: 3,
    });
    const before = await stored(s.account);
    const cases: [object, string, string?][] = [
      [{ valid_to: '2026-05-31' }, 'valid_to'],
      [{ max_participants: 2 }, 'max_participants'],
      [{ prices: [] }, 'prices'],
      [{ prices: [{ pricing_category_id: s.adult.id, price: 1000, net_price: 1200 }] }, 'prices.0.net_price'],
      [{ prices: [{ pricing_category_id: foreign.child.id, price: 1 }] }, 'prices.0.pricing_category_id', 'does_not_exist'],
      [{ name: 'New name', prices: [{ pricing_category_id: s.child.id, price: -1 }] }, 'prices.0.price'],
      [{ experience_id: s.experience.id }, 'experience_id', 'unknown_field'],
    ];
    for (const [body, attr, code] of cases) {
      expectError(await send('PATCH', rate.id, body, s.headers), 400, { attr, ...(code ? { code } : {}) });
    }
    const put = await send(
      'PUT',
      rate.id,
      { experience_id: foreign.experience.id, name: 'Moved', prices: [{ pricing_category_id: s.adult.id, price: 1 }] },
      s.headers,
    );
    expectError(put, 400, { attr: 'experience_id', code: 'does_not_exist' });
    expect(await stored(s.account)).toEqual(before);
  });

  it('moves a rate to another offer of the account with PUT', async () => {
    const s = await setup();
    const other = await createExperience(t, s.account, { title: 'Sunset cruise', currency: 'EUR' });
    const { rate } = await createPricedRate(t, s.account, s.experience);
    const moved = await send(
      'PUT',
      rate.id,
      { experience_id: other.id, name: 'Moved', prices: [{ pricing_category_id: s.child.id, price: 900 }] },
      s.headers,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ experience_id: other.id, experience_title: 'Sunset cruise', currency: 'EUR' });
  });

  it('refuses to leave an Active offer without a priced rate (it must be set Inactive first)', async () => {
    const s = await setup({ status: 'active' });
    const first = await createRate(t, s.account, s.experience, [{ category: s.adult, price: 1000 }]);
    // An unpriced rate (not creatable through the API) does not keep the offer bookable.
    await createRate(t, s.account, s.experience, []);
    const second = await post(
      { experience_id: s.experience.id, name: 'Second', prices: [{ pricing_category_id: s.child.id, price: 500 }] },
      s.headers,
    );
    expect((await remove(first.id, s.headers)).statusCode).toBe(204);
    const before = await stored(s.account);
    const last = await remove(second.json().id, s.headers);
    expectError(last, 400, { code: 'not_publishable', attr: 'rates', detail: /Set the offer Inactive first/ });
    const other = await createExperience(t, s.account);
    const move = await send(
      'PUT',
      second.json().id,
      { experience_id: other.id, name: 'Away', prices: [{ pricing_category_id: s.child.id, price: 1 }] },
      s.headers,
    );
    expectError(move, 400, { code: 'not_publishable', attr: 'rates' });
    expect(await stored(s.account)).toEqual(before);

    // Editing the last rate (its prices stay non-empty) is fine; once Inactive it may go.
    expect((await send('PATCH', second.json().id, { name: 'Only rate' }, s.headers)).statusCode).toBe(200);
    const inactive = await setup({ status: 'inactive' });
    const { rate } = await createPricedRate(t, inactive.account, inactive.experience);
    expect((await remove(rate.id, inactive.headers)).statusCode).toBe(204);
  });

  it('keeps exactly one priced rate when all rates of an Active offer are deleted in parallel', async () => {
    const s = await setup({ status: 'active' });
    const rates = [];
    for (let i = 0; i < 6; i++)
      rates.push(await createRate(t, s.account, s.experience, [{ category: s.adult, price: 1000 + i }]));
    const results = await Promise.all(rates.map((r) => remove(r.id, s.headers)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 204, 204, 204, 204, 400]);
    expect((await stored(s.account)).rates).toHaveLength(1);
  });

  it('filters by offer, searches rate name and offer title, orders and pages', async () => {
    const s = await setup();
    const kayak = await createExperience(t, s.account, { title: 'Kayak tour' });
    const bike = await createExperience(t, s.account, { title: 'Bike rental', type: 'rental' });
    const price = [{ category: s.adult, price: 1000 }];
    await createRate(t, s.account, kayak, price, { name: 'Standard', validFrom: '2026-03-01' });
    await createRate(t, s.account, kayak, price, { name: 'Early bird', validFrom: '2026-01-01' });
    await createRate(t, s.account, bike, price, { name: 'Standard', validFrom: '2026-02-01' });
    await createRate(t, s.account, s.experience, price, { name: 'Evening' });
    const foreign = await setup();
    await createRate(t, foreign.account, foreign.experience, [{ category: foreign.adult, price: 1 }], { name: 'Standard' });
    const get = (query: string) => t.app.inject({ url: `${URL}?${query}`, headers: s.headers });
    const labels = async (query: string) => {
      const res = await get(query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results.map((r: { experience_title: string; name: string }) => `${r.experience_title}/${r.name}`);
    };

    expect(await labels('')).toEqual([
      'Bike rental/Standard',
      'Harbour cruise/Evening',
      'Kayak tour/Early bird',
      'Kayak tour/Standard',
    ]);
    expect(await labels(`experience=${kayak.id}`)).toEqual(['Kayak tour/Early bird', 'Kayak tour/Standard']);
    expect(await labels(`experience=${foreign.experience.id}`)).toEqual([]);
    expectError(await get('experience=kayak'), 400, { attr: 'experience' });
    expect(await labels('search=standard')).toEqual(['Bike rental/Standard', 'Kayak tour/Standard']);
    expect(await labels('search=KAYAK')).toEqual(['Kayak tour/Early bird', 'Kayak tour/Standard']);
    expect(await labels(`search=early&experience=${bike.id}`)).toEqual([]);
    expect(await labels('ordering=-experience_title')).toEqual([
      'Kayak tour/Early bird',
      'Kayak tour/Standard',
      'Harbour cruise/Evening',
      'Bike rental/Standard',
    ]);
    expect(await labels('ordering=valid_from')).toEqual([
      'Kayak tour/Early bird',
      'Bike rental/Standard',
      'Kayak tour/Standard',
      'Harbour cruise/Evening',
    ]);
    expect(await labels('ordering=name')).toEqual([
      'Kayak tour/Early bird',
      'Harbour cruise/Evening',
      'Bike rental/Standard',
      'Kayak tour/Standard',
    ]);
    expectError(await get('ordering=price'), 400, { attr: 'ordering' });
    const page = await get('page_size=3&page=2');
    expect(page.json()).toMatchObject({ count: 4, total_pages: 2, current_page_number: 2, next: null });
    expect(page.json().previous).toContain('page=1');
    expect(page.json().results).toHaveLength(1);
    expectError(await get('page_size=3&page=3'), 404, { code: 'not_found' });
  });

  it("is read with 'View experiences', changed only with 'Manage experiences', and needs the experiences feature", async () => {
    const offer = await createExperience(t, a);
    const { rate } = await createPricedRate(t, a, offer);
    const viewer = await createMember(t, a, ['View experiences']);
    // The read-only offer shows its prices to a viewer.
    const listed = await t.app.inject({ url: `${URL}?experience=${offer.id}`, headers: viewer.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().results.map((r: { id: string }) => r.id)).toEqual([rate.id]);
    expect((await t.app.inject({ url: `${URL}${rate.id}/`, headers: viewer.headers })).statusCode).toBe(200);
    expectError(await send('PATCH', rate.id, { name: 'Viewer' }, viewer.headers), 403, { code: 'permission_denied' });
    expectError(await remove(rate.id, viewer.headers), 403, { code: 'permission_denied' });
    const inventory = await createMember(t, a, ['Manage inventory']);
    expectError(await t.app.inject({ url: URL, headers: inventory.headers }), 403, { code: 'permission_denied' });
    expectError(await t.app.inject({ url: `${URL}${rate.id}/`, headers: inventory.headers }), 403, { code: 'permission_denied' });
    expectError(await remove(rate.id, inventory.headers), 403, { code: 'permission_denied' });
    const manager = await createMember(t, a, ['Manage experiences']);
    expect((await t.app.inject({ url: `${URL}${rate.id}/`, headers: manager.headers })).statusCode).toBe(200);
    const affiliate = await createAccount(t, { type: 'affiliate' });
    expectError(await t.app.inject({ url: URL, headers: affiliate.owner.headers }), 403, { code: 'feature_not_in_plan' });
  });

  it("answers 404 for another account's rate and leaves it untouched", async () => {
    const foreign = await setup();
    const { rate } = await createPricedRate(t, foreign.account, foreign.experience);
    const before = await stored(foreign.account);
    const url = `${URL}${rate.id}/`;
    expectError(await t.app.inject({ url, headers: a.owner.headers }), 404, { code: 'not_found' });
    expectError(await send('PATCH', rate.id, { name: 'Mine' }), 404, { code: 'not_found' });
    // The path id is looked up before the body's rules: a foreign rate is simply not there.
    for (const prices of [[], [{ pricing_category_id: foreign.adult.id, price: 1 }]]) {
      const put = await send('PUT', rate.id, { experience_id: foreign.experience.id, name: 'Mine', prices });
      expectError(put, 404, { code: 'not_found' });
    }
    expectError(await remove(rate.id), 404, { code: 'not_found' });
    expect(await stored(foreign.account)).toEqual(before);
  });
});

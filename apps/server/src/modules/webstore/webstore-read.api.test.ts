import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingQuestions, experiences, pricingRatePrices } from '../../db/schema/catalog.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { askQuestion, attachExtra } from '../../test/cart-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount } from '../../test/factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';

const t = useTestApp();
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});

const visit = (subdomain: string, url: string) => t.app.inject({ url, headers: hostHeaders(subdomain) });

const shop = async () => {
  const b = await createAccount(t);
  await connectTestProvider(t.db, b.account.id);
  const store = await createStore(t, b, { name: 'Harbour Shop', headline: 'Boats and bikes', accent_color: '#0b7285' });
  const boat = await createSellableOffer(t, b, {
    overrides: { title: 'Sunset boat', category: 'Water', subcategory: 'Boats', city: 'Lisbon', shortDescription: 'Golden hour' },
    prices: { adult: 4000, child: 2000 },
  });
  const bike = await createSellableOffer(t, b, {
    overrides: { title: 'City bikes', category: 'Land', subcategory: 'Bikes', city: 'Lisbon', durationMinutes: 60 },
    prices: { adult: 2500, child: 1000 },
  });
  const draft = await createSellableOffer(t, b, { overrides: { title: 'Secret draft', status: 'draft', category: 'Hidden' } });
  const privateOne = await createSellableOffer(t, b, { overrides: { title: 'Private charter', visibility: 'private' } });
  await addToStore(t, b, store.id, [boat.offer.id, bike.offer.id, draft.offer.id, privateOne.offer.id]);
  return { b, store, boat, bike, draft, privateOne };
};

describe('GET /api/webstores/', () => {
  it('lists the Active stores of the host’s organization with public fields and the visible categories', async () => {
    const { b } = await shop();
    await createStore(t, b, { name: 'Draft shop', status: 'draft' });
    const res = await visit(b.subdomain, '/api/webstores/');
    expect(res.statusCode, res.body).toBe(200);
    const stores = res.json().results;
    expect(stores).toHaveLength(1);
    expect(stores[0]).toMatchObject({
      slug: 'harbour-shop',
      name: 'Harbour Shop',
      is_default: true,
      headline: 'Boats and bikes',
      accent_color: '#0b7285',
      organization_name: `Org ${b.subdomain}`,
      payment_mode: 'full',
      payment_test_mode: true,
      payment_available: true,
      recaptcha_site_key: null,
      categories: [
        { name: 'Land', label: 'Land', subcategories: [{ name: 'Bikes', label: 'Bikes' }] },
        { name: 'Water', label: 'Water', subcategories: [{ name: 'Boats', label: 'Boats' }] },
      ],
    });
    // Nothing internal: no ids, statuses or settings a visitor has no business with.
    for (const key of ['id', 'status', 'hold_minutes', 'recaptcha_enabled', 'question_mode'])
      expect(stores[0]).not.toHaveProperty(key);
    expectError(await visit('no-such-org', '/api/webstores/'), 404, {});
  });
});

describe('GET /api/webstores/experiences/', () => {
  it('shows only Active public offers of the store, as cards, filtered and ordered', async () => {
    const { b } = await shop();
    const cards = async (query = '') => {
      const res = await visit(b.subdomain, `/api/webstores/experiences/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const all = await cards();
    expect(all.count).toBe(2);
    expect(all.results.map((c: { title: string }) => c.title)).toEqual(['Sunset boat', 'City bikes']);
    expect(Object.keys(all.results[0]).sort()).toEqual(
      [
        'category',
        'category_label',
        'city',
        'currency',
        'duration_minutes',
        'featured',
        'from_price',
        'id',
        'image',
        'short_description',
        'subcategory',
        'subcategory_label',
        'title',
        'type',
      ].sort(),
    );
    expect(all.results[0]).toMatchObject({ from_price: 4000, currency: 'EUR', short_description: 'Golden hour', image: null });
    expect((await cards('store=harbour-shop&category=water')).results.map((c: { title: string }) => c.title)).toEqual([
      'Sunset boat',
    ]);
    expect((await cards('subcategory=Bikes')).results.map((c: { title: string }) => c.title)).toEqual(['City bikes']);
    expect((await cards('keyword=sunset')).count).toBe(1);
    expect((await cards('search=lisbon')).count).toBe(2);
    expect((await cards('ordering=price')).results.map((c: { from_price: number }) => c.from_price)).toEqual([2500, 4000]);
    expect((await cards('ordering=-duration')).results[0].title).toBe('Sunset boat');
    expect((await cards('page_size=1&page=2')).results.map((c: { title: string }) => c.title)).toEqual(['City bikes']);
    expectError(await visit(b.subdomain, '/api/webstores/experiences/?store=nope'), 404, {
      detail: 'This store does not exist or is not open.',
    });
    expectError(await visit(b.subdomain, '/api/webstores/experiences/?date_from=tomorrow'), 400, { attr: 'date_from' });
  });

  it('filters by dates: only offers with a start between them', async () => {
    const b = await createAccount(t);
    const store = await createStore(t, b);
    const weekdays = await createSellableOffer(t, b, {
      overrides: { title: 'Weekday walk' },
      lines: [{ time: '10:00', weekdays: [1, 2, 3, 4, 5] }],
    });
    const december = await createSellableOffer(t, b, {
      overrides: { title: 'Winter market' },
      lines: [{ time: '18:00', dateFrom: '2026-12-10', dateTo: '2026-12-24' }],
    });
    await addToStore(t, b, store.id, [weekdays.offer.id, december.offer.id]);
    const titles = async (query: string) =>
      (await visit(b.subdomain, `/api/webstores/experiences/?${query}`)).json().results.map((c: { title: string }) => c.title);
    // 2026-12-05/06 is a weekend before the market opens.
    expect(await titles('date_from=2026-12-05&date_to=2026-12-06')).toEqual([]);
    expect(await titles('date_from=2026-12-12&date_to=2026-12-13')).toEqual(['Winter market']);
    expect(await titles('date_from=2026-12-14')).toEqual(['Weekday walk', 'Winter market']);
  });
});

describe('GET /api/webstores/experiences/{id}/ and its calendar', () => {
  it('answers the offer page with public fields, extras and the store’s questions; 404 for what visitors may not see', async () => {
    const { b, store, boat, draft, privateOne } = await shop();
    const extra = await attachExtra(t, b, boat, 1500);
    await askQuestion(t, b, boat, 'Any allergies?', false);
    await askQuestion(t, b, boat, 'Your shoe size', true);
    await t.db.update(pricingRatePrices).set({ netPriceMinor: 3100 }).where(eq(pricingRatePrices.rateId, boat.rate.id));
    const res = await visit(b.subdomain, `/api/webstores/experiences/${boat.offer.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      title: 'Sunset boat',
      currency: 'EUR',
      time_zone: 'Europe/Berlin',
      from_price: 4000,
      extras: [{ id: extra.id, price: 1500 }],
      pricing_categories: expect.arrayContaining([expect.objectContaining({ id: boat.adult.id, type: 'adult' })]),
    });
    expect(page.questions.map((q: { question: string }) => q.question)).toEqual(['Any allergies?', 'Your shoe size']);
    expect(res.body).not.toContain('3100');
    expect(res.body).not.toContain('net_price');

    await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${store.id}/`,
      headers: b.owner.headers,
      payload: { question_mode: 'required' },
    });
    const required = (await visit(b.subdomain, `/api/webstores/experiences/${boat.offer.id}/`)).json();
    expect(required.questions.map((q: { question: string }) => q.question)).toEqual(['Your shoe size']);

    for (const hidden of [draft.offer.id, privateOne.offer.id]) {
      expectError(await visit(b.subdomain, `/api/webstores/experiences/${hidden}/`), 404, {
        detail: 'This offer is not sold in this store.',
      });
    }
    const other = await createAccount(t);
    expectError(await visit(other.subdomain, `/api/webstores/experiences/${boat.offer.id}/`), 404, {});
    await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${store.id}/`,
      headers: b.owner.headers,
      payload: { status: 'inactive' },
    });
    expectError(await visit(b.subdomain, `/api/webstores/experiences/${boat.offer.id}/`), 404, {});
    expect(await t.db.select().from(bookingQuestions).where(eq(bookingQuestions.experienceId, boat.offer.id))).toHaveLength(2);
  });

  it('answers the bookable days of a month and a day’s starts with the party’s price', async () => {
    const { b, boat, draft } = await shop();
    const config = await visit(b.subdomain, `/api/webstores/experiences/${boat.offer.id}/config/?month=12&year=2026`);
    expect(config.statusCode, config.body).toBe(200);
    expect(config.json().days).toHaveLength(31);
    expect(
      config
        .json()
        .rates[0].prices.map((p: { price: number }) => p.price)
        .sort(),
    ).toEqual([2000, 4000]);
    const party = encodeURIComponent(JSON.stringify([{ pricing_category_id: boat.adult.id, quantity: 2 }]));
    const day = await visit(
      b.subdomain,
      `/api/webstores/experiences/${boat.offer.id}/availability/?date=2026-12-03&pricing_options=${party}`,
    );
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json().results).toEqual([
      expect.objectContaining({ fits: true, price: expect.objectContaining({ total: 8000 }) }),
    ]);
    expectError(
      await visit(b.subdomain, `/api/webstores/experiences/${boat.offer.id}/availability/?date=2026-12-03&pricing_options=nope`),
      400,
      { attr: 'pricing_options' },
    );
    expectError(await visit(b.subdomain, `/api/webstores/experiences/${draft.offer.id}/config/?month=12&year=2026`), 404, {});
    // An offer taken off sale has no calendar for visitors any more.
    await t.db.update(experiences).set({ status: 'inactive' }).where(eq(experiences.id, boat.offer.id));
    expectError(await visit(b.subdomain, `/api/webstores/experiences/${boat.offer.id}/config/?month=12&year=2026`), 404, {});
  });
});

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember } from '../../test/factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';

const t = useTestApp();

type Headers = Record<string, string>;
const get = (headers: Headers, url: string) => t.app.inject({ url, headers });
const post = (headers: Headers, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

describe('stores', () => {
  it('creates with a slug from the name (made unique), lists with the status filter, changes and deletes', async () => {
    const b = await createAccount(t);
    const h = b.owner.headers;
    const first = await post(h, '/api/stores/', { name: 'Lake Tours & More!' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      slug: 'lake-tours-more',
      status: 'draft',
      ownership: 'internal',
      // The first store of an organization is its default one.
      is_default: true,
      currency: 'EUR',
      languages: ['en'],
      experiences_count: 0,
      url: `http://${b.subdomain}.excursio.test/s/lake-tours-more/`,
      recaptcha_available: false,
    });
    const second = await post(h, '/api/stores/', { name: 'Lake tours & more', status: 'active' });
    expect(second.json()).toMatchObject({ slug: 'lake-tours-more-2', is_default: false });
    expectError(await post(h, '/api/stores/', { name: 'X', slug: 'lake-tours-more' }), 400, { attr: 'slug' });
    expectError(await post(h, '/api/stores/', { name: 'X', slug: 'Not a slug!' }), 400, { attr: 'slug' });
    expectError(await post(h, '/api/stores/', { name: 'X', accent_color: 'blue' }), 400, { attr: 'accent_color' });
    expectError(await post(h, '/api/stores/', { name: 'X', terms_url: 'javascript:alert(1)' }), 400, { attr: 'terms_url' });
    expectError(await post(h, '/api/stores/', { name: 'X', languages: ['en', 'en'] }), 400, { attr: 'languages' });

    expect((await get(h, '/api/stores/?status=Active')).json()).toMatchObject({ count: 1 });
    expect((await get(h, '/api/stores/?search=tours&ordering=name')).json().count).toBe(2);
    expectError(await get(h, '/api/stores/?status=open'), 400, { attr: 'status' });

    // Making the second default takes the flag from the first, in one step.
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${second.json().id}/`,
      headers: h,
      payload: { is_default: true, payment_mode: 'deposit', deposit_percent: 30, languages: ['de', 'en'] },
    });
    expect(changed.json()).toMatchObject({
      is_default: true,
      payment_mode: 'deposit',
      deposit_percent: 30,
      languages: ['de', 'en'],
    });
    expect((await get(h, `/api/stores/${first.json().id}/`)).json().is_default).toBe(false);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/stores/${first.json().id}/`, headers: h })).statusCode).toBe(204);
    expectError(await get(h, `/api/stores/${first.json().id}/`), 404, { detail: 'This store does not exist.' });
  });

  it('keeps offers in order: add at a position, move, feature, remove; refuses another currency', async () => {
    const b = await createAccount(t);
    const h = b.owner.headers;
    const store = await createStore(t, b);
    const [a, c, d] = [
      await createExperience(t, b, { title: 'Alpha kayak', status: 'active' }),
      await createExperience(t, b, { title: 'Charlie canoe', status: 'draft' }),
      await createExperience(t, b, { title: 'Delta dive', status: 'active', visibility: 'private' }),
    ];
    await addToStore(t, b, store.id, [a.id, c.id]);
    const atFront = await post(h, `/api/stores/${store.id}/add-experience/`, {
      experience_id: d.id,
      position: 0,
      featured: true,
    });
    expect(atFront.json()).toMatchObject({
      position: 0,
      featured: true,
      ownership: 'internal',
      hidden_reason: 'Private: only sold in the back office.',
    });
    const titles = async () =>
      (await get(h, `/api/stores/${store.id}/experiences/`))
        .json()
        .results.map((r: { title: string; position: number }) => `${r.position}:${r.title}`);
    expect(await titles()).toEqual(['0:Delta dive', '1:Alpha kayak', '2:Charlie canoe']);
    // Moving to the end, then back.
    await post(h, `/api/stores/${store.id}/add-experience/`, { experience_id: d.id, position: 99 });
    expect(await titles()).toEqual(['0:Alpha kayak', '1:Charlie canoe', '2:Delta dive']);
    await post(h, `/api/stores/${store.id}/add-experience/`, { experience_id: c.id, position: 0 });
    expect(await titles()).toEqual(['0:Charlie canoe', '1:Alpha kayak', '2:Delta dive']);
    const removed = await post(h, `/api/stores/${store.id}/remove-experience/`, { experience_id: c.id });
    expect(removed.statusCode).toBe(204);
    expect(await titles()).toEqual(['0:Alpha kayak', '1:Delta dive']);
    expectError(await post(h, `/api/stores/${store.id}/remove-experience/`, { experience_id: c.id }), 404, {});
    // Eligible: the organization's offers not in the store.
    expect(
      (await get(h, `/api/stores/${store.id}/eligible-experiences/`)).json().results.map((r: { title: string }) => r.title),
    ).toEqual(['Charlie canoe']);
    expect((await get(h, `/api/stores/${store.id}/experiences/`)).json().count).toBe(2);

    const dollars = await createExperience(t, b, { title: 'Dollar tour', currency: 'USD' });
    expectError(await post(h, `/api/stores/${store.id}/add-experience/`, { experience_id: dollars.id }), 409, {
      code: 'currency_mismatch',
      detail: 'This offer is priced in USD; the store sells in EUR.',
    });
  });

  it('filters the store’s offers by distance, place, type, ownership and search', async () => {
    const b = await createAccount(t);
    const h = b.owner.headers;
    const store = await createStore(t, b);
    const berlin = await createExperience(t, b, {
      title: 'Spree boat',
      city: 'Berlin',
      latitude: 52.52,
      longitude: 13.405,
      type: 'ticket',
    });
    const potsdam = await createExperience(t, b, {
      title: 'Palace walk',
      city: 'Potsdam',
      latitude: 52.39,
      longitude: 13.065,
      type: 'ticket',
    });
    const munich = await createExperience(t, b, {
      title: 'Isar bikes',
      city: 'München',
      latitude: 48.137,
      longitude: 11.575,
      type: 'rental',
    });
    const nowhere = await createExperience(t, b, { title: 'Online quiz', type: 'ticket' });
    await addToStore(t, b, store.id, [berlin.id, potsdam.id, munich.id, nowhere.id]);
    const titles = async (query: string) =>
      (await get(h, `/api/stores/${store.id}/experiences/?${query}`)).json().results.map((r: { title: string }) => r.title);
    // Berlin → Potsdam is about 27 km, Berlin → Munich about 504 km.
    expect(await titles('lat=52.52&lon=13.405&radius=30&ordering=distance')).toEqual(['Spree boat', 'Palace walk']);
    expect(await titles('lat=52.52&lon=13.405&radius=10')).toEqual(['Spree boat']);
    expect(await titles('lat=52.52&lon=13.405&radius=600&ordering=-distance')).toEqual([
      'Isar bikes',
      'Palace walk',
      'Spree boat',
    ]);
    const near = (await get(h, `/api/stores/${store.id}/experiences/?lat=52.52&lon=13.405&radius=30&ordering=distance`)).json();
    expect(near.results[1].distance_km).toBeGreaterThan(25);
    expect(near.results[1].distance_km).toBeLessThan(29);
    expect(await titles('location=potsdam')).toEqual(['Palace walk']);
    expect(await titles('type=Rental')).toEqual(['Isar bikes']);
    expect(await titles('search=quiz')).toEqual(['Online quiz']);
    expect(await titles('ownership=Internal')).toHaveLength(4);
    // Partners' offers (External) come with partnerships: none yet.
    expect(await titles('ownership=External')).toEqual([]);
    expect(await titles(`supplier=${b.account.id}`)).toHaveLength(4);
    expectError(await get(h, `/api/stores/${store.id}/experiences/?lat=95&lon=0`), 400, { attr: 'lat' });
    expectError(await get(h, `/api/stores/${store.id}/experiences/?radius=-1&lat=1&lon=1`), 400, { attr: 'radius' });
  });

  it("needs 'Manage stores' and the stores feature; another organization's store is not found", async () => {
    const b = await createAccount(t);
    const store = await createStore(t, b);
    const clerk = await createMember(t, b, ['Manage orders']);
    expectError(await get(clerk.headers, '/api/stores/'), 403, {});
    const keeper = await createMember(t, b, ['Manage stores']);
    expect((await get(keeper.headers, '/api/stores/')).statusCode).toBe(200);
    // A store manager picks the logo and hero from the media library: reading it, not changing it.
    expect((await get(keeper.headers, '/api/filer-images/')).statusCode).toBe(200);
    expectError(await get(clerk.headers, '/api/filer-images/'), 403, {});
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/filer-images/${store.id}/`, headers: keeper.headers }),
      403,
      {},
    );
    const starter = await createAccount(t, { plan: 'default' });
    expectError(await get(starter.owner.headers, '/api/stores/'), 403, { code: 'feature_not_in_plan' });
    const other = await createAccount(t);
    expectError(await get(other.owner.headers, `/api/stores/${store.id}/`), 404, {});
    expectError(await post(other.owner.headers, `/api/stores/${store.id}/add-experience/`, { experience_id: store.id }), 404, {});
    const foreign = await createExperience(t, other, { title: 'Not yours' });
    expectError(await post(b.owner.headers, `/api/stores/${store.id}/add-experience/`, { experience_id: foreign.id }), 400, {
      attr: 'experience_id',
    });
  });
});

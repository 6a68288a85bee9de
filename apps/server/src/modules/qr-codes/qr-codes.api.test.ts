import type { QrCode } from '@excursio/contract/qr-codes';
import { describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount } from '../../test/factories.ts';
import { createLink, storeWithOffer } from '../../test/qr-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';

const t = useTestApp();

type Headers = Record<string, string>;
const get = (headers: Headers, url: string) => t.app.inject({ url, headers });
const send = (method: 'POST' | 'PATCH' | 'PUT', headers: Headers, url: string, payload: object) =>
  t.app.inject({ method, url, headers, payload });
/** A visitor scanning the code: their phone opens the address. */
const scan = (account: TestAccount, code: string) =>
  t.app.inject({ url: `/api/o/${code}/`, headers: { host: hostHeaders(account.subdomain).host, accept: 'text/html' } });

describe('QR codes', () => {
  it('creates store and offer links, lists them with the type filter, search and ordering, re-points and deletes', async () => {
    const b = await createAccount(t);
    const h = b.owner.headers;
    const { store, offer } = await storeWithOffer(t, b, { name: 'Harbour Store' });
    const origin = `http://${b.subdomain}.excursio.test`;

    const poster = await send('POST', h, '/api/qr-codes/', { type: 'store', name: 'Poster at the pier', store_id: store.id });
    expect(poster.statusCode, poster.body).toBe(201);
    const link = poster.json() as QrCode;
    expect(link.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(link).toMatchObject({
      type: 'store',
      name: 'Poster at the pier',
      short_url: `${origin}/api/o/${link.code}/`,
      content: `${origin}/api/o/${link.code}/`,
      store: { id: store.id, name: 'Harbour Store', slug: store.slug },
      experience: null,
      booking: null,
      target_url: `${origin}/s/${store.slug}/`,
      target_problem: null,
      scans: 0,
      last_scanned_at: null,
    });
    const flyer = await createLink(t, b, { type: 'offer', name: 'Flyer', store_id: store.id, experience_id: offer.id });
    expect(flyer).toMatchObject({
      experience: { id: offer.id, title: offer.title },
      target_url: `${origin}/s/${store.slug}/offers/${offer.id}`,
    });
    expect(flyer.code).not.toBe(link.code);

    const list = async (query: string) => {
      const res = await get(h, `/api/qr-codes/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; results: QrCode[] };
    };
    expect((await list('')).results.map((c) => c.name)).toEqual(['Flyer', 'Poster at the pier']);
    expect((await list('type=offer')).results.map((c) => c.id)).toEqual([flyer.id]);
    expect((await list('type=Store link')).results.map((c) => c.id)).toEqual([link.id]);
    expect((await list('type=ticket')).count).toBe(0);
    expect((await list('search=pier')).results.map((c) => c.id)).toEqual([link.id]);
    expect(
      (await list(`search=${link.code.slice(0, 4).toLowerCase()}-${link.code.slice(4, 8)}`)).results.map((c) => c.id),
    ).toContain(link.id);
    expect((await list(`search=${encodeURIComponent(offer.title.toLowerCase())}`)).results.map((c) => c.id)).toEqual([flyer.id]);
    expect((await list('ordering=-name')).results.map((c) => c.name)).toEqual(['Poster at the pier', 'Flyer']);
    expectError(await get(h, '/api/qr-codes/?type=coupon'), 400, { attr: 'type' });
    expectError(await get(h, '/api/qr-codes/?ordering=code'), 400, { attr: 'ordering' });

    // Refused: a ticket by hand, an offer link without its offer or with an offer the store does not have.
    expectError(await send('POST', h, '/api/qr-codes/', { type: 'ticket', name: 'X', store_id: store.id }), 400, {
      attr: 'type',
      detail: /tickets are issued with their bookings/,
    });
    expectError(await send('POST', h, '/api/qr-codes/', { type: 'offer', name: 'X', store_id: store.id }), 400, {
      attr: 'experience_id',
      code: 'required',
    });
    const elsewhere = await createExperience(t, b, { status: 'active' });
    expectError(
      await send('POST', h, '/api/qr-codes/', { type: 'offer', name: 'X', store_id: store.id, experience_id: elsewhere.id }),
      400,
      { attr: 'experience_id', code: 'not_in_store' },
    );
    expectError(await send('POST', h, '/api/qr-codes/', { type: 'store', name: ' ', store_id: store.id }), 400, { attr: 'name' });

    // Re-pointing keeps the code: the printed poster now opens the offer.
    const repointed = await send('PATCH', h, `/api/qr-codes/${link.id}/`, { type: 'offer', experience_id: offer.id });
    expect(repointed.statusCode, repointed.body).toBe(200);
    expect(repointed.json()).toMatchObject({ code: link.code, name: 'Poster at the pier', target_url: flyer.target_url });
    const replaced = await send('PUT', h, `/api/qr-codes/${link.id}/`, {
      type: 'store',
      name: 'Pier poster',
      store_id: store.id,
    });
    expect(replaced.json()).toMatchObject({
      code: link.code,
      name: 'Pier poster',
      experience: null,
      target_url: link.target_url,
    });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/qr-codes/${link.id}/`, headers: h });
    expect(removed.statusCode).toBe(204);
    expectError(await get(h, `/api/qr-codes/${link.id}/`), 404, { code: 'not_found' });
    expectError(await scan(b, link.code), 404, { code: 'not_found' });
    expect((await list('')).count).toBe(1);
  });

  it("keeps every organization's codes to itself", async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const { store } = await storeWithOffer(t, b);
    const theirs = await createLink(t, b, { type: 'store', store_id: store.id });
    const h = a.owner.headers;
    for (const url of [`/api/qr-codes/${theirs.id}/`, `/api/qr-codes/${theirs.id}/scans/`, `/api/qr-codes/${theirs.id}/image/`]) {
      expectError(await get(h, url), 404, { code: 'not_found' });
    }
    expectError(await send('PATCH', h, `/api/qr-codes/${theirs.id}/`, { name: 'Mine now' }), 404, { code: 'not_found' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/qr-codes/${theirs.id}/`, headers: h })).statusCode).toBe(404);
    expect((await get(h, '/api/qr-codes/')).json().count).toBe(0);
    // A link cannot point at another organization's store.
    expectError(await send('POST', h, '/api/qr-codes/', { type: 'store', name: 'X', store_id: store.id }), 400, {
      attr: 'store_id',
      code: 'does_not_exist',
    });
    // B's code on A's address leads nowhere, and counts nothing.
    expectError(await scan(a, theirs.code), 404, { code: 'not_found' });
    expect((await get(b.owner.headers, `/api/qr-codes/${theirs.id}/`)).json()).toMatchObject({ name: theirs.name, scans: 0 });
  });

  it("needs 'Manage stores' and a plan with QR codes", async () => {
    const b = await createAccount(t);
    const ordersOnly = await createMember(t, b, ['Manage orders']);
    expectError(await get(ordersOnly.headers, '/api/qr-codes/'), 403, { code: 'permission_denied' });
    const stores = await createMember(t, b, ['Manage stores']);
    expect((await get(stores.headers, '/api/qr-codes/')).statusCode).toBe(200);
    const starter = await createAccount(t, { plan: 'default' });
    expectError(await get(starter.owner.headers, '/api/qr-codes/'), 403, { code: 'feature_not_in_plan' });
  });
});

describe('following a link', () => {
  it('redirects to the store or the offer page and counts each scan per day, nothing else', async () => {
    const b = await createAccount(t);
    const { store, offer } = await storeWithOffer(t, b);
    const poster = await createLink(t, b, { type: 'store', store_id: store.id });
    const flyer = await createLink(t, b, { type: 'offer', store_id: store.id, experience_id: offer.id });
    t.clock.now = new Date('2026-11-30T22:30:00Z');

    const first = await scan(b, poster.code);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(poster.target_url);
    expect(first.headers['cache-control']).toBe('no-store');
    // Typed by hand: any case, with dashes.
    const typed = await scan(b, `${poster.code.slice(0, 4).toLowerCase()}-${poster.code.slice(4)}`);
    expect(typed.headers.location).toBe(poster.target_url);
    const offerScan = await scan(b, flyer.code);
    expect(offerScan.headers.location).toBe(`http://${b.subdomain}.excursio.test/s/${store.slug}/offers/${offer.id}`);
    // The next day (the organization's zone is UTC): another bucket.
    t.clock.now = new Date('2026-12-01T08:00:00Z');
    expect((await scan(b, poster.code)).statusCode).toBe(302);

    const h = b.owner.headers;
    const counted = (await get(h, `/api/qr-codes/${poster.id}/`)).json() as QrCode;
    expect(counted).toMatchObject({ scans: 3, last_scanned_at: '2026-12-01T08:00:00.000Z', updated_at: poster.updated_at });
    const scans = await get(h, `/api/qr-codes/${poster.id}/scans/`);
    expect(scans.statusCode, scans.body).toBe(200);
    const series = scans.json();
    expect(series).toMatchObject({ from: '2026-11-02', to: '2026-12-01', total: 3 });
    expect(series.days).toHaveLength(30);
    expect(series.days.filter((d: { scans: number }) => d.scans > 0)).toEqual([
      { date: '2026-11-30', scans: 2 },
      { date: '2026-12-01', scans: 1 },
    ]);
    const narrow = (await get(h, `/api/qr-codes/${poster.id}/scans/?from=2026-12-01&to=2026-12-03`)).json();
    expect(narrow.days).toEqual([
      { date: '2026-12-01', scans: 1 },
      { date: '2026-12-02', scans: 0 },
      { date: '2026-12-03', scans: 0 },
    ]);
    expectError(await get(h, `/api/qr-codes/${poster.id}/scans/?from=2026-12-03&to=2026-12-01`), 400, { attr: 'from' });
    expectError(await get(h, `/api/qr-codes/${poster.id}/scans/?from=2025-01-01&to=2026-12-01`), 400, { attr: 'from' });
    expect((await get(h, `/api/qr-codes/?ordering=-scans`)).json().results.map((c: QrCode) => c.id)).toEqual([
      poster.id,
      flyer.id,
    ]);
    t.clock.now = null;
  });

  it('still leads somewhere when its store or offer changes, and says so', async () => {
    const b = await createAccount(t);
    const main = await createStore(t, b, { name: 'Main' });
    const { store, offer } = await storeWithOffer(t, b, { name: 'Pop-up' });
    const poster = await createLink(t, b, { type: 'store', store_id: store.id });
    const flyer = await createLink(t, b, { type: 'offer', store_id: store.id, experience_id: offer.id });
    const h = b.owner.headers;
    const read = async (id: string) => (await get(h, `/api/qr-codes/${id}/`)).json() as QrCode;

    // The offer leaves the store: its link opens the store's home page.
    await send('POST', h, `/api/stores/${store.id}/remove-experience/`, { experience_id: offer.id });
    expect((await scan(b, flyer.code)).headers.location).toBe(store.url);
    expect((await read(flyer.id)).target_problem).toMatch(/is not on sale in Pop-up/);
    await addToStore(t, b, store.id, [offer.id]);

    // The store goes Inactive: the default store takes the scans.
    await send('PATCH', h, `/api/stores/${store.id}/`, { status: 'inactive' });
    expect((await scan(b, poster.code)).headers.location).toBe(main.url);
    expect(await read(poster.id)).toMatchObject({
      target_url: main.url,
      target_problem: expect.stringMatching(/Pop-up is Inactive/),
    });

    // Deleted: the printed code keeps working.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/stores/${store.id}/`, headers: h })).statusCode).toBe(204);
    expect((await scan(b, flyer.code)).headers.location).toBe(main.url);
    expect(await read(flyer.id)).toMatchObject({ store: null, target_problem: expect.stringMatching(/store was deleted/) });
    // Without any store to go to, the address says so.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/stores/${main.id}/`, headers: h })).statusCode).toBe(204);
    expectError(await scan(b, poster.code), 404, { detail: /does not lead anywhere any more/ });
    expect((await read(poster.id)).target_url).toBeNull();
  });
});

describe('QR code images', () => {
  it('downloads PNG at print size and SVG, named after the code', async () => {
    const b = await createAccount(t);
    const { store } = await storeWithOffer(t, b);
    const poster = await createLink(t, b, { type: 'store', name: 'Pier poster', store_id: store.id });
    const h = b.owner.headers;
    const png = await get(h, `/api/qr-codes/${poster.id}/image/`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('attachment; filename="qr-pier-poster.png"');
    const bytes = png.rawPayload;
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    // IHDR: width and height at bytes 16–23.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 1200]);
    const small = (await get(h, `/api/qr-codes/${poster.id}/image/?format=png&size=300`)).rawPayload;
    expect(small.readUInt32BE(16)).toBe(300);
    const svg = await get(h, `/api/qr-codes/${poster.id}/image/?format=svg`);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-disposition']).toBe('attachment; filename="qr-pier-poster.svg"');
    expect(svg.body).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expectError(await get(h, `/api/qr-codes/${poster.id}/image/?format=gif`), 400, { attr: 'format' });
    expectError(await get(h, `/api/qr-codes/${poster.id}/image/?size=20000`), 400, { attr: 'size' });
  });
});

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { v7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { filerFolders, filerImages } from '../../db/schema/media.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount, type TestUser, useAccount } from '../../test/factories.ts';
import {
  hugePng,
  injectMultipart,
  noiseJpeg,
  type Part,
  removeDataDirAfterAll,
  solidImage,
  storedKeys,
  tempDataDir,
} from '../../test/media-factories.ts';

const t = useTestApp(tempDataDir);
removeDataDirAfterAll(t);
const a = useAccount(t);
const b = useAccount(t);
let viewer: TestUser;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  viewer = await createMember(t, a, ['View experiences']);
  jpeg = await noiseJpeg(1600, 1200);
  png = await solidImage(300, 200, 'png');
});

const file = (data: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): Part => ({ name: 'file', filename, data, type });
const upload = (parts: Part[], headers = a.owner.headers) => injectMultipart(t, 'POST', '/api/filer-images/', headers, parts);
const folder = async (name: string, parent_id: string | null = null, headers = a.owner.headers) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/filer-folders/', headers, payload: { name, parent_id } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; parent_id: string | null; images_count: number };
};
const imagesOf = async (accountId: string) => t.db.select().from(filerImages).where(eq(filerImages.accountId, accountId));

describe('filer folders', () => {
  it('creates, lists, retrieves, renames, moves and deletes folders', async () => {
    const trips = await folder('Trips 2026');
    expect(trips).toMatchObject({ name: 'Trips 2026', parent_id: null, images_count: 0 });
    const boats = await folder('Boats', trips.id);
    expect(boats.parent_id).toBe(trips.id);

    const list = await t.app.inject({ url: '/api/filer-folders/?ordering=name', headers: a.owner.headers });
    expect(list.json().results.map((f: { name: string }) => f.name)).toEqual(['Boats', 'Trips 2026']);
    const children = await t.app.inject({ url: `/api/filer-folders/?parent=${trips.id}`, headers: a.owner.headers });
    expect(children.json()).toMatchObject({ count: 1, results: [{ id: boats.id }] });
    const search = await t.app.inject({ url: '/api/filer-folders/?search=trip', headers: a.owner.headers });
    expect(search.json().results.map((f: { id: string }) => f.id)).toEqual([trips.id]);

    const got = await t.app.inject({ url: `/api/filer-folders/${boats.id}/`, headers: a.owner.headers });
    expect(got.json()).toEqual(boats);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/filer-folders/${boats.id}/`,
      headers: a.owner.headers,
      payload: { name: 'Sailing' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Sailing', parent_id: trips.id });
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/filer-folders/${boats.id}/`,
      headers: a.owner.headers,
      payload: { name: 'Sailing', parent_id: null },
    });
    expect(moved.json()).toMatchObject({ name: 'Sailing', parent_id: null });
  });

  it('refuses a parent of another account, a missing one, and cycles (nothing changes)', async () => {
    const foreign = await folder('Theirs', null, b.owner.headers);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/filer-folders/',
      headers: a.owner.headers,
      payload: { name: 'X', parent_id: foreign.id },
    });
    expectError(res, 400, { attr: 'parent_id', code: 'does_not_exist' });
    const top = await folder('Top');
    const mid = await folder('Mid', top.id);
    const low = await folder('Low', mid.id);
    for (const parent_id of [top.id, low.id]) {
      const cycle = await t.app.inject({
        method: 'PATCH',
        url: `/api/filer-folders/${top.id}/`,
        headers: a.owner.headers,
        payload: { parent_id },
      });
      expectError(cycle, 400, { attr: 'parent_id', code: 'folder_cycle' });
    }
    const [stored] = await t.db.select().from(filerFolders).where(eq(filerFolders.id, top.id));
    expect(stored.parentId).toBeNull();
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/filer-folders/', headers: a.owner.headers, payload: { name: ' ' } }),
      400,
      { attr: 'name' },
    );
  });

  it('deletes a folder with its subfolders; their images stay, unfiled', async () => {
    const top = await folder('Delete me');
    const sub = await folder('Sub', top.id);
    const up = await upload([file(png, 'a.png', 'image/png'), { name: 'folder_id', value: sub.id }]);
    expect(up.statusCode, up.body).toBe(201);
    const imageId = up.json().results[0].id;
    expect((await t.app.inject({ url: `/api/filer-folders/${sub.id}/`, headers: a.owner.headers })).json().images_count).toBe(1);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/filer-folders/${top.id}/`, headers: a.owner.headers });
    expect(del.statusCode).toBe(204);
    expect(await t.db.select().from(filerFolders).where(eq(filerFolders.id, sub.id))).toEqual([]);
    const image = await t.app.inject({ url: `/api/filer-images/${imageId}/`, headers: a.owner.headers });
    expect(image.json()).toMatchObject({ id: imageId, folder_id: null });
  });

  it("answers 404 for another account's folder on every method, and leaves it unchanged", async () => {
    const theirs = await folder('Private', null, b.owner.headers);
    const url = `/api/filer-folders/${theirs.id}/`;
    const h = a.owner.headers;
    expectError(await t.app.inject({ url, headers: h }), 404, { code: 'not_found' });
    expectError(await t.app.inject({ method: 'PATCH', url, headers: h, payload: { name: 'Hacked' } }), 404, {
      code: 'not_found',
    });
    expectError(await t.app.inject({ method: 'PUT', url, headers: h, payload: { name: 'Hacked', parent_id: null } }), 404, {});
    expectError(await t.app.inject({ method: 'DELETE', url, headers: h }), 404, { code: 'not_found' });
    expect((await t.db.select().from(filerFolders).where(eq(filerFolders.id, theirs.id)))[0].name).toBe('Private');
  });
});

describe('filer images: upload', () => {
  it('uploads a JPEG: re-encoded variants stored and served publicly at /media/', async () => {
    const res = await upload([file(jpeg, 'Beach day.jpg'), { name: 'alt_text', value: 'The beach at noon' }]);
    expect(res.statusCode, res.body).toBe(201);
    const [image] = res.json().results;
    expect(image).toMatchObject({
      folder_id: null,
      original_name: 'Beach day.jpg',
      alt_text: 'The beach at noon',
      width: 1600,
      height: 1200,
      size_bytes: jpeg.length,
    });
    expect(Object.keys(image.urls).sort()).toEqual(['large', 'medium', 'thumb']);
    expect(image.urls.thumb).toBe(`/media/${a.account.id}/images/${image.id}/thumb.webp`);
    expect(storedKeys(t).filter((k) => k.includes(image.id))).toEqual(
      ['large', 'medium', 'thumb'].map((v) => `${a.account.id}/images/${image.id}/${v}.webp`),
    );

    // Public: no cookie, any host; long-lived cache; never sniffed as anything else.
    const served = await t.app.inject({ url: image.urls.medium, headers: { host: 'excursio.test' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 720]);
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
  });

  it('uploads several files at once into a folder (PNG, WebP, GIF, AVIF), always answering {results}', async () => {
    const f = await folder('Mixed');
    const res = await upload([
      file(png, 'one.png', 'image/png'),
      file(await solidImage(64, 48, 'webp'), 'two.webp', 'image/webp'),
      file(await solidImage(64, 48, 'gif'), 'three.gif', 'image/gif'),
      file(await solidImage(64, 48, 'avif'), 'four.avif', 'image/avif'),
      { name: 'folder_id', value: f.id },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().results.map((i: { original_name: string; folder_id: string }) => [i.original_name, i.folder_id])).toEqual([
      ['one.png', f.id],
      ['two.webp', f.id],
      ['three.gif', f.id],
      ['four.avif', f.id],
    ]);
    const small = res.json().results[1];
    expect([small.width, small.height]).toEqual([64, 48]);
    // Never enlarged: every variant of a 64×48 image is 64×48.
    const large = await t.app.inject({ url: small.urls.large });
    const meta = await sharp(large.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('decides the type by content: SVG, HTML and PDF named .jpg are refused, nothing stored', async () => {
    const before = storedKeys(t);
    const rows = (await imagesOf(a.account.id)).length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
    const pdf = Buffer.from('%PDF-1.4\n%%EOF');
    for (const data of [svg, html, pdf]) {
      expectError(await upload([file(data, 'innocent.jpg', 'image/jpeg')]), 400, { attr: 'file', code: 'unsupported_file_type' });
    }
    // One bad file fails the whole request, even after a good one.
    expectError(await upload([file(png, 'ok.png', 'image/png'), file(svg, 'bad.jpg')]), 400, { code: 'unsupported_file_type' });
    expect(storedKeys(t)).toEqual(before);
    expect(await imagesOf(a.account.id)).toHaveLength(rows);
  });

  it("refuses a file over the size limit with 'file_too_large' and stores nothing", async () => {
    const before = storedKeys(t);
    const rows = (await imagesOf(a.account.id)).length;
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(30 * 1024 * 1024)]);
    const res = await upload([file(png, 'first.png', 'image/png'), file(big, 'huge.jpg')]);
    expectError(res, 400, { attr: 'file', code: 'file_too_large' });
    expect(storedKeys(t)).toEqual(before);
    expect(await imagesOf(a.account.id)).toHaveLength(rows);
  });

  it("refuses more pixels than the limit (20000×20000) with 'image_too_large'", async () => {
    const huge = await hugePng();
    const meta = await sharp(huge, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 20_000, 20_000]);
    expect(huge.length).toBeLessThan(t.config.MAX_UPLOAD_BYTES); // refused for its pixels, not its bytes
    const before = storedKeys(t);
    expectError(await upload([file(huge, 'huge.png', 'image/png')]), 400, { attr: 'file', code: 'image_too_large' });
    expect(storedKeys(t)).toEqual(before);
  }, 120_000); // making the 400-megapixel PNG takes sharp 10–20 s the first time on this machine

  it('refuses bad forms: no file, unknown fields, foreign folder, too many files, JSON', async () => {
    expectError(await upload([{ name: 'alt_text', value: 'nothing' }]), 400, { attr: 'file', code: 'required' });
    expectError(await upload([file(png), { name: 'owner', value: 'x' }]), 400, { attr: 'owner', code: 'unknown_field' });
    expectError(await upload([{ name: 'picture', filename: 'a.png', data: png }]), 400, { code: 'unknown_field' });
    expectError(await upload([file(png), { name: 'folder_id', value: 'not-a-uuid' }]), 400, { attr: 'folder_id' });
    const theirs = await folder('Theirs', null, b.owner.headers);
    expectError(await upload([file(png), { name: 'folder_id', value: theirs.id }]), 400, {
      attr: 'folder_id',
      code: 'does_not_exist',
    });
    const tiny = await solidImage(8, 8, 'png');
    const many = Array.from({ length: 21 }, (_, i) => file(tiny, `${i}.png`, 'image/png'));
    expectError(await upload(many), 400, { attr: 'file', code: 'too_many_files' });
    const json = await t.app.inject({ method: 'POST', url: '/api/filer-images/', headers: a.owner.headers, payload: {} });
    expectError(json, 415, { code: 'unsupported_media_type' });
  });
});

describe('filer images: list, edit, delete', () => {
  const a2 = {} as TestAccount;
  let folderId: string;
  let ids: string[];

  beforeAll(async () => {
    const account = await createAccount(t);
    Object.assign(a2, account);
    folderId = (await folder('Listed', null, account.owner.headers)).id;
    const first = await upload([file(png, 'b-second.png', 'image/png')], account.owner.headers);
    const second = await upload(
      [file(await solidImage(10, 10, 'png'), 'a-first.png', 'image/png'), { name: 'folder_id', value: folderId }],
      account.owner.headers,
    );
    ids = [first.json().results[0].id, second.json().results[0].id];
  });

  it('lists newest first by default, filters by folder, orders and searches', async () => {
    const list = await t.app.inject({ url: '/api/filer-images/', headers: a2.owner.headers });
    expect(list.json().results.map((i: { id: string }) => i.id)).toEqual([ids[1], ids[0]]);
    const byName = await t.app.inject({ url: '/api/filer-images/?ordering=original_name', headers: a2.owner.headers });
    expect(byName.json().results.map((i: { original_name: string }) => i.original_name)).toEqual(['a-first.png', 'b-second.png']);
    const bySize = await t.app.inject({ url: '/api/filer-images/?ordering=-size_bytes', headers: a2.owner.headers });
    expect(bySize.json().results[0].id).toBe(ids[0]);
    const inFolder = await t.app.inject({ url: `/api/filer-images/?folder=${folderId}`, headers: a2.owner.headers });
    expect(inFolder.json()).toMatchObject({ count: 1, results: [{ id: ids[1] }] });
    const search = await t.app.inject({ url: '/api/filer-images/?search=SECOND', headers: a2.owner.headers });
    expect(search.json()).toMatchObject({ count: 1, results: [{ id: ids[0] }] });
    const paged = await t.app.inject({ url: '/api/filer-images/?page_size=1&page=2', headers: a2.owner.headers });
    expect(paged.json()).toMatchObject({ count: 2, total_pages: 2, current_page_number: 2, results: [{ id: ids[0] }] });
    expectError(await t.app.inject({ url: '/api/filer-images/?ordering=-secret', headers: a2.owner.headers }), 400, {
      attr: 'ordering',
    });
  });

  it('edits alt text and folder (PATCH and PUT), refusing foreign folders', async () => {
    const url = `/api/filer-images/${ids[0]}/`;
    const patch = await t.app.inject({ method: 'PATCH', url, headers: a2.owner.headers, payload: { alt_text: 'A boat' } });
    expect(patch.json()).toMatchObject({ alt_text: 'A boat', folder_id: null });
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: a2.owner.headers,
      payload: { alt_text: 'A red boat', folder_id: folderId },
    });
    expect(put.json()).toMatchObject({ alt_text: 'A red boat', folder_id: folderId });
    const foreign = await folder('Not yours', null, b.owner.headers);
    expectError(
      await t.app.inject({ method: 'PATCH', url, headers: a2.owner.headers, payload: { folder_id: foreign.id } }),
      400,
      {
        attr: 'folder_id',
        code: 'does_not_exist',
      },
    );
    expectError(await t.app.inject({ method: 'PATCH', url, headers: a2.owner.headers, payload: { width: 1 } }), 400, {
      code: 'unknown_field',
    });
    expect((await t.app.inject({ url, headers: a2.owner.headers })).json().folder_id).toBe(folderId);
  });

  it('deletes an image and its stored files; another account gets 404', async () => {
    const url = `/api/filer-images/${ids[1]}/`;
    expect(storedKeys(t).filter((k) => k.includes(ids[1]))).toHaveLength(3);
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: b.owner.headers,
        ...(method === 'PATCH' || method === 'PUT' ? { payload: { alt_text: 'x', folder_id: null } } : {}),
      });
      expectError(res, 404, { code: 'not_found' });
    }
    const del = await t.app.inject({ method: 'DELETE', url, headers: a2.owner.headers });
    expect(del.statusCode).toBe(204);
    expect(storedKeys(t).filter((k) => k.includes(ids[1]))).toEqual([]);
    expect((await t.app.inject({ url: `/media/${a2.account.id}/images/${ids[1]}/thumb.webp` })).statusCode).toBe(404);
    expectError(await t.app.inject({ url, headers: a2.owner.headers }), 404, { code: 'not_found' });
  });

  it("refuses to delete the only image of an Active offer ('not_publishable')", async () => {
    const offer = await createExperience(t, a2, { status: 'active' });
    const up = await injectMultipart(t, 'PATCH', `/api/experiences/${offer.id}/images/`, a2.owner.headers, [
      file(await solidImage(20, 20, 'png'), 'cover.png', 'image/png'),
    ]);
    expect(up.statusCode, up.body).toBe(201);
    const imageId = up.json().results[0].id;
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/filer-images/${imageId}/`, headers: a2.owner.headers }), 400, {
      code: 'not_publishable',
    });
    expect(storedKeys(t).filter((k) => k.includes(imageId))).toHaveLength(3);
  });
});

describe('media files and access', () => {
  it('serves nothing outside the stored keys (traversal, unknown, dot files)', async () => {
    for (const url of [
      '/media/../jwt-secret',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/..%2f..%2fjwt-secret',
      `/media/${v7()}/images/${v7()}/thumb.webp`,
      '/media/',
      '/media/a/b.html',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
  });

  it('needs Manage experiences and the experiences feature', async () => {
    expectError(await t.app.inject({ url: '/api/filer-images/', headers: viewer.headers }), 403, { code: 'permission_denied' });
    expectError(await upload([file(png)], viewer.headers), 403, { code: 'permission_denied' });
    expectError(await t.app.inject({ url: '/api/filer-folders/', headers: viewer.headers }), 403, { code: 'permission_denied' });
    const affiliate = await createAccount(t, { type: 'affiliate', plan: 'default' });
    expectError(await t.app.inject({ url: '/api/filer-images/', headers: affiliate.owner.headers }), 403, {
      code: 'feature_not_in_plan',
    });
    const manager = await createMember(t, a, ['Manage experiences']);
    expect((await upload([file(png, 'm.png', 'image/png')], manager.headers)).statusCode).toBe(201);
  });

  it('answers HEAD for a stored file', async () => {
    const up = await upload([file(png, 'head.png', 'image/png')]);
    const res = await t.app.inject({ method: 'HEAD', url: up.json().results[0].urls.thumb });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.body).toBe('');
  });

  it('parses multipart on the upload routes only: other routes stay JSON-only', async () => {
    const res = await injectMultipart(t, 'POST', '/api/filer-folders/', a.owner.headers, [{ name: 'name', value: 'Sneaky' }]);
    expectError(res, 415, { code: 'unsupported_media_type' });
  });

  it('refuses a cross-origin upload (CSRF) before reading it', async () => {
    const res = await upload([file(png)], { ...a.owner.headers, origin: 'http://evil.example' });
    expectError(res, 403, { code: 'csrf_failed' });
  });
});

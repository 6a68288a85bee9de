import { and, eq } from 'drizzle-orm';
import { v7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { experienceImages, filerImages } from '../../db/schema/media.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createMember, type TestUser, useAccount } from '../../test/factories.ts';
import {
  injectMultipart,
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
let png: Buffer;

beforeAll(async () => {
  viewer = await createMember(t, a, ['View experiences']);
  png = await solidImage(120, 80, 'png');
});

const file = (name: string): Part => ({ name: 'file', filename: name, data: png, type: 'image/png' });
const uploadTo = (experienceId: string, parts: Part[], headers = a.owner.headers) =>
  injectMultipart(t, 'PATCH', `/api/experiences/${experienceId}/images/`, headers, parts);
const gallery = async (experienceId: string) =>
  (
    await t.db
      .select()
      .from(experienceImages)
      .where(eq(experienceImages.experienceId, experienceId))
      .orderBy(experienceImages.position)
  ).map((r) => [r.imageId, r.position]);
const reorder = (experienceId: string, image_ids: string[], headers = a.owner.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/experiences/${experienceId}/reorder-images/`, headers, payload: { image_ids } });

describe('offer gallery', () => {
  it('uploads images and appends them at the end of the gallery, answering {results}', async () => {
    const offer = await createExperience(t, a);
    const first = await uploadTo(offer.id, [file('one.png'), { name: 'alt_text', value: 'Harbour' }]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().results).toEqual([
      {
        id: expect.any(String),
        position: 0,
        alt_text: 'Harbour',
        width: 120,
        height: 80,
        urls: expect.objectContaining({ thumb: expect.stringMatching(/^\/media\/.+\/thumb\.webp$/) }),
      },
    ]);
    const more = await uploadTo(offer.id, [file('two.png'), file('three.png')]);
    expect(more.json().results.map((i: { position: number }) => i.position)).toEqual([1, 2]);
    const ids = [first.json().results[0].id, ...more.json().results.map((i: { id: string }) => i.id)];
    expect(await gallery(offer.id)).toEqual(ids.map((id, i) => [id, i]));
    // The uploads are library images too.
    const lib = await t.app.inject({ url: `/api/filer-images/${ids[2]}/`, headers: a.owner.headers });
    expect(lib.json()).toMatchObject({ id: ids[2], original_name: 'three.png' });
    const served = await t.app.inject({ url: more.json().results[1].urls.large });
    expect(served.statusCode).toBe(200);
  });

  it('reorders: exactly the attached ids, answering the gallery in its new order', async () => {
    const offer = await createExperience(t, a);
    const up = await uploadTo(offer.id, [file('a.png'), file('b.png'), file('c.png')]);
    const [x, y, z] = up.json().results.map((i: { id: string }) => i.id);
    const res = await reorder(offer.id, [z, x, y]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((i: { id: string; position: number }) => [i.id, i.position])).toEqual([
      [z, 0],
      [x, 1],
      [y, 2],
    ]);
    const other = await createExperience(t, a);
    const foreignImage = (await uploadTo(other.id, [file('d.png')])).json().results[0].id;
    for (const ids of [[z, x], [z, x, y, y], [z, x, foreignImage], [z, x, y, foreignImage], []]) {
      expectError(await reorder(offer.id, ids), 400, { attr: 'image_ids', code: 'invalid_order' });
    }
    expectError(await reorder(offer.id, [z, x, 'nope']), 400, { attr: 'image_ids.2' });
    expect(await gallery(offer.id)).toEqual([
      [z, 0],
      [x, 1],
      [y, 2],
    ]);
  });

  it('detaches an image (it stays in the library) and closes the gap', async () => {
    const offer = await createExperience(t, a);
    const up = await uploadTo(offer.id, [file('a.png'), file('b.png'), file('c.png')]);
    const [x, y, z] = up.json().results.map((i: { id: string }) => i.id);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/experiences/${offer.id}/images/${y}/`,
      headers: a.owner.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(await gallery(offer.id)).toEqual([
      [x, 0],
      [z, 1],
    ]);
    expect(await t.db.select().from(filerImages).where(eq(filerImages.id, y))).toHaveLength(1);
    expect(storedKeys(t).filter((k) => k.includes(y))).toHaveLength(3);
    // Not attached (any more) → 404.
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/experiences/${offer.id}/images/${y}/`, headers: a.owner.headers }),
      404,
      { code: 'not_found' },
    );
  });

  it('keeps an Active offer publishable: its last image cannot be detached or deleted', async () => {
    const offer = await createExperience(t, a, { status: 'active' });
    const up = await uploadTo(offer.id, [file('a.png'), file('b.png')]);
    const [x, y] = up.json().results.map((i: { id: string }) => i.id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/experiences/${offer.id}/images/${x}/`, headers: a.owner.headers }))
        .statusCode,
    ).toBe(204);
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/experiences/${offer.id}/images/${y}/`, headers: a.owner.headers }),
      400,
      { code: 'not_publishable' },
    );
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/filer-images/${y}/`, headers: a.owner.headers }), 400, {
      code: 'not_publishable',
    });
    expect(await gallery(offer.id)).toEqual([[y, 0]]);
    // A Draft offer may lose its last image; deleting the library image detaches it everywhere.
    const draft = await createExperience(t, a);
    const only = (await uploadTo(draft.id, [file('c.png')])).json().results[0].id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/filer-images/${only}/`, headers: a.owner.headers })).statusCode,
    ).toBe(204);
    expect(await gallery(draft.id)).toEqual([]);
  });

  it("answers 404 for another account's offer or image, and 404 for unknown offers, storing nothing", async () => {
    const theirs = await createExperience(t, b);
    const theirImage = (await uploadTo(theirs.id, [file('x.png')], b.owner.headers)).json().results[0].id;
    const before = storedKeys(t);
    const ours = await createExperience(t, a);
    for (const id of [theirs.id, v7()]) {
      expectError(await uploadTo(id, [file('a.png')]), 404, { code: 'not_found' });
      expectError(await reorder(id, []), 404, { code: 'not_found' });
    }
    expect(storedKeys(t)).toEqual(before);
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/experiences/${theirs.id}/images/${theirImage}/`,
        headers: a.owner.headers,
      }),
      404,
      { code: 'not_found' },
    );
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/experiences/${ours.id}/images/${theirImage}/`,
        headers: a.owner.headers,
      }),
      404,
      { code: 'not_found' },
    );
    expect(
      await t.db
        .select()
        .from(experienceImages)
        .where(and(eq(experienceImages.experienceId, theirs.id), eq(experienceImages.imageId, theirImage))),
    ).toHaveLength(1);
  });

  it('needs Manage experiences; bad uploads store nothing', async () => {
    const offer = await createExperience(t, a);
    expectError(await uploadTo(offer.id, [file('a.png')], viewer.headers), 403, { code: 'permission_denied' });
    expectError(await reorder(offer.id, [], viewer.headers), 403, { code: 'permission_denied' });
    const before = storedKeys(t);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expectError(await uploadTo(offer.id, [file('a.png'), { name: 'file', filename: 'b.jpg', data: svg }]), 400, {
      code: 'unsupported_file_type',
    });
    expect(storedKeys(t)).toEqual(before);
    expect(await gallery(offer.id)).toEqual([]);
  });
});

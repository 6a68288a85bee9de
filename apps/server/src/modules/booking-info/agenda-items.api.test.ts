import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agendaItems, experiences } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, type TestAccount, useAccount } from '../../test/factories.ts';
import { describeAccess, type ResourceUnderTest, rowsOf } from './booking-info.test-helpers.ts';

const t = useTestApp();
const a = useAccount(t);
const URL = '/api/agenda-items/';
const resource = (): ResourceUnderTest => ({
  t,
  a,
  url: URL,
  table: agendaItems,
  body: async (account) => ({ experience_id: (await createExperience(t, account)).id, title: 'Welcome drink' }),
  patch: { duration_minutes: 15 },
});
const post = (body: object, account: TestAccount = a) =>
  t.app.inject({ method: 'POST', url: URL, headers: account.owner.headers, payload: body });
const patchOf = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `${URL}${id}/`, headers: a.owner.headers, payload });
const order = async (experienceId: string) =>
  (await t.app.inject({ url: `${URL}?experience=${experienceId}`, headers: a.owner.headers }))
    .json()
    .results.map((i: { title: string; position: number }) => `${i.title}@${i.position}`);

describe('agenda items', () => {
  it('creates, retrieves, replaces, patches and deletes an item', async () => {
    const offer = await createExperience(t, a);
    const created = await post({
      experience_id: offer.id,
      title: ' Boat to Blue Cave ',
      description: 'Speedboat, 45 minutes.',
      duration_minutes: 45,
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      experience_id: offer.id,
      title: 'Boat to Blue Cave',
      description: 'Speedboat, 45 minutes.',
      duration_minutes: 45,
      position: 0,
    });
    expect(Object.keys(item).sort()).toEqual(
      ['created_at', 'description', 'duration_minutes', 'experience_id', 'id', 'position', 'title'].sort(),
    );
    const url = `${URL}${item.id}/`;
    expect((await t.app.inject({ url, headers: a.owner.headers })).json()).toEqual(item);

    // PUT replaces: left-out fields return to their defaults.
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: a.owner.headers,
      payload: { experience_id: offer.id, title: 'Blue Cave' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ ...item, title: 'Blue Cave', description: '', duration_minutes: null });

    const patch = await patchOf(item.id, { duration_minutes: 30 });
    expect(patch.json()).toMatchObject({ title: 'Blue Cave', duration_minutes: 30 });
    expect((await patchOf(item.id, { duration_minutes: null })).json().duration_minutes).toBeNull();
    const [row] = await t.db.select().from(agendaItems).where(eq(agendaItems.id, item.id));
    expect(row).toMatchObject({ title: 'Blue Cave', durationMinutes: null, experienceId: offer.id });

    expect((await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers })).statusCode).toBe(204);
    expectError(await t.app.inject({ url, headers: a.owner.headers }), 404, { code: 'not_found' });
    expect(await t.db.select().from(agendaItems).where(eq(agendaItems.id, item.id))).toEqual([]);
  });

  it('puts a new item last, inserts at a given position and keeps positions 0…n-1', async () => {
    const offer = await createExperience(t, a);
    const ids: Record<string, string> = {};
    for (const title of ['Meet', 'Swim', 'Lunch']) ids[title] = (await post({ experience_id: offer.id, title })).json().id;
    expect(await order(offer.id)).toEqual(['Meet@0', 'Swim@1', 'Lunch@2']);
    ids.Snorkel = (await post({ experience_id: offer.id, title: 'Snorkel', position: 2 })).json().id;
    expect(await order(offer.id)).toEqual(['Meet@0', 'Swim@1', 'Snorkel@2', 'Lunch@3']);
    await patchOf(ids.Lunch, { position: 1 });
    expect(await order(offer.id)).toEqual(['Meet@0', 'Lunch@1', 'Swim@2', 'Snorkel@3']);
    await patchOf(ids.Meet, { position: 10 });
    expect(await order(offer.id)).toEqual(['Lunch@0', 'Swim@1', 'Snorkel@2', 'Meet@3']);
    await t.app.inject({ method: 'DELETE', url: `${URL}${ids.Swim}/`, headers: a.owner.headers });
    expect(await order(offer.id)).toEqual(['Lunch@0', 'Snorkel@1', 'Meet@2']);
    // The offer's own deletion takes its agenda with it (FK cascade).
    await t.db.delete(experiences).where(eq(experiences.id, offer.id));
    expect(await order(offer.id)).toEqual([]);
  });

  it('refuses bad input and other accounts’ offers with the error shape, writing nothing', async () => {
    const b = await createAccount(t);
    const theirOffer = await createExperience(t, b);
    const offer = await createExperience(t, a);
    const mine = (await post({ experience_id: offer.id, title: 'Mine' })).json();
    const before = await rowsOf(t, agendaItems, a.account.id);
    const base = { experience_id: offer.id, title: 'Step' };
    for (const [body, attr, code] of [
      [{ title: 'Step' }, 'experience_id', 'required'],
      [{ experience_id: offer.id }, 'title', 'required'],
      [{ ...base, title: '   ' }, 'title', undefined],
      [{ ...base, title: 'x'.repeat(201) }, 'title', undefined],
      [{ ...base, experience_id: theirOffer.id }, 'experience_id', 'does_not_exist'],
      [{ ...base, duration_minutes: 0 }, 'duration_minutes', undefined],
      [{ ...base, duration_minutes: 1.5 }, 'duration_minutes', undefined],
      [{ ...base, position: -2 }, 'position', undefined],
      [{ ...base, description: 'x'.repeat(2001) }, 'description', undefined],
      [{ ...base, starts_at: '10:00' }, 'starts_at', 'unknown_field'],
    ] as const) {
      expectError(await post(body), 400, { attr, ...(code ? { code } : {}) });
    }
    const url = `${URL}${mine.id}/`;
    const put = (payload: object) => t.app.inject({ method: 'PUT', url, headers: a.owner.headers, payload });
    expectError(await put({ experience_id: theirOffer.id, title: 'Moved' }), 400, {
      attr: 'experience_id',
      code: 'does_not_exist',
    });
    expectError(await put({ experience_id: (await createExperience(t, a)).id, title: 'Moved' }), 400, {
      attr: 'experience_id',
      code: 'immutable',
    });
    expectError(await patchOf(mine.id, { title: '' }), 400, { attr: 'title' });
    expect(await rowsOf(t, agendaItems, a.account.id)).toEqual(before);
    expect(await rowsOf(t, agendaItems, b.account.id)).toEqual([]);
  });

  it('filters by offer, searches title and description, orders and pages', async () => {
    const b = await createAccount(t);
    const [first, second] = [await createExperience(t, b), await createExperience(t, b)];
    for (const [experience_id, title, description] of [
      [first.id, 'Harbour', 'Board the boat.'],
      [first.id, 'Island', 'Free time to swim.'],
      [second.id, 'Cellar', 'Wine tasting.'],
      [first.id, 'Return', 'Back to the harbour.'],
    ]) {
      await post({ experience_id, title, description }, b);
    }
    const list = (query: string) => t.app.inject({ url: `${URL}?${query}`, headers: b.owner.headers });
    const titles = async (query: string) => (await list(query)).json().results.map((i: { title: string }) => i.title);
    expect(await titles(`experience=${first.id}`)).toEqual(['Harbour', 'Island', 'Return']);
    expect(await titles(`experience=${first.id}&ordering=-position`)).toEqual(['Return', 'Island', 'Harbour']);
    expect(await titles('ordering=-created_at')).toEqual(['Return', 'Cellar', 'Island', 'Harbour']);
    expect(await titles('search=harbour')).toEqual(['Harbour', 'Return']);
    expect(await titles(`search=wine&experience=${second.id}`)).toEqual(['Cellar']);
    const page = await list('page=1&page_size=3&ordering=created_at');
    expect(page.json()).toMatchObject({ count: 4, total_pages: 2, current_page_number: 1, previous: null });
    expect(page.json().next).toContain('page=2');
    expectError(await list('page=3&page_size=3'), 404, { detail: 'Invalid page.' });
    expectError(await list('ordering=title'), 400, { attr: 'ordering' });
  });
});

describeAccess('agenda items', resource);

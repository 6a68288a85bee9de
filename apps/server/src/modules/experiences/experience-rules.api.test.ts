import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { experiences } from '../../db/schema/catalog.ts';
import { experienceImages } from '../../db/schema/media.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { useAccount } from '../../test/factories.ts';
import {
  addCancellationPolicy,
  addMeetingPoint,
  addRate,
  addStartTime,
  attachImage,
  fullBody,
} from './experience-parts.test-helpers.ts';

const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);

const offersOf = async (accountId: string) => t.db.select().from(experiences).where(eq(experiences.accountId, accountId));
const storedOffer = async (id: string) => (await t.db.select().from(experiences).where(eq(experiences.id, id)))[0];

const create = (body: object, headers = a.owner.headers) =>
  t.app.inject({ method: 'POST', url: '/api/experiences/', headers, payload: body });
const patch = (id: string, body: object, headers = a.owner.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/experiences/${id}/`, headers, payload: body });

describe('experience bad input writes nothing', () => {
  const cases: [string, object, { code?: string; attr: string }][] = [
    ['an unknown category', { category: 'space-travel' }, { code: 'does_not_exist', attr: 'category' }],
    [
      'a subcategory of another category',
      { category: 'tours', subcategory: 'airport-transfers' },
      { code: 'does_not_exist', attr: 'subcategory' },
    ],
    [
      'a subcategory without category',
      { category: '', subcategory: 'city-tours' },
      { code: 'does_not_exist', attr: 'subcategory' },
    ],
    ['max group size below min', { min_group_size: 5, max_group_size: 2 }, { code: 'invalid', attr: 'max_group_size' }],
    ['a zero min group size', { min_group_size: 0 }, { attr: 'min_group_size' }],
    ['a negative cut-off', { booking_cutoff_minutes: -5 }, { attr: 'booking_cutoff_minutes' }],
    ['an unknown language', { languages: ['en', 'qq'] }, { code: 'does_not_exist', attr: 'languages' }],
    ['an unknown currency', { currency: 'XYZ' }, { code: 'does_not_exist', attr: 'currency' }],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, { attr: 'time_zone' }],
    ['an unknown field', { colour: 'red' }, { code: 'unknown_field', attr: 'colour' }],
    ['a blank title', { title: '   ' }, { attr: 'title' }],
  ];

  it.each(cases)('refuses %s on create', async (_name, body, item) => {
    const before = (await offersOf(a.account.id)).length;
    expectError(await create({ type: 'ticket', title: 'Bad', ...body }), 400, item);
    expect(await offersOf(a.account.id)).toHaveLength(before);
  });

  it.each(cases)('refuses %s on update', async (_name, body, item) => {
    const offer = await createExperience(t, a, { category: 'tours', subcategory: 'city-tours' });
    expectError(await patch(offer.id, { city: 'Changed', ...body }), 400, item);
    expect(await storedOffer(offer.id)).toEqual(offer);
  });

  it("refuses another account's meeting point and cancellation policy (does_not_exist)", async () => {
    const point = await addMeetingPoint(t, b.account.id);
    const policy = await addCancellationPolicy(t, b.account.id);
    const before = (await offersOf(a.account.id)).length;
    const res = await create({ type: 'ticket', title: 'Bad', meeting_point_id: point.id, cancellation_policy_id: policy.id });
    expectError(res, 400, { code: 'does_not_exist', attr: 'meeting_point_id' });
    expectError(res, 400, { code: 'does_not_exist', attr: 'cancellation_policy_id' });
    expect(await offersOf(a.account.id)).toHaveLength(before);
    const offer = await createExperience(t, a);
    expectError(await patch(offer.id, { meeting_point_id: point.id }), 400, { code: 'does_not_exist' });
    expect(await storedOffer(offer.id)).toEqual(offer);
  });

  it('creates only Drafts', async () => {
    const before = (await offersOf(a.account.id)).length;
    expectError(await create({ type: 'ticket', title: 'Live now', status: 'active' }), 400, { attr: 'status' });
    expect(await offersOf(a.account.id)).toHaveLength(before);
    expect((await create({ type: 'ticket', title: 'Explicit draft', status: 'draft' })).statusCode).toBe(201);
  });
});

describe('publishing', () => {
  it('refuses to go Active with every missing part as its own error item', async () => {
    const offer = await createExperience(t, a, { description: '' });
    const res = await patch(offer.id, { status: 'active' });
    const body = expectError(res, 400, { code: 'not_publishable', attr: 'images' });
    expect(body.errors).toEqual([
      { code: 'not_publishable', attr: 'description', detail: 'Add a description.' },
      { code: 'not_publishable', attr: 'images', detail: 'Upload at least one image.' },
      { code: 'not_publishable', attr: 'rates', detail: 'Add at least one rate with a price.' },
      { code: 'not_publishable', attr: 'start_times', detail: 'Add at least one start time.' },
    ]);
    expect(await storedOffer(offer.id)).toEqual(offer);
    // PUT with status active is refused alike.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/experiences/${offer.id}/`,
      headers: a.owner.headers,
      payload: { ...fullBody, status: 'active' },
    });
    expect(expectError(put, 400, { code: 'not_publishable' }).errors.map((e) => e.attr)).toEqual([
      'images',
      'rates',
      'start_times',
    ]);
    expect(await storedOffer(offer.id)).toEqual(offer);
  });

  it('does not count a rate without a price', async () => {
    const offer = await createExperience(t, a, { description: 'Nice.' });
    await attachImage(t, a.account.id, offer.id, 0);
    await addStartTime(t, a.account.id, offer.id);
    await addRate(t, a.account.id, offer.id);
    const body = expectError(await patch(offer.id, { status: 'active' }), 400, { attr: 'rates' });
    expect(body.errors).toHaveLength(1);
  });

  it('goes Active once sellable; back to Inactive and Draft at any time', async () => {
    const offer = await createExperience(t, a);
    await attachImage(t, a.account.id, offer.id, 0);
    await addRate(t, a.account.id, offer.id, [2500]);
    await addStartTime(t, a.account.id, offer.id);
    // The description arrives in the same request that publishes.
    const res = await patch(offer.id, { status: 'active', description: 'See the old town.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', publish_problems: [], from_price: 2500 });

    // Staying Active: a change that breaks the rule is refused ...
    expectError(await patch(offer.id, { description: '' }), 400, { code: 'not_publishable', attr: 'description' });
    // ... but a gap made elsewhere does not block unrelated edits.
    await t.db.delete(experienceImages).where(eq(experienceImages.experienceId, offer.id));
    const edit = await patch(offer.id, { city: 'Lisbon' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().publish_problems.map((p: { attr: string }) => p.attr)).toEqual(['images']);

    expect((await patch(offer.id, { status: 'inactive' })).json().status).toBe('inactive');
    expectError(await patch(offer.id, { status: 'active' }), 400, { attr: 'images' });
    expect((await patch(offer.id, { status: 'draft' })).json().status).toBe('draft');
  });

  it('publishes an open-dated pass without start times', async () => {
    const pass = await createExperience(t, a, { type: 'ticket', isOpenDated: true, description: 'Any day.' });
    await attachImage(t, a.account.id, pass.id, 0);
    await addRate(t, a.account.id, pass.id, [1000]);
    const res = await patch(pass.id, { status: 'active' });
    expect(res.statusCode, res.body).toBe(200);
    // Turning it into a dated ticket would make it unsellable.
    expectError(await patch(pass.id, { is_open_dated: false }), 400, { attr: 'start_times' });
    expect((await storedOffer(pass.id)).isOpenDated).toBe(true);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingQuestions } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, type TestAccount, useAccount } from '../../test/factories.ts';
import { describeAccess, type ResourceUnderTest, rowsOf } from './booking-info.test-helpers.ts';

const t = useTestApp();
const a = useAccount(t);
const URL = '/api/booking-questions/';
const resource = (): ResourceUnderTest => ({
  t,
  a,
  url: URL,
  table: bookingQuestions,
  body: async (account) => ({ experience_id: (await createExperience(t, account)).id, question: 'Hotel for pick-up?' }),
  patch: { required: true },
});
const post = (body: object, account: TestAccount = a) =>
  t.app.inject({ method: 'POST', url: URL, headers: account.owner.headers, payload: body });
const patchOf = (id: string, payload: object, account: TestAccount = a) =>
  t.app.inject({ method: 'PATCH', url: `${URL}${id}/`, headers: account.owner.headers, payload });
/** The offer's questions as the list shows them by default: `question@position`. */
const order = async (experienceId: string, account: TestAccount = a) =>
  (await t.app.inject({ url: `${URL}?experience=${experienceId}`, headers: account.owner.headers }))
    .json()
    .results.map((q: { question: string; position: number }) => `${q.question}@${q.position}`);

describe('booking questions', () => {
  it('creates, retrieves, replaces, patches and deletes a question', async () => {
    const offer = await createExperience(t, a);
    const created = await post({ experience_id: offer.id, question: ' Dietary needs? ' });
    expect(created.statusCode, created.body).toBe(201);
    const question = created.json();
    expect(question).toMatchObject({
      experience_id: offer.id,
      question: 'Dietary needs?',
      scope: 'booking',
      answer_type: 'text',
      options: [],
      required: false,
      position: 0,
    });
    expect(Object.keys(question).sort()).toEqual(
      ['answer_type', 'created_at', 'experience_id', 'id', 'options', 'position', 'question', 'required', 'scope'].sort(),
    );
    const url = `${URL}${question.id}/`;
    expect((await t.app.inject({ url, headers: a.owner.headers })).json()).toEqual(question);

    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: a.owner.headers,
      payload: {
        experience_id: offer.id,
        question: 'T-shirt size?',
        scope: 'participant',
        answer_type: 'select',
        options: ['S', 'M', 'L'],
        required: true,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({
      ...question,
      question: 'T-shirt size?',
      scope: 'participant',
      answer_type: 'select',
      options: ['S', 'M', 'L'],
      required: true,
    });
    // PUT replaces: left-out fields return to their defaults.
    const reset = await t.app.inject({
      method: 'PUT',
      url,
      headers: a.owner.headers,
      payload: { experience_id: offer.id, question: 'Anything else?' },
    });
    expect(reset.json()).toEqual({ ...question, question: 'Anything else?' });

    const patch = await patchOf(question.id, { answer_type: 'long_text', required: true });
    expect(patch.json()).toMatchObject({ question: 'Anything else?', answer_type: 'long_text', required: true });
    const [row] = await t.db.select().from(bookingQuestions).where(eq(bookingQuestions.id, question.id));
    expect(row).toMatchObject({ answerType: 'long_text', required: true, scope: 'booking', experienceId: offer.id });

    expect((await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers })).statusCode).toBe(204);
    expectError(await t.app.inject({ url, headers: a.owner.headers }), 404, { code: 'not_found' });
    expect(await t.db.select().from(bookingQuestions).where(eq(bookingQuestions.id, question.id))).toEqual([]);
  });

  it('puts a new question last, inserts at a given position and keeps positions 0…n-1', async () => {
    const offer = await createExperience(t, a);
    const ids: Record<string, string> = {};
    for (const q of ['A', 'B', 'C']) ids[q] = (await post({ experience_id: offer.id, question: q })).json().id;
    expect(await order(offer.id)).toEqual(['A@0', 'B@1', 'C@2']);
    // Another offer's list is separate.
    const other = await createExperience(t, a);
    expect((await post({ experience_id: other.id, question: 'Z' })).json().position).toBe(0);

    ids.D = (await post({ experience_id: offer.id, question: 'D', position: 1 })).json().id;
    expect(await order(offer.id)).toEqual(['A@0', 'D@1', 'B@2', 'C@3']);
    // Past the end means last.
    expect((await post({ experience_id: offer.id, question: 'E', position: 99 })).json().position).toBe(4);

    // Moving one shifts the others, as dragging a row does (the editor's up/down buttons).
    expect((await patchOf(ids.C, { position: 0 })).json().position).toBe(0);
    expect(await order(offer.id)).toEqual(['C@0', 'A@1', 'D@2', 'B@3', 'E@4']);
    await patchOf(ids.A, { position: 4 });
    expect(await order(offer.id)).toEqual(['C@0', 'D@1', 'B@2', 'E@3', 'A@4']);
    // A PUT without a position keeps it.
    await t.app.inject({
      method: 'PUT',
      url: `${URL}${ids.B}/`,
      headers: a.owner.headers,
      payload: { experience_id: offer.id, question: 'B2' },
    });
    expect(await order(offer.id)).toEqual(['C@0', 'D@1', 'B2@2', 'E@3', 'A@4']);

    // Deleting closes the gap.
    await t.app.inject({ method: 'DELETE', url: `${URL}${ids.D}/`, headers: a.owner.headers });
    expect(await order(offer.id)).toEqual(['C@0', 'B2@1', 'E@2', 'A@3']);
    expect(await order(other.id)).toEqual(['Z@0']);
  });

  it('keeps positions unique under parallel creates and moves (the offer row is locked)', async () => {
    const offer = await createExperience(t, a);
    const created = await Promise.all(Array.from({ length: 12 }, (_, i) => post({ experience_id: offer.id, question: `Q${i}` })));
    expect(created.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const positions = async () =>
      (await t.db.select().from(bookingQuestions).where(eq(bookingQuestions.experienceId, offer.id)))
        .map((q) => q.position)
        .sort((x, y) => x - y);
    expect(await positions()).toEqual([...Array(12).keys()]);
    const ids = created.map((r) => r.json().id as string);
    await Promise.all(ids.slice(0, 6).map((id, i) => patchOf(id, { position: 11 - i })));
    await Promise.all(
      ids.slice(6, 9).map((id) => t.app.inject({ method: 'DELETE', url: `${URL}${id}/`, headers: a.owner.headers })),
    );
    expect(await positions()).toEqual([...Array(9).keys()]);
  });

  it('checks choice options on create, replace and on the merged patch', async () => {
    const offer = await createExperience(t, a);
    const before = await rowsOf(t, bookingQuestions, a.account.id);
    const base = { experience_id: offer.id, question: 'Size?' };
    for (const [body, detail] of [
      [{ ...base, answer_type: 'select', options: ['M'] }, 'A choice question needs at least two options.'],
      [{ ...base, answer_type: 'select' }, 'A choice question needs at least two options.'],
      [{ ...base, answer_type: 'text', options: ['S', 'M'] }, 'Only choice questions have options.'],
      [{ ...base, options: ['S', 'M'] }, 'Only choice questions have options.'],
      [{ ...base, answer_type: 'select', options: ['S', 's'] }, 'Each option may appear only once.'],
    ] as const) {
      expectError(await post(body), 400, { attr: 'options', detail });
    }
    expectError(await post({ ...base, answer_type: 'select', options: ['S', ' '] }), 400, { attr: 'options.1' });
    expect(await rowsOf(t, bookingQuestions, a.account.id)).toEqual(before);

    const text = (await post(base)).json();
    const select = (await post({ ...base, answer_type: 'select', options: ['S', 'M'] })).json();
    const snapshot = await rowsOf(t, bookingQuestions, a.account.id);
    // Options onto a text question, or a switch to choice without options: refused on the merged result.
    expectError(await patchOf(text.id, { options: ['S', 'M'] }), 400, {
      attr: 'options',
      detail: 'Only choice questions have options.',
    });
    expectError(await patchOf(text.id, { answer_type: 'select' }), 400, {
      attr: 'options',
      detail: 'A choice question needs at least two options.',
    });
    expectError(await patchOf(select.id, { options: ['XL'] }), 400, { attr: 'options' });
    expectError(await patchOf(select.id, { options: [] }), 400, { attr: 'options' });
    // PUT resets the type to text, so options need the type again.
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: `${URL}${select.id}/`,
        headers: a.owner.headers,
        payload: { ...base, options: ['S', 'M'] },
      }),
      400,
      { attr: 'options', detail: 'Only choice questions have options.' },
    );
    expect(await rowsOf(t, bookingQuestions, a.account.id)).toEqual(snapshot);

    const switched = await patchOf(text.id, { answer_type: 'select', options: ['S', 'M', 'L'] });
    expect(switched.json()).toMatchObject({ answer_type: 'select', options: ['S', 'M', 'L'] });
    // Switching away from a choice drops its options.
    const back = await patchOf(select.id, { answer_type: 'yes_no' });
    expect(back.json()).toMatchObject({ answer_type: 'yes_no', options: [] });
    const options = await patchOf(text.id, { options: ['Small', 'Medium'] });
    expect(options.json().options).toEqual(['Small', 'Medium']);
  });

  it('refuses bad input and other accounts’ offers with the error shape, writing nothing', async () => {
    const b = await createAccount(t);
    const theirOffer = await createExperience(t, b);
    const offer = await createExperience(t, a);
    const mine = (await post({ experience_id: offer.id, question: 'Mine?' })).json();
    const before = await rowsOf(t, bookingQuestions, a.account.id);
    const theirsBefore = await rowsOf(t, bookingQuestions, b.account.id);
    const base = { experience_id: offer.id, question: 'Q?' };
    for (const [body, attr, code] of [
      [{ question: 'Q?' }, 'experience_id', 'required'],
      [{ experience_id: offer.id }, 'question', 'required'],
      [{ ...base, question: '  ' }, 'question', undefined],
      [{ ...base, experience_id: 'nope' }, 'experience_id', undefined],
      [{ ...base, experience_id: theirOffer.id }, 'experience_id', 'does_not_exist'],
      [{ ...base, experience_id: '01900000-0000-7000-8000-000000000000' }, 'experience_id', 'does_not_exist'],
      [{ ...base, scope: 'order' }, 'scope', undefined],
      [{ ...base, answer_type: 'file' }, 'answer_type', undefined],
      [{ ...base, required: 'yes' }, 'required', undefined],
      [{ ...base, position: -1 }, 'position', undefined],
      [{ ...base, hint: 'x' }, 'hint', 'unknown_field'],
    ] as const) {
      expectError(await post(body), 400, { attr, ...(code ? { code } : {}) });
    }
    const url = `${URL}${mine.id}/`;
    const headers = a.owner.headers;
    const put = (payload: object) => t.app.inject({ method: 'PUT', url, headers, payload });
    expectError(await put({ experience_id: theirOffer.id, question: 'Moved?' }), 400, {
      attr: 'experience_id',
      code: 'does_not_exist',
    });
    const otherOffer = await createExperience(t, a);
    expectError(await put({ experience_id: otherOffer.id, question: 'Moved?' }), 400, {
      attr: 'experience_id',
      code: 'immutable',
    });
    expectError(await patchOf(mine.id, { experience_id: offer.id }), 400, { attr: 'experience_id', code: 'unknown_field' });
    expectError(await patchOf(mine.id, { question: '' }), 400, { attr: 'question' });
    expect(await rowsOf(t, bookingQuestions, a.account.id)).toEqual(before);
    expect(await rowsOf(t, bookingQuestions, b.account.id)).toEqual(theirsBefore);
  });

  it('filters by offer, searches, orders and pages', async () => {
    const b = await createAccount(t);
    const [first, second] = [await createExperience(t, b), await createExperience(t, b)];
    for (const [experience_id, question] of [
      [first.id, 'Pick-up hotel?'],
      [first.id, 'Allergies?'],
      [second.id, 'Hotel room number?'],
      [first.id, 'Shoe size?'],
    ]) {
      await post({ experience_id, question }, b);
    }
    const list = (query: string) => t.app.inject({ url: `${URL}?${query}`, headers: b.owner.headers });
    const texts = async (query: string) => (await list(query)).json().results.map((q: { question: string }) => q.question);
    expect(await texts(`experience=${first.id}`)).toEqual(['Pick-up hotel?', 'Allergies?', 'Shoe size?']);
    expect(await texts(`experience=${first.id}&ordering=-position`)).toEqual(['Shoe size?', 'Allergies?', 'Pick-up hotel?']);
    expect(await texts(`experience=${second.id}`)).toEqual(['Hotel room number?']);
    expect(await texts('ordering=created_at')).toEqual(['Pick-up hotel?', 'Allergies?', 'Hotel room number?', 'Shoe size?']);
    expect(await texts('search=HOTEL&ordering=-created_at')).toEqual(['Hotel room number?', 'Pick-up hotel?']);
    expect(await texts(`search=hotel&experience=${first.id}`)).toEqual(['Pick-up hotel?']);
    // Another account's offer as a filter finds nothing of theirs.
    expect((await t.app.inject({ url: `${URL}?experience=${first.id}`, headers: a.owner.headers })).json().count).toBe(0);
    const page = await list(`experience=${first.id}&page=2&page_size=2`);
    expect(page.json()).toMatchObject({ count: 3, total_pages: 2, current_page_number: 2, next: null });
    expect(page.json().results.map((q: { question: string }) => q.question)).toEqual(['Shoe size?']);
    expectError(await list('page=2&page_size=5'), 404, { detail: 'Invalid page.' });
    expectError(await list('experience=nope'), 400, { attr: 'experience' });
    expectError(await list('ordering=question'), 400, { attr: 'ordering' });
  });
});

describeAccess('booking questions', resource);

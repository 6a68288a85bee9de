import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cancellationPolicies, experiences } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, type TestAccount, useAccount } from '../../test/factories.ts';
import { describeAccess, type ResourceUnderTest, rowsOf } from './booking-info.test-helpers.ts';

const t = useTestApp();
const a = useAccount(t);
const URL = '/api/cancellation-policies/';
let n = 0;
const resource = (): ResourceUnderTest => ({
  t,
  a,
  url: URL,
  table: cancellationPolicies,
  body: () => ({ name: `Flexible ${++n}`, tiers: [{ hours_before: 24, refund_percent: 100 }] }),
  patch: { description: 'Full refund up to a day before.' },
});
const post = (body: object, account: TestAccount = a) =>
  t.app.inject({ method: 'POST', url: URL, headers: account.owner.headers, payload: body });
const names = (res: { json: () => { results: { name: string }[] } }) => res.json().results.map((r) => r.name);

describe('cancellation policies', () => {
  it('creates (tiers sorted, highest hours first), retrieves, replaces, patches and deletes a policy', async () => {
    const created = await post({
      name: 'Moderate',
      description: ' Half back up to two days before. ',
      tiers: [
        { hours_before: 24, refund_percent: 50 },
        { hours_before: 0, refund_percent: 0 },
        { hours_before: 72, refund_percent: 100 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const policy = created.json();
    expect(policy).toMatchObject({
      name: 'Moderate',
      description: 'Half back up to two days before.',
      tiers: [
        { hours_before: 72, refund_percent: 100 },
        { hours_before: 24, refund_percent: 50 },
        { hours_before: 0, refund_percent: 0 },
      ],
    });
    expect(Object.keys(policy).sort()).toEqual(['created_at', 'description', 'id', 'name', 'tiers']);
    const url = `${URL}${policy.id}/`;
    expect((await t.app.inject({ url, headers: a.owner.headers })).json()).toEqual(policy);

    // PUT replaces: no tiers given means no tiers (nothing refunded).
    const put = await t.app.inject({ method: 'PUT', url, headers: a.owner.headers, payload: { name: 'Strict' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ ...policy, name: 'Strict', description: '', tiers: [] });

    const patch = await t.app.inject({
      method: 'PATCH',
      url,
      headers: a.owner.headers,
      payload: { tiers: [{ hours_before: 168, refund_percent: 80 }] },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ name: 'Strict', description: '', tiers: [{ hours_before: 168, refund_percent: 80 }] });
    const [row] = await t.db.select().from(cancellationPolicies).where(eq(cancellationPolicies.id, policy.id));
    expect(row.tiers).toEqual([{ hours_before: 168, refund_percent: 80 }]);

    expect((await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers })).statusCode).toBe(204);
    expectError(await t.app.inject({ url, headers: a.owner.headers }), 404, { code: 'not_found' });
    expect(await t.db.select().from(cancellationPolicies).where(eq(cancellationPolicies.id, policy.id))).toEqual([]);
  });

  it('refuses bad tiers and names with the error shape and writes nothing', async () => {
    const b = await createAccount(t);
    const kept = (await post({ name: 'Flexible', tiers: [{ hours_before: 24, refund_percent: 100 }] }, b)).json();
    const before = await rowsOf(t, cancellationPolicies, b.account.id);
    const tier = (hours_before: unknown, refund_percent: unknown) => ({ hours_before, refund_percent });
    for (const [body, attr, detail] of [
      [{}, 'name', undefined],
      [{ name: '' }, 'name', 'This field may not be blank.'],
      [{ name: 'X', tiers: [tier(24, 150)] }, 'tiers.0.refund_percent', undefined],
      [{ name: 'X', tiers: [tier(24, -1)] }, 'tiers.0.refund_percent', undefined],
      [{ name: 'X', tiers: [tier(24, 50.5)] }, 'tiers.0.refund_percent', undefined],
      [{ name: 'X', tiers: [tier(-1, 50)] }, 'tiers.0.hours_before', undefined],
      [{ name: 'X', tiers: [tier(1.5, 50)] }, 'tiers.0.hours_before', undefined],
      [{ name: 'X', tiers: [tier(24, 100), tier(24, 50)] }, 'tiers', 'Each tier needs its own number of hours before the start.'],
      [
        { name: 'X', tiers: [tier(48, 50), tier(24, 100)] },
        'tiers',
        'A later cancellation cannot refund more than an earlier one.',
      ],
      [{ name: 'X', tiers: [{ hours_before: 24 }] }, 'tiers.0.refund_percent', undefined],
      [{ name: 'X', tiers: [{ ...tier(24, 50), fee: 1 }] }, 'tiers.0.fee', undefined],
      [{ name: 'X', tiers: Array.from({ length: 11 }, (_, i) => tier(i, 0)) }, 'tiers', undefined],
      [{ name: 'X', tiers: {} }, 'tiers', undefined],
      [{ name: ' FLEXIBLE ' }, 'name', 'A cancellation policy with this name already exists.'],
    ] as const) {
      expectError(await post(body, b), 400, { attr, ...(detail ? { detail } : {}) });
    }
    const url = `${URL}${kept.id}/`;
    const headers = b.owner.headers;
    expectError(await t.app.inject({ method: 'PATCH', url, headers, payload: { tiers: [tier(2, 101)] } }), 400, {
      attr: 'tiers.0.refund_percent',
    });
    expectError(await t.app.inject({ method: 'PUT', url, headers, payload: { tiers: [] } }), 400, {
      attr: 'name',
      code: 'required',
    });
    expect(await rowsOf(t, cancellationPolicies, b.account.id)).toEqual(before);
  });

  it('refuses to delete a policy that offers use, naming how many', async () => {
    const b = await createAccount(t);
    const policy = (await post({ name: 'Non-refundable' }, b)).json();
    const offer = await createExperience(t, b, { cancellationPolicyId: policy.id });
    const url = `${URL}${policy.id}/`;
    const del = () => t.app.inject({ method: 'DELETE', url, headers: b.owner.headers });
    expectError(
      await del(),
      400,
      {
        code: 'in_use',
        detail: 'This cancellation policy is used by 1 offer. Choose another cancellation policy for it first.',
        attr: null,
      },
      'client_error',
    );
    expect(await rowsOf(t, cancellationPolicies, b.account.id)).toHaveLength(1);
    await t.db.update(experiences).set({ cancellationPolicyId: null }).where(eq(experiences.id, offer.id));
    expect((await del()).statusCode).toBe(204);
  });

  it('searches name and description, orders and pages', async () => {
    const b = await createAccount(t);
    for (const [name, description] of [
      ['Strict', 'No refunds.'],
      ['Flexible', 'Full refund until 24 hours before.'],
      ['Moderate', 'Half refund until 48 hours before.'],
    ]) {
      await post({ name, description }, b);
    }
    const list = (query: string) => t.app.inject({ url: `${URL}?${query}`, headers: b.owner.headers });
    expect(names(await list(''))).toEqual(['Flexible', 'Moderate', 'Strict']);
    expect(names(await list('ordering=-name'))).toEqual(['Strict', 'Moderate', 'Flexible']);
    expect(names(await list('ordering=created_at'))).toEqual(['Strict', 'Flexible', 'Moderate']);
    expect(names(await list('search=hours'))).toEqual(['Flexible', 'Moderate']);
    expect(names(await list('search=stri'))).toEqual(['Strict']);
    const page = await list('page=1&page_size=2');
    expect(names(page)).toEqual(['Flexible', 'Moderate']);
    expect(page.json()).toMatchObject({ count: 3, total_pages: 2, current_page_number: 1, previous: null });
    expect(page.json().next).toContain('page=2');
    expectError(await list('page=3&page_size=2'), 404, { detail: 'Invalid page.' });
    expectError(await list('ordering=tiers'), 400, { attr: 'ordering' });
  });
});

describeAccess('cancellation policies', resource);

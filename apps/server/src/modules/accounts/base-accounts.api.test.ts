import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, useAccount } from '../../test/factories.ts';

const t = useTestApp();
const a = useAccount(t);

const accountRow = async (id: string) => (await t.db.select().from(baseAccounts).where(eq(baseAccounts.id, id)))[0];

describe('base accounts', () => {
  it("lists exactly the caller's organization, with its plan and features", async () => {
    await createAccount(t);
    const res = await t.app.inject({ url: '/api/base-accounts/', headers: a.owner.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 1, total_pages: 1, current_page_number: 1 });
    expect(body).toMatchObject({ next: null, previous: null });
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({
      id: a.account.id,
      subdomain: a.subdomain,
      type: 'supplier',
      subscription_tier: { code: 'supplier-pro', name: 'Pro' },
    });
    expect(body.results[0].active_subscription_features).toContain('analytics');
    const page2 = await t.app.inject({ url: '/api/base-accounts/?page=2', headers: a.owner.headers });
    expect(page2.statusCode).toBe(404);
    expect(page2.json()).toEqual({ type: 'client_error', errors: [{ code: 'not_found', detail: 'Invalid page.', attr: null }] });
    const badOrder = await t.app.inject({ url: '/api/base-accounts/?ordering=secret', headers: a.owner.headers });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json()).toMatchObject({ type: 'validation_error', errors: [{ code: 'invalid', attr: 'ordering' }] });
  });

  it('retrieves its own account (any member) and hides others', async () => {
    const b = await createAccount(t, { plan: 'default' });
    const viewer = await createMember(t, a, null);
    const mine = await t.app.inject({ url: `/api/base-accounts/${a.account.id}/`, headers: viewer.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: a.account.id, subdomain: a.subdomain });
    const foreign = await t.app.inject({ url: `/api/base-accounts/${b.account.id}/`, headers: a.owner.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] });
    const own = (await t.app.inject({ url: `/api/base-accounts/${b.account.id}/`, headers: b.owner.headers })).json();
    expect(own.subscription_tier.code).toBe('supplier-starter');
    expect(own.active_subscription_features).not.toContain('stores');
  });

  it('PATCH merges nested sections; PUT replaces them', async () => {
    const url = `/api/base-accounts/${a.account.id}/`;
    const patch = await t.app.inject({
      method: 'PATCH',
      url,
      headers: a.owner.headers,
      payload: { name: 'Alpine Tours', contact_info: { phone: '+41 44 000 00 00' }, profile: { timezone: 'Europe/Zurich' } },
    });
    expect(patch.statusCode).toBe(200);
    const body = patch.json();
    expect(body.name).toBe('Alpine Tours');
    expect(body.contact_info.phone).toBe('+41 44 000 00 00');
    expect(body.contact_info.email).toBe(a.owner.email);
    expect(body.profile).toMatchObject({ timezone: 'Europe/Zurich', currency: 'EUR' });

    const full = {
      name: 'Alpine Tours AG',
      contact_info: { ...body.contact_info, city: 'Zurich' },
      profile: { ...body.profile, time_format: '12h' },
      legal_info: { ...body.legal_info, vat_id: 'CHE-123' },
      billing_info: { ...body.billing_info, country: 'ch' },
    };
    const put = await t.app.inject({ method: 'PUT', url, headers: a.owner.headers, payload: full });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Alpine Tours AG',
      billing_info: { country: 'CH' },
      profile: { time_format: '12h' },
    });
    // What the client reads back afterwards is what PUT answered.
    expect((await t.app.inject({ url, headers: a.owner.headers })).json()).toEqual(put.json());
  });

  it('refuses bad input and writes nothing', async () => {
    const url = `/api/base-accounts/${a.account.id}/`;
    const before = await accountRow(a.account.id);
    const cases = [
      { method: 'PUT' as const, payload: { name: 'Only a name' }, attr: 'contact_info' },
      { method: 'PATCH' as const, payload: { name: 'x' }, attr: 'name' },
      { method: 'PATCH' as const, payload: { profile: { timezone: 'Mars/Olympus' } }, attr: 'profile.timezone' },
      { method: 'PATCH' as const, payload: { contact_info: { website: 'javascript:alert(1)' } }, attr: 'contact_info.website' },
      { method: 'PATCH' as const, payload: { subdomain: 'stolen' }, attr: 'subdomain' },
      { method: 'PATCH' as const, payload: { name: 12 }, attr: 'name' },
    ];
    for (const { method, payload, attr } of cases) {
      const res = await t.app.inject({ method, url, headers: a.owner.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().type).toBe('validation_error');
      expectError(res, 400, { attr });
    }
    const tz = await t.app.inject({
      method: 'PATCH',
      url,
      headers: a.owner.headers,
      payload: { profile: { timezone: 'Mars/Olympus' } },
    });
    expect(tz.json().errors[0].attr).toBe('profile.timezone');
    const stolen = await t.app.inject({ method: 'PATCH', url, headers: a.owner.headers, payload: { subdomain: 'stolen' } });
    expect(stolen.json().errors[0]).toMatchObject({ code: 'unknown_field', attr: 'subdomain' });
    expect(await accountRow(a.account.id)).toEqual(before);
  });

  it("needs 'Manage account' to change, and refuses create and delete with 405", async () => {
    const url = `/api/base-accounts/${a.account.id}/`;
    const before = await accountRow(a.account.id);
    const member = await createMember(t, a, ['Manage users']);
    const denied = await t.app.inject({ method: 'PATCH', url, headers: member.headers, payload: { name: 'Mine now' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].code).toBe('permission_denied');
    expectError(denied, 403, { code: 'permission_denied', attr: null });
    const post = await t.app.inject({ method: 'POST', url: '/api/base-accounts/', headers: a.owner.headers, payload: {} });
    expect(post.statusCode).toBe(405);
    expect(post.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'method_not_allowed' }] });
    expect(post.json().errors[0].detail).toMatch(/registration/);
    expectError(post, 405, { code: 'method_not_allowed', attr: null });
    const del = await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers });
    expect(del.statusCode).toBe(405);
    expect(del.json().errors[0].detail).toMatch(/not self-service/);
    expectError(del, 405, { code: 'method_not_allowed', attr: null });
    expect(await accountRow(a.account.id)).toBeDefined();
    expect(await accountRow(a.account.id)).toEqual(before);
  });
});

describe('subscription tiers, system notifications and app info', () => {
  it('lists tiers with filter and ordering, and retrieves one', async () => {
    const all = (await t.app.inject({ url: '/api/subscription-tiers/', headers: a.owner.headers })).json();
    expect(all.count).toBe(5);
    expect(all).toMatchObject({ total_pages: 1, current_page_number: 1, next: null, previous: null });
    expect(all.results).toHaveLength(5);
    const affiliates = await t.app.inject({
      url: '/api/subscription-tiers/?account_type=affiliate&ordering=-price_minor',
      headers: a.owner.headers,
    });
    expect(affiliates.json().results.map((r: { code: string }) => r.code)).toEqual(['affiliate-pro', 'affiliate-basic']);
    expect(affiliates.json()).toMatchObject({ count: 2, total_pages: 1 });
    const byName = await t.app.inject({ url: '/api/subscription-tiers/?ordering=name&page_size=1', headers: a.owner.headers });
    expect(byName.json().results[0].name).toBe('Affiliate Basic');
    expect(byName.json()).toMatchObject({ count: 5, total_pages: 5, current_page_number: 1, previous: null });
    expect(byName.json().results).toHaveLength(1);
    expect(byName.json().next).toContain('page=2');
    const badOrder = await t.app.inject({ url: '/api/subscription-tiers/?ordering=features', headers: a.owner.headers });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json()).toMatchObject({ type: 'validation_error', errors: [{ attr: 'ordering' }] });
    const badType = await t.app.inject({ url: '/api/subscription-tiers/?account_type=x', headers: a.owner.headers });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({ type: 'validation_error', errors: [{ attr: 'account_type' }] });
    const one = await t.app.inject({ url: `/api/subscription-tiers/${all.results[0].id}/`, headers: a.owner.headers });
    expect(one.json()).toEqual(all.results[0]);
    const anonymous = await t.app.inject({ url: '/api/subscription-tiers/', headers: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'not_authenticated', attr: null }] });
  });

  it('lists and retrieves system notifications', async () => {
    const list = await t.app.inject({ url: '/api/system-notifications/', headers: a.owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().results[0]).toMatchObject({ title: 'Welcome to Excursio', level: 'info' });
    expect(list.json()).toMatchObject({ total_pages: 1, current_page_number: 1, next: null, previous: null });
    expect(list.json().count).toBe(list.json().results.length);
    const id = list.json().results[0].id;
    const one = await t.app.inject({ url: `/api/system-notifications/${id}/`, headers: a.owner.headers });
    expect(one.json().id).toBe(id);
    expect(one.json()).toEqual(list.json().results[0]);
    const none = await t.app.inject({ url: '/api/system-notifications/?search=zzzz', headers: a.owner.headers });
    expect(none.json().count).toBe(0);
    expect(none.json()).toMatchObject({ results: [], total_pages: 1, next: null, previous: null });
  });

  it('serves app info to any signed-in member', async () => {
    const member = await createMember(t, a, null);
    const res = await t.app.inject({ url: '/api/app-info/', headers: member.headers });
    expect(res.statusCode).toBe(200);
    const manageUsers = res.json().permission_sets.find((s: { title: string }) => s.title === 'Manage users');
    expect(manageUsers.codenames).toContain('add_teammember');
  });
});

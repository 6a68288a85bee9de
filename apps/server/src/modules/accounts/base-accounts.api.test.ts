import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccount, createMember, type TestAccount } from '../../test/factories.ts';

let t: TestApp;
let a: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  a = await createAccount(t);
});
afterAll(() => t.close());

const accountRow = async (id: string) => (await t.db.select().from(baseAccounts).where(eq(baseAccounts.id, id)))[0];

describe('base accounts', () => {
  it("lists exactly the caller's organization, with its plan and features", async () => {
    await createAccount(t);
    const res = await t.app.inject({ url: '/api/base-accounts/', headers: a.owner.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 1, total_pages: 1, current_page_number: 1 });
    expect(body.results[0]).toMatchObject({
      id: a.account.id,
      subdomain: a.subdomain,
      type: 'supplier',
      subscription_tier: { code: 'supplier-pro', name: 'Pro' },
    });
    expect(body.results[0].active_subscription_features).toContain('analytics');
    expect((await t.app.inject({ url: '/api/base-accounts/?page=2', headers: a.owner.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/base-accounts/?ordering=secret', headers: a.owner.headers })).statusCode).toBe(400);
  });

  it('retrieves its own account (any member) and hides others', async () => {
    const b = await createAccount(t, { plan: 'default' });
    const viewer = await createMember(t, a, null);
    expect((await t.app.inject({ url: `/api/base-accounts/${a.account.id}/`, headers: viewer.headers })).statusCode).toBe(200);
    const foreign = await t.app.inject({ url: `/api/base-accounts/${b.account.id}/`, headers: a.owner.headers });
    expect(foreign.statusCode).toBe(404);
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
  });

  it('refuses bad input and writes nothing', async () => {
    const url = `/api/base-accounts/${a.account.id}/`;
    const before = await accountRow(a.account.id);
    const cases = [
      { method: 'PUT' as const, payload: { name: 'Only a name' } },
      { method: 'PATCH' as const, payload: { name: 'x' } },
      { method: 'PATCH' as const, payload: { profile: { timezone: 'Mars/Olympus' } } },
      { method: 'PATCH' as const, payload: { contact_info: { website: 'javascript:alert(1)' } } },
      { method: 'PATCH' as const, payload: { subdomain: 'stolen' } },
      { method: 'PATCH' as const, payload: { name: 12 } },
    ];
    for (const { method, payload } of cases) {
      const res = await t.app.inject({ method, url, headers: a.owner.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().type).toBe('validation_error');
    }
    const tz = await t.app.inject({
      method: 'PATCH',
      url,
      headers: a.owner.headers,
      payload: { profile: { timezone: 'Mars/Olympus' } },
    });
    expect(tz.json().errors[0].attr).toBe('profile.timezone');
    expect(await accountRow(a.account.id)).toEqual(before);
  });

  it("needs 'Manage account' to change, and refuses create and delete with 405", async () => {
    const url = `/api/base-accounts/${a.account.id}/`;
    const member = await createMember(t, a, ['Manage users']);
    const denied = await t.app.inject({ method: 'PATCH', url, headers: member.headers, payload: { name: 'Mine now' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].code).toBe('permission_denied');
    const post = await t.app.inject({ method: 'POST', url: '/api/base-accounts/', headers: a.owner.headers, payload: {} });
    expect(post.statusCode).toBe(405);
    expect(post.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'method_not_allowed' }] });
    expect(post.json().errors[0].detail).toMatch(/registration/);
    const del = await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers });
    expect(del.statusCode).toBe(405);
    expect(del.json().errors[0].detail).toMatch(/not self-service/);
    expect(await accountRow(a.account.id)).toBeDefined();
  });
});

describe('subscription tiers, system notifications and app info', () => {
  it('lists tiers with filter and ordering, and retrieves one', async () => {
    const all = (await t.app.inject({ url: '/api/subscription-tiers/', headers: a.owner.headers })).json();
    expect(all.count).toBe(5);
    const affiliates = await t.app.inject({
      url: '/api/subscription-tiers/?account_type=affiliate&ordering=-price_minor',
      headers: a.owner.headers,
    });
    expect(affiliates.json().results.map((r: { code: string }) => r.code)).toEqual(['affiliate-pro', 'affiliate-basic']);
    const byName = await t.app.inject({ url: '/api/subscription-tiers/?ordering=name&page_size=1', headers: a.owner.headers });
    expect(byName.json().results[0].name).toBe('Affiliate Basic');
    expect((await t.app.inject({ url: '/api/subscription-tiers/?ordering=features', headers: a.owner.headers })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: '/api/subscription-tiers/?account_type=x', headers: a.owner.headers })).statusCode).toBe(
      400,
    );
    const one = await t.app.inject({ url: `/api/subscription-tiers/${all.results[0].id}/`, headers: a.owner.headers });
    expect(one.json()).toEqual(all.results[0]);
    expect((await t.app.inject({ url: '/api/subscription-tiers/', headers: {} })).statusCode).toBe(401);
  });

  it('lists and retrieves system notifications', async () => {
    const list = await t.app.inject({ url: '/api/system-notifications/', headers: a.owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().results[0]).toMatchObject({ title: 'Welcome to Excursio', level: 'info' });
    const id = list.json().results[0].id;
    expect((await t.app.inject({ url: `/api/system-notifications/${id}/`, headers: a.owner.headers })).json().id).toBe(id);
    expect((await t.app.inject({ url: '/api/system-notifications/?search=zzzz', headers: a.owner.headers })).json().count).toBe(
      0,
    );
  });

  it('serves app info to any signed-in member', async () => {
    const member = await createMember(t, a, null);
    const res = await t.app.inject({ url: '/api/app-info/', headers: member.headers });
    expect(res.statusCode).toBe(200);
    const manageUsers = res.json().permission_sets.find((s: { title: string }) => s.title === 'Manage users');
    expect(manageUsers.codenames).toContain('add_teammember');
  });
});

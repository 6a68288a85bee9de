import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionSets, rolePermissionSets, roles } from '../../db/schema/team.ts';
import { useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, useAccount } from '../../test/factories.ts';

const t = useTestApp();
const a = useAccount(t);
let setIds: Record<string, string>;

beforeAll(async () => {
  setIds = Object.fromEntries((await t.db.select().from(permissionSets)).map((s) => [s.title, s.id]));
});

const rolesOf = async (accountId: string) => t.db.select().from(roles).where(eq(roles.accountId, accountId));
/** A role row and its permission-set ids, as stored. */
const stored = async (roleId: string) => ({
  role: (await t.db.select().from(roles).where(eq(roles.id, roleId)))[0],
  sets: (await t.db.select().from(rolePermissionSets).where(eq(rolePermissionSets.roleId, roleId)))
    .map((r) => r.permissionSetId)
    .sort(),
});

const create = (body: unknown, headers = a.owner.headers) =>
  t.app.inject({ method: 'POST', url: '/api/roles/', headers, payload: body as object });

describe('roles', () => {
  it('lists the preset roles with permission sets and member counts', async () => {
    const res = await t.app.inject({ url: '/api/roles/?page_size=50', headers: a.owner.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results.map((r: { name: string }) => r.name)).toEqual([
      'Content editor',
      'Manager',
      'Owner',
      'Sales agent',
      'Viewer',
    ]);
    const owner = body.results.find((r: { is_owner: boolean }) => r.is_owner);
    expect(owner.members_count).toBe(1);
    expect(owner.permission_sets).toHaveLength(9);
    const viewer = body.results.find((r: { name: string }) => r.name === 'Viewer');
    expect(viewer.permission_sets.map((s: { title: string }) => s.title)).toEqual(['View experiences']);
    expect(body).toMatchObject({ count: 5, total_pages: 1, current_page_number: 1, next: null, previous: null });
  });

  it('creates, retrieves, replaces, patches and deletes a role', async () => {
    const created = await create({ name: 'Guide', permission_set_ids: [setIds['View experiences']] });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({ name: 'Guide', description: '', is_owner: false, members_count: 0 });
    expect(role.permission_sets[0].title).toBe('View experiences');

    const got = await t.app.inject({ url: `/api/roles/${role.id}/`, headers: a.owner.headers });
    expect(got.json()).toEqual(role);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${role.id}/`,
      headers: a.owner.headers,
      payload: { name: 'Senior guide', description: 'Leads tours', permission_set_ids: [setIds['Manage orders']] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Senior guide', description: 'Leads tours' });
    expect(put.json().permission_sets.map((s: { title: string }) => s.title)).toEqual(['Manage orders']);

    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/roles/${role.id}/`,
      headers: a.owner.headers,
      payload: { description: 'Only this' },
    });
    expect(patch.json()).toMatchObject({ name: 'Senior guide', description: 'Only this' });
    expect(patch.json().permission_sets).toHaveLength(1);
    expect(patch.json().permission_sets[0].title).toBe('Manage orders');

    const del = await t.app.inject({ method: 'DELETE', url: `/api/roles/${role.id}/`, headers: a.owner.headers });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/roles/${role.id}/`, headers: a.owner.headers })).statusCode).toBe(404);
    expectError(await t.app.inject({ url: `/api/roles/${role.id}/`, headers: a.owner.headers }), 404, { code: 'not_found' });
    expect(await stored(role.id)).toEqual({ role: undefined, sets: [] });
  });

  it('refuses a duplicate name case-insensitively and unknown permission sets, writing nothing', async () => {
    const before = (await rolesOf(a.account.id)).length;
    const dup = await create({ name: 'manager' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'unique', detail: 'A role with this name already exists.', attr: 'name' }],
    });
    const unknown = await create({ name: 'Ghost', permission_set_ids: ['0190f0c8-7b7d-7cc2-8f5e-2d5a1b1c9a01'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].attr).toBe('permission_set_ids');
    expectError(unknown, 400, { attr: 'permission_set_ids' });
    expect((await rolesOf(a.account.id)).length).toBe(before);
  });

  it('refuses bad input with the error shape and writes nothing', async () => {
    const before = (await rolesOf(a.account.id)).length;
    for (const [body, attr] of [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'X', extra: true }, 'extra'],
      [{ name: 'X', permission_set_ids: ['nope'] }, 'permission_set_ids.0'],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().type).toBe('validation_error');
      expect(res.json().errors.length).toBeGreaterThan(0);
      expectError(res, 400, { attr });
    }
    expect((await create({ name: 'X', extra: true })).json().errors[0]).toMatchObject({ code: 'unknown_field', attr: 'extra' });
    expect((await create({})).json().errors[0]).toMatchObject({ code: 'required', attr: 'name' });
    expect((await rolesOf(a.account.id)).length).toBe(before);
  });

  it('protects the Owner role and roles with members', async () => {
    const url = `/api/roles/${a.ownerRoleId}/`;
    const ownerBefore = await stored(a.ownerRoleId);
    const patch = await t.app.inject({ method: 'PATCH', url, headers: a.owner.headers, payload: { name: 'Boss' } });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().errors[0].detail).toMatch(/Owner role cannot be changed/);
    const del = await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers });
    expect(del.statusCode).toBe(400);
    expect(del.json().errors[0].detail).toMatch(/Owner role cannot be deleted/);
    expectError(patch, 400, { code: 'owner_role', detail: /Owner role cannot be changed/, attr: null }, 'client_error');
    expectError(del, 400, { code: 'owner_role', detail: /Owner role cannot be deleted/, attr: null }, 'client_error');
    expect(await stored(a.ownerRoleId)).toEqual(ownerBefore);

    const member = await createMember(t, a, ['View experiences']);
    await createMember(t, a, null);
    const inUse = await t.app.inject({ method: 'DELETE', url: `/api/roles/${member.role?.id}/`, headers: a.owner.headers });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().errors[0].detail).toBe('This role is assigned to 1 team member. Assign them another role first.');
    expectError(
      inUse,
      400,
      { code: 'role_in_use', detail: 'This role is assigned to 1 team member. Assign them another role first.', attr: null },
      'client_error',
    );
    expect((await stored(member.role?.id ?? '')).role).toBeTruthy();
  });

  it("refuses to strip 'Manage users' from the caller's own role, but not from others", async () => {
    const admin = await createMember(t, a, ['Manage users', 'View experiences']);
    const own = `/api/roles/${admin.role?.id}/`;
    const before = await stored(admin.role?.id ?? '');
    const strip = await t.app.inject({
      method: 'PATCH',
      url: own,
      headers: admin.headers,
      payload: { permission_set_ids: [setIds['View experiences']] },
    });
    expect(strip.statusCode).toBe(400);
    expect(strip.json().errors[0]).toMatchObject({ attr: 'permission_set_ids', code: 'self_lockout' });
    expectError(strip, 400, { attr: 'permission_set_ids', code: 'self_lockout' });
    expect(await stored(admin.role?.id ?? '')).toEqual(before);
    const keep = await t.app.inject({
      method: 'PATCH',
      url: own,
      headers: admin.headers,
      payload: { permission_set_ids: [setIds['Manage users'], setIds['Manage orders']] },
    });
    expect(keep.statusCode).toBe(200);
    expect(
      keep
        .json()
        .permission_sets.map((p: { title: string }) => p.title)
        .sort(),
    ).toEqual(['Manage orders', 'Manage users']);
    // The owner may change that role freely.
    const byOwner = await t.app.inject({
      method: 'PATCH',
      url: own,
      headers: a.owner.headers,
      payload: { permission_set_ids: [] },
    });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().permission_sets).toEqual([]);
    expect((await t.app.inject({ url: '/api/roles/', headers: admin.headers })).statusCode).toBe(403);
    expectError(await t.app.inject({ url: '/api/roles/', headers: admin.headers }), 403, { code: 'permission_denied' });
  });

  it('searches, orders and pages', async () => {
    const b = await createAccount(t);
    for (const name of ['Alpha desk', 'Beta desk', 'Gamma desk']) await create({ name }, b.owner.headers);
    const search = await t.app.inject({ url: '/api/roles/?search=DESK&ordering=-name', headers: b.owner.headers });
    expect(search.json().results.map((r: { name: string }) => r.name)).toEqual(['Gamma desk', 'Beta desk', 'Alpha desk']);
    expect(search.json()).toMatchObject({ count: 3, total_pages: 1, next: null, previous: null });
    const byMembers = await t.app.inject({ url: '/api/roles/?ordering=-members_count&page_size=1', headers: b.owner.headers });
    expect(byMembers.json().results[0].name).toBe('Owner');
    expect(byMembers.json()).toMatchObject({ count: 8, total_pages: 8, current_page_number: 1, previous: null });
    expect(byMembers.json().next).toContain('page=2');
    const page = await t.app.inject({ url: '/api/roles/?page=2&page_size=5', headers: b.owner.headers });
    expect(page.json()).toMatchObject({ count: 8, total_pages: 2, current_page_number: 2, next: null });
    expect(page.json().previous).toContain('page=1');
    expect(page.json().results).toHaveLength(3);
    expect((await t.app.inject({ url: '/api/roles/?page=3&page_size=5', headers: b.owner.headers })).statusCode).toBe(404);
    expectError(await t.app.inject({ url: '/api/roles/?page=3&page_size=5', headers: b.owner.headers }), 404, {
      code: 'not_found',
      detail: 'Invalid page.',
    });
    const badOrder = await t.app.inject({ url: '/api/roles/?ordering=description', headers: b.owner.headers });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().errors[0].attr).toBe('ordering');
    expectError(badOrder, 400, { attr: 'ordering' });
    const wildcard = await t.app.inject({ url: '/api/roles/?search=%25', headers: b.owner.headers });
    expect(wildcard.json().count).toBe(0);
    expect(wildcard.json().results).toEqual([]);
  });
});

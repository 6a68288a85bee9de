import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema/team.ts';
import { authTokens, refreshTokens, users } from '../../db/schema/users.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { cookieOf, GOOD_PASSWORD, lastMailTo } from '../../test/auth-flows.ts';
import { expectError } from '../../test/errors.ts';
import { authHeaders, createAccount, createMember, createRole, useAccount, userByEmail } from '../../test/factories.ts';
import { cookieNames } from '../auth/cookies.ts';

const t = useTestApp();
const a = useAccount(t);

const membersOf = async (accountId: string) => t.db.select().from(teamMembers).where(eq(teamMembers.accountId, accountId));
const invite = (body: object, account = a) =>
  t.app.inject({ method: 'POST', url: '/api/team-members/', headers: account.owner.headers, payload: body });
/** The token of the newest invitation mailed to `email`. */
const inviteToken = async (email: string) => (await lastMailTo(t, email)).token ?? '';
const accept = (token: string, subdomain: string | null = a.subdomain, password = GOOD_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/team-members/accept-invite/',
    headers: hostHeaders(subdomain),
    payload: { token, password },
  });

describe('team members', () => {
  it('invites by email, and the invited person joins with the role', async () => {
    const role = await createRole(t, a, ['Manage users']);
    const email = `New.Person-${randomUUID().slice(0, 6)}@Example.com`;
    const res = await invite({ email, first_name: 'Nina', role_id: role.id });
    expect(res.statusCode).toBe(201);
    const member = res.json();
    expect(member).toMatchObject({
      email: email.toLowerCase(),
      first_name: 'Nina',
      last_name: '',
      status: 'invited',
      role: { id: role.id, name: role.name },
      is_owner: false,
      joined_at: null,
    });
    const mail = t.mailer.outbox?.at(-1);
    expect(mail?.to).toBe(email.toLowerCase());
    expect(mail?.subject).toBe(`You are invited to join Org ${a.subdomain} on Excursio`);
    expect(mail?.text).toContain(`http://${a.subdomain}.${t.config.APP_DOMAIN}/auth/accept-invite?token=`);
    const token = await inviteToken(email.toLowerCase());
    expect(token).toMatch(/^\S{20,}$/);
    const [stored] = await t.db.select().from(authTokens).where(eq(authTokens.subjectId, member.id));
    expect(stored.kind).toBe('invite');
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    // Not on the organization's address: refused, and the token still works afterwards.
    const bare = await accept(token, null);
    expect(bare.statusCode).toBe(400);
    expectError(bare, 400, { code: 'wrong_tenant', attr: null }, 'client_error');
    const other = await createAccount(t);
    const foreign = await accept(token, other.subdomain);
    expect(foreign.json().errors[0].attr).toBe('token');
    expectError(foreign, 400, { attr: 'token' });
    const weak = await accept(token, a.subdomain, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].attr).toBe('password');
    // The refused attempts created no login.
    expect(await userByEmail(t, email.toLowerCase())).toBeUndefined();

    const ok = await accept(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ subdomain: a.subdomain, redirect_url: `http://${a.subdomain}.${t.config.APP_DOMAIN}/dashboard` });
    // Signed in at once: the answer carries this organization's session cookies, and they work.
    const names = cookieNames(t.config);
    const session = `${names.access}=${cookieOf(ok, names.access)?.value}; ${names.refresh}=${cookieOf(ok, names.refresh)?.value}`;
    expect(cookieOf(ok, names.access)?.httpOnly).toBe(true);
    expect(cookieOf(ok, names.session)?.value).toMatch(/^\d+$/);
    const me = await t.app.inject({ url: '/api/users/me/', headers: { ...hostHeaders(a.subdomain), cookie: session } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email: email.toLowerCase(), first_name: 'Nina', base_account: { subdomain: a.subdomain } });
    const again = await accept(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ attr: 'token', detail: 'Invalid or expired invitation.' });
    expectError(again, 400, { attr: 'token', detail: 'Invalid or expired invitation.' });

    const user = await userByEmail(t, email.toLowerCase());
    expect(user.isActive).toBe(true);
    const joined = (await t.app.inject({ url: `/api/team-members/${member.id}/`, headers: a.owner.headers })).json();
    expect(joined.status).toBe('active');
    expect(joined.joined_at).not.toBeNull();

    const headers = await authHeaders(t, { id: user.id, accountId: a.account.id }, a.subdomain);
    const info = await t.app.inject({ url: '/api/app-info/', headers });
    expect(info.statusCode).toBe(200);
    expect(info.json().permission_sets).toHaveLength(9);
    expect((await t.app.inject({ url: '/api/team-members/', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/base-accounts/${a.account.id}/`, headers })).statusCode).toBe(200);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/base-accounts/${a.account.id}/`,
      headers,
      payload: { name: 'Nope' },
    });
    expect(edit.statusCode).toBe(403);
    expectError(edit, 403, { code: 'permission_denied', attr: null });
  });

  it("opens an invitation with the organization, the email and the inviter's names, without using it up", async () => {
    const role = await createRole(t, a, ['View experiences']);
    const email = `details-${randomUUID().slice(0, 6)}@example.com`;
    await invite({ email, first_name: 'Olga', last_name: 'Ortiz', role_id: role.id });
    const token = await inviteToken(email);
    const details = (tokenValue: string, subdomain: string | null = a.subdomain) =>
      t.app.inject({
        method: 'POST',
        url: '/api/team-members/invitation/',
        headers: hostHeaders(subdomain),
        payload: { token: tokenValue },
      });
    const res = await details(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ organization_name: `Org ${a.subdomain}`, email, first_name: 'Olga', last_name: 'Ortiz' });
    // Reading it twice is fine: only accepting uses the token.
    expect((await details(token)).statusCode).toBe(200);
    // Another organization's address, the bare domain, an unknown token: nothing is revealed.
    const other = await createAccount(t);
    expectError(await details(token, other.subdomain), 400, { attr: 'token', code: 'invalid_token' });
    expectError(await details(token, null), 400, { code: 'wrong_tenant', attr: null }, 'client_error');
    expectError(await details('x'.repeat(43)), 400, { attr: 'token', code: 'invalid_token' });
    // Accepted, the invitation is gone.
    expect((await accept(token)).statusCode).toBe(200);
    expectError(await details(token), 400, { attr: 'token', detail: 'Invalid or expired invitation.' });
  });

  it('consumes a token exactly once under 10 parallel accepts', async () => {
    const role = await createRole(t, a, ['View experiences']);
    const email = `race-${randomUUID().slice(0, 6)}@example.com`;
    const created = (await invite({ email, role_id: role.id })).json();
    const token = await inviteToken(email);
    const results = await Promise.all(Array.from({ length: 10 }, () => accept(token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(400)]);
    for (const r of results.filter((x) => x.statusCode === 400)) expectError(r, 400, { attr: 'token' });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const [member] = await t.db.select().from(teamMembers).where(eq(teamMembers.id, created.id));
    expect(member.status).toBe('active');
  });

  it('refuses known emails, the Owner role and foreign roles, writing nothing', async () => {
    const before = (await membersOf(a.account.id)).length;
    const member = await createMember(t, a, ['View experiences']);
    const b = await createAccount(t);
    const mailsBefore = t.mailer.outbox?.length ?? 0;
    const inTeam = await invite({ email: member.email.toUpperCase(), role_id: member.role?.id });
    expect(inTeam.json().errors[0]).toMatchObject({ attr: 'email', detail: 'This person is already a member of your team.' });
    expectError(inTeam, 400, { attr: 'email', detail: 'This person is already a member of your team.' });
    const elsewhere = await invite({ email: b.owner.email, role_id: member.role?.id });
    expect(elsewhere.json().errors[0]).toMatchObject({
      attr: 'email',
      detail: 'This email already belongs to an Excursio account.',
    });
    expectError(elsewhere, 400, { attr: 'email', detail: 'This email already belongs to an Excursio account.' });
    const owner = await invite({ email: 'x1@example.com', role_id: a.ownerRoleId });
    expect(owner.json().errors[0]).toMatchObject({ attr: 'role_id', code: 'owner_role' });
    expectError(owner, 400, { attr: 'role_id', code: 'owner_role' });
    const foreign = await invite({ email: 'x2@example.com', role_id: b.ownerRoleId });
    expect(foreign.json().errors[0]).toMatchObject({ attr: 'role_id', code: 'does_not_exist' });
    expectError(foreign, 400, { attr: 'role_id', code: 'does_not_exist' });
    for (const [body, attr] of [
      [{}, 'email'],
      [{ email: 'not-an-email', role_id: member.role?.id }, 'email'],
      [{ email: 'x3@example.com' }, 'role_id'],
      [{ email: 1 }, 'email'],
    ] as const) {
      const res = await invite(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('validation_error');
      expectError(res, 400, { attr });
    }
    const unknown = await invite({ email: 'x4@example.com', role_id: member.role?.id, is_owner: true });
    expect(unknown.json().errors[0]).toMatchObject({ code: 'unknown_field', attr: 'is_owner' });
    expectError(unknown, 400, { code: 'unknown_field', attr: 'is_owner' });
    expect((await membersOf(a.account.id)).length).toBe(before + 1);
    // Scoped to the addresses tried: PostgreSQL test files share one database.
    const tried = ['x1@example.com', 'x2@example.com', 'x3@example.com', 'x4@example.com', 'not-an-email'];
    expect(await t.db.$count(users, inArray(users.email, tried))).toBe(0);
    expect(await t.db.$count(teamMembers, inArray(teamMembers.email, tried))).toBe(0);
    expect((await userByEmail(t, b.owner.email)).accountId).toBe(b.account.id);
    expect(t.mailer.outbox?.length ?? 0).toBe(mailsBefore);
  });

  it('re-sends an invitation; only the newest link works', async () => {
    const role = await createRole(t, a, []);
    const email = `resend-${randomUUID().slice(0, 6)}@example.com`;
    const created = (await invite({ email, role_id: role.id })).json();
    const first = await inviteToken(email);
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/team-members/${created.id}/resend-invite/`,
      headers: a.owner.headers,
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ id: created.id, status: 'invited' });
    const second = await inviteToken(email);
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(400);
    expectError(await accept(first), 400, { attr: 'token' });
    expect((await accept(second)).statusCode).toBe(200);
    const joinedResend = await t.app.inject({
      method: 'POST',
      url: `/api/team-members/${created.id}/resend-invite/`,
      headers: a.owner.headers,
    });
    expect(joinedResend.statusCode).toBe(400);
    expectError(joinedResend, 400, { code: 'already_joined', attr: null }, 'client_error');
  });

  it('withdrawing an invitation kills its link', async () => {
    const role = await createRole(t, a, []);
    const email = `withdrawn-${randomUUID().slice(0, 6)}@example.com`;
    const created = (await invite({ email, role_id: role.id })).json();
    const token = await inviteToken(email);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/team-members/${created.id}/`, headers: a.owner.headers });
    expect(del.statusCode).toBe(204);
    const refused = await accept(token);
    expect(refused.statusCode).toBe(400);
    expectError(refused, 400, { attr: 'token', detail: 'Invalid or expired invitation.' });
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.id, created.id))).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('changes names and role, deactivates (revoking sessions) and reactivates', async () => {
    const member = await createMember(t, a, ['View experiences']);
    const [row] = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, member.id));
    const url = `/api/team-members/${row.id}/`;
    const other = await createRole(t, a, ['Manage orders']);
    const patch = await t.app.inject({
      method: 'PATCH',
      url,
      headers: a.owner.headers,
      payload: { first_name: 'Maya', role_id: other.id },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ first_name: 'Maya', last_name: 'Member', role: { id: other.id } });
    expect((await userByEmail(t, member.email)).firstName).toBe('Maya');

    await t.db.insert(refreshTokens).values({
      userId: member.id,
      familyId: randomUUID(),
      tokenHash: randomUUID(),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const off = await t.app.inject({ method: 'PUT', url, headers: a.owner.headers, payload: { status: 'deactivated' } });
    expect(off.json().status).toBe('deactivated');
    const tokens = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, member.id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((tk) => tk.revokedAt !== null)).toBe(true);
    expect((await t.app.inject({ url: '/api/app-info/', headers: member.headers })).statusCode).toBe(401);
    expectError(await t.app.inject({ url: '/api/app-info/', headers: member.headers }), 401, { code: 'not_authenticated' });
    const on = await t.app.inject({ method: 'PATCH', url, headers: a.owner.headers, payload: { status: 'active' } });
    expect(on.json().status).toBe('active');
    expect((await t.app.inject({ url: '/api/app-info/', headers: member.headers })).statusCode).toBe(200);
  });

  it('protects the owner and the caller themselves', async () => {
    const admin = await createMember(t, a, ['Manage users']);
    const [ownerRow] = await t.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.accountId, a.account.id), eq(teamMembers.isOwner, true)));
    const ownerUrl = `/api/team-members/${ownerRow.id}/`;
    const role = await createRole(t, a, ['Manage users']);
    for (const payload of [{ status: 'deactivated' }, { role_id: role.id }]) {
      const res = await t.app.inject({ method: 'PATCH', url: ownerUrl, headers: admin.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('owner_member');
      expectError(res, 400, { code: 'owner_member', attr: null }, 'client_error');
    }
    const deleteOwner = await t.app.inject({ method: 'DELETE', url: ownerUrl, headers: admin.headers });
    expect(deleteOwner.statusCode).toBe(400);
    expectError(deleteOwner, 400, { code: 'owner_member', attr: null }, 'client_error');
    expect((await t.db.select().from(teamMembers).where(eq(teamMembers.id, ownerRow.id)))[0]).toEqual(ownerRow);
    const names = await t.app.inject({
      method: 'PATCH',
      url: ownerUrl,
      headers: a.owner.headers,
      payload: { last_name: 'Boss' },
    });
    expect(names.statusCode).toBe(200);
    expect(names.json().last_name).toBe('Boss');

    const [selfRow] = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, admin.id));
    const selfUrl = `/api/team-members/${selfRow.id}/`;
    const deactivate = await t.app.inject({
      method: 'PATCH',
      url: selfUrl,
      headers: admin.headers,
      payload: { status: 'deactivated' },
    });
    expect(deactivate.json().errors[0].code).toBe('self_deactivation');
    expectError(deactivate, 400, { code: 'self_deactivation', attr: null }, 'client_error');
    const deleteSelf = await t.app.inject({ method: 'DELETE', url: selfUrl, headers: admin.headers });
    expect(deleteSelf.statusCode).toBe(400);
    expectError(deleteSelf, 400, { code: 'self_removal', attr: null }, 'client_error');
    const viewer = await createRole(t, a, ['View experiences']);
    const demote = await t.app.inject({ method: 'PATCH', url: selfUrl, headers: admin.headers, payload: { role_id: viewer.id } });
    expect(demote.json().errors[0]).toMatchObject({ attr: 'role_id', code: 'self_lockout' });
    expectError(demote, 400, { attr: 'role_id', code: 'self_lockout' });
    expect((await t.db.select().from(teamMembers).where(eq(teamMembers.id, selfRow.id)))[0]).toEqual(selfRow);
  });

  it('deletes a member together with their login', async () => {
    const member = await createMember(t, a, ['View experiences']);
    const [row] = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, member.id));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/team-members/${row.id}/`, headers: a.owner.headers });
    expect(del.statusCode).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(0);
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.id, row.id))).toHaveLength(0);
    expect((await t.app.inject({ url: '/api/app-info/', headers: member.headers })).statusCode).toBe(401);
  });

  it('filters, searches, orders and pages', async () => {
    const b = await createAccount(t);
    const role = await createRole(t, b, ['View experiences']);
    for (const name of ['Zed', 'Yan', 'Xia']) {
      await invite(
        { email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`, first_name: name, role_id: role.id },
        b,
      );
    }
    const list = (query: string) => t.app.inject({ url: `/api/team-members/${query}`, headers: b.owner.headers });
    expect((await list('?status=invited')).json().count).toBe(3);
    expect((await list('?status=active')).json().count).toBe(1);
    expect(
      (await list(`?role=${role.id}&ordering=first_name`)).json().results.map((m: { first_name: string }) => m.first_name),
    ).toEqual(['Xia', 'Yan', 'Zed']);
    expect((await list('?search=ya')).json().results[0].first_name).toBe('Yan');
    expect((await list('?search=OWNER-')).json().count).toBe(1);
    const page = (await list('?page_size=2&page=2&ordering=-email')).json();
    expect(page).toMatchObject({ count: 4, total_pages: 2, current_page_number: 2 });
    expect(page).toMatchObject({ next: null });
    expect(page.previous).toContain('page=1');
    expect(page.results).toHaveLength(2);
    const first = (await list('?page_size=2&page=1&ordering=-email')).json();
    expect(first).toMatchObject({ count: 4, total_pages: 2, current_page_number: 1, previous: null });
    expect(first.next).toContain('page=2');
    const emails = [...first.results, ...page.results].map((m: { email: string }) => m.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect((await list('?page=3&page_size=2')).statusCode).toBe(404);
    expectError(await list('?page=3&page_size=2'), 404, { code: 'not_found', detail: 'Invalid page.' });
    expect((await list('?ordering=password')).statusCode).toBe(400);
    expectError(await list('?ordering=password'), 400, { attr: 'ordering' });
    expect((await list('?status=gone')).statusCode).toBe(400);
    expectError(await list('?status=gone'), 400, { attr: 'status' });
    expect((await list('?colour=red')).json().errors[0].code).toBe('unknown_field');
    expectError(await list('?colour=red'), 400, { code: 'unknown_field', attr: 'colour' });
  });
});

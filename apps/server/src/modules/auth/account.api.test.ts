import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema/team.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { lastMailTo, post, registerActive, signIn } from '../../test/auth-flows.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, userByEmail } from '../../test/factories.ts';

const t = useTestApp();

const call = (
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('password and email reset', () => {
  it('answers reset_password the same for unknown emails; the token is single-use even in parallel', async () => {
    const user = await registerActive(t);
    const sent = t.mailer.outbox?.length ?? 0;
    const unknown = await post(t, '/api/users/reset_password/', { email: 'nobody-at-all@example.com' });
    const known = await post(t, '/api/users/reset_password/', { email: user.email });
    expect([unknown.statusCode, known.statusCode]).toEqual([204, 204]);
    expect(unknown.body).toBe(known.body);
    await t.settled();
    expect(t.mailer.outbox?.length).toBe(sent + 1);
    const mail = await lastMailTo(t, user.email);
    expect(mail.subject).toBe('Reset your Excursio password');
    expect(mail.link).toMatch(
      new RegExp(`^http://${user.subdomain}\\.${t.config.APP_DOMAIN.replace('.', '\\.')}/auth/reset-password\\?token=`),
    );

    const common = await post(t, '/api/users/reset_password_confirm/', { token: mail.token, new_password: 'qwertyuiop' });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors[0].attr).toBe('new_password');
    expectError(common, 400, { attr: 'new_password' });

    const session = await signIn(t, user, user.subdomain);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post(t, '/api/users/reset_password_confirm/', { token: mail.token, new_password: `Fresh-secret-${i}-xyz` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 204)).toHaveLength(1);
    expect(results.filter((x) => x.statusCode !== 204)).toHaveLength(4);
    for (const r of results.filter((x) => x.statusCode !== 204)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().errors[0]).toMatchObject({ attr: 'token', detail: 'Invalid or expired token.' });
      expectError(r, 400, { attr: 'token', detail: 'Invalid or expired token.' });
    }
    const winner = results.findIndex((r) => r.statusCode === 204);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/jwt/refresh/', headers: session.headers });
    expect(refreshed.statusCode).toBe(401);
    await signIn(t, { email: user.email, password: `Fresh-secret-${winner}-xyz` }, user.subdomain);
  });

  it('changes the email by mailed link (current address) and refuses a taken one', async () => {
    const user = await registerActive(t);
    const other = await registerActive(t);
    expect((await post(t, '/api/users/reset_email/', { email: user.email })).statusCode).toBe(204);
    const mail = await lastMailTo(t, user.email);
    expect(mail.link).toContain(`http://${user.subdomain}.${t.config.APP_DOMAIN}/auth/reset-email?token=`);
    const taken = await post(t, '/api/users/reset_email_confirm/', { token: mail.token, new_email: other.email });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0].attr).toBe('new_email');
    expectError(taken, 400, { attr: 'new_email' });
    expect((await userByEmail(t, user.email)).email).toBe(user.email);
    const fresh = `renamed-${user.email}`;
    expect((await post(t, '/api/users/reset_email_confirm/', { token: mail.token, new_email: fresh })).statusCode).toBe(204);
    expect((await post(t, '/api/users/reset_email_confirm/', { token: mail.token, new_email: `x${fresh}` })).statusCode).toBe(
      400,
    );
    const reused = await post(t, '/api/users/reset_email_confirm/', { token: mail.token, new_email: `y${fresh}` });
    expectError(reused, 400, { attr: 'token', detail: 'Invalid or expired token.' });
    expect(await userByEmail(t, `x${fresh}`)).toBeUndefined();
    await signIn(t, { email: fresh, password: user.password }, user.subdomain);
  });

  it('set_email needs the password, refuses a taken address and updates the team member', async () => {
    const account = await createAccount(t);
    const other = await registerActive(t);
    const url = '/api/users/set_email/';
    const wrong = await call('POST', url, account.owner.headers, {
      current_password: 'Nope-nope-123',
      new_email: 'a-new@example.com',
    });
    expect(wrong.json().errors[0].attr).toBe('current_password');
    expectError(wrong, 400, { attr: 'current_password' });
    const taken = await call('POST', url, account.owner.headers, {
      current_password: account.owner.password,
      new_email: other.email,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0]).toMatchObject({ attr: 'new_email', code: 'unique' });
    expectError(taken, 400, { attr: 'new_email', code: 'unique' });
    expect((await userByEmail(t, account.owner.email)).id).toBe(account.owner.id);
    expect(await userByEmail(t, 'a-new@example.com')).toBeUndefined();
    const fresh = `moved-${account.owner.email}`;
    expect(
      (await call('POST', url, account.owner.headers, { current_password: account.owner.password, new_email: fresh })).statusCode,
    ).toBe(204);
    const [member] = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, account.owner.id));
    expect(member.email).toBe(fresh);
    expect((await userByEmail(t, fresh)).id).toBe(account.owner.id);
  });
});

describe('/api/users/me/', () => {
  it('updates with PUT and PATCH (PATCH keeps other fields)', async () => {
    const account = await createAccount(t);
    const put = await call('PUT', '/api/users/me/', account.owner.headers, {
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '+49 30 1234',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', phone: '+49 30 1234' });
    const patch = await call('PATCH', '/api/users/me/', account.owner.headers, { last_name: 'Brewster' });
    expect(patch.json()).toMatchObject({ first_name: 'Grace', last_name: 'Brewster', phone: '+49 30 1234' });
    const bad = await call('PATCH', '/api/users/me/', account.owner.headers, { first_name: '' });
    expect(bad.statusCode).toBe(400);
    expectError(bad, 400, { attr: 'first_name' });
    const partialPut = await call('PUT', '/api/users/me/', account.owner.headers, { first_name: 'A' });
    expect(partialPut.statusCode).toBe(400);
    expectError(partialPut, 400, { code: 'required', attr: 'last_name' });
    expect((await call('GET', '/api/users/me/', account.owner.headers)).json()).toMatchObject({
      first_name: 'Grace',
      last_name: 'Brewster',
      phone: '+49 30 1234',
    });
    const anonymous = await t.app.inject({ url: '/api/users/me/', headers: hostHeaders(account.subdomain) });
    expect(anonymous.statusCode).toBe(401);
    expectError(anonymous, 401, { code: 'not_authenticated', attr: null });
  });

  it('DELETE deactivates a member (password required) but never the only owner', async () => {
    const account = await createAccount(t);
    const member = await createMember(t, account, ['Manage orders']);
    const last = await call('DELETE', '/api/users/me/', account.owner.headers, { current_password: account.owner.password });
    expect(last.statusCode).toBe(400);
    expect(last.json().errors[0].code).toBe('last_owner');
    expectError(last, 400, { code: 'last_owner', attr: null }, 'client_error');
    expect((await userByEmail(t, account.owner.email)).isActive).toBe(true);
    const wrong = await call('DELETE', '/api/users/me/', member.headers, { current_password: 'wrong-wrong-1' });
    expect(wrong.statusCode).toBe(400);
    expectError(wrong, 400, { code: 'wrong_password', attr: 'current_password' });
    expect((await userByEmail(t, member.email)).isActive).toBe(true);
    const session = await signIn(t, member, account.subdomain);
    const res = await call('DELETE', '/api/users/me/', session.headers, { current_password: member.password });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.every((c) => c.value === '')).toBe(true);
    expect((await userByEmail(t, member.email)).isActive).toBe(false);
    const [tm] = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, member.id));
    expect(tm.status).toBe('deactivated');
    expect((await call('GET', '/api/users/me/', member.headers)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/jwt/refresh/', headers: session.headers })).statusCode).toBe(401);
  });
});

describe('/api/users/ (user management)', () => {
  it('lists the account’s users with search, ordering and paging', async () => {
    const account = await createAccount(t);
    await createMember(t, account, null);
    await createMember(t, account, null);
    const list = await call('GET', '/api/users/?ordering=-email&page_size=2', account.owner.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 3, total_pages: 2, current_page_number: 1, previous: null });
    expect(list.json().next).toContain('page=2');
    expect(list.json().results).toHaveLength(2);
    const emails = list.json().results.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(Object.keys(list.json().results[0]).sort()).toEqual([
      'date_joined',
      'email',
      'first_name',
      'id',
      'is_active',
      'last_login',
      'last_name',
    ]);
    const search = await call(
      'GET',
      `/api/users/?search=${encodeURIComponent(account.owner.email.slice(0, 12))}`,
      account.owner.headers,
    );
    expect(search.json().results.map((u: { id: string }) => u.id)).toEqual([account.owner.id]);
    expect(search.json()).toMatchObject({ count: 1, total_pages: 1, next: null, previous: null });
    expect((await call('GET', '/api/users/?ordering=password_hash', account.owner.headers)).statusCode).toBe(400);
    expectError(await call('GET', '/api/users/?ordering=password_hash', account.owner.headers), 400, { attr: 'ordering' });
    expect((await call('GET', '/api/users/?page=9', account.owner.headers)).statusCode).toBe(404);
    expectError(await call('GET', '/api/users/?page=9', account.owner.headers), 404, {
      code: 'not_found',
      detail: 'Invalid page.',
    });
  });

  it('needs Manage users', async () => {
    const account = await createAccount(t);
    const member = await createMember(t, account, ['Manage orders']);
    const res = await call('GET', '/api/users/', member.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('permission_denied');
    expect((await call('GET', `/api/users/${account.owner.id}/`, member.headers)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${account.owner.id}/`, member.headers)).statusCode).toBe(403);
    for (const method of ['GET', 'DELETE'] as const) {
      expectError(await call(method, `/api/users/${account.owner.id}/`, member.headers), 403, { code: 'permission_denied' });
    }
    expect((await userByEmail(t, account.owner.email)).isActive).toBe(true);
  });

  it('keeps tenants apart: foreign subdomain 403, foreign id 404', async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const onB = { ...a.owner.headers, ...hostHeaders(b.subdomain) };
    expect((await call('GET', '/api/users/', onB)).statusCode).toBe(403);
    expect((await call('GET', '/api/users/me/', onB)).statusCode).toBe(403);
    expectError(await call('GET', '/api/users/', onB), 403, { code: 'wrong_tenant' });
    expectError(await call('GET', '/api/users/me/', onB), 403, { code: 'wrong_tenant' });
    const before = await userByEmail(t, a.owner.email);
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PATCH' || method === 'PUT' ? { first_name: 'Evil', last_name: 'Twin' } : undefined;
      const res = await call(method, `/api/users/${a.owner.id}/`, b.owner.headers, payload);
      expect(res.statusCode, method).toBe(404);
      expectError(res, 404, { code: 'not_found', detail: 'Not found.', attr: null });
    }
    expect((await userByEmail(t, a.owner.email)).firstName).toBe('Olive');
    expect(await userByEmail(t, a.owner.email)).toEqual(before);
  });

  it('updates and deactivates members, never the owner or oneself', async () => {
    const account = await createAccount(t);
    const member = await createMember(t, account, ['Manage orders']);
    const manager = await createMember(t, account, ['Manage users']);
    const url = `/api/users/${member.id}/`;
    const put = await call('PUT', url, manager.headers, { first_name: 'Max', last_name: 'Moritz' });
    expect(put.json()).toMatchObject({ id: member.id, first_name: 'Max', last_name: 'Moritz', is_active: true });
    expect((await call('PATCH', url, manager.headers, { last_name: 'Muster' })).json().first_name).toBe('Max');
    expect((await call('DELETE', `/api/users/${account.owner.id}/`, manager.headers)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/users/${manager.id}/`, manager.headers)).statusCode).toBe(400);
    const ownerRefusal = await call('DELETE', `/api/users/${account.owner.id}/`, manager.headers);
    expectError(ownerRefusal, 400, { code: 'owner', attr: null }, 'client_error');
    const selfRefusal = await call('DELETE', `/api/users/${manager.id}/`, manager.headers);
    expectError(selfRefusal, 400, { code: 'self', attr: null }, 'client_error');
    expect((await userByEmail(t, account.owner.email)).isActive).toBe(true);
    expect((await userByEmail(t, manager.email)).isActive).toBe(true);
    expect((await call('DELETE', url, manager.headers)).statusCode).toBe(204);
    expect((await call('GET', url, manager.headers)).json().is_active).toBe(false);
    const login = await post(
      t,
      '/api/jwt/create/',
      { email: member.email, password: member.password },
      hostHeaders(account.subdomain),
    );
    expect(login.statusCode).toBe(401);
    expectError(login, 401, { code: 'no_active_account' });
    expect((await call('PATCH', url, manager.headers, { is_active: true })).json().is_active).toBe(true);
    await signIn(t, member, account.subdomain);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, hostHeaders, useTestApp } from '../../test/app.ts';
import { cookieOf, GOOD_PASSWORD, lastMailTo, post, registerActive, registrationBody, rowCounts } from '../../test/auth-flows.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, userByEmail } from '../../test/factories.ts';
import { cookieNames } from './cookies.ts';

const t = useTestApp();

const INVALID_LOGIN = {
  type: 'client_error',
  errors: [{ code: 'no_active_account', detail: 'No active account found with the given credentials.', attr: null }],
};

describe('registration, activation and sign-in', () => {
  it('registers, activates, signs in on the bare domain, hands over to the subdomain and loads me', async () => {
    const body = registrationBody({ account_type: 'affiliate' });
    const res = await post(t, '/api/users/', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), email: body.email });
    const user = await userByEmail(t, body.email);
    expect(user.isActive).toBe(false);
    expect(user.id).toBe(res.json().id);

    // Inactive: refused with the generic answer.
    const early = await post(t, '/api/jwt/create/', { email: body.email, password: GOOD_PASSWORD });
    expect(early.statusCode).toBe(401);
    expect(early.json()).toEqual(INVALID_LOGIN);

    const mail = await lastMailTo(t, body.email);
    expect(mail.subject).toBe('Activate your Excursio account');
    expect(mail.link).toMatch(new RegExp(`^http://${t.config.APP_DOMAIN.replace('.', '\\.')}/auth/activate\\?token=`));
    expect((await post(t, '/api/users/activation/', { token: mail.token })).statusCode).toBe(204);
    // The same link opened again says the account is active (only a token we issued and used can say so).
    const again = await post(t, '/api/users/activation/', { token: mail.token });
    expectError(again, 409, { code: 'already_active', attr: 'token', detail: 'This account is already active. Log in.' });
    const unknown = await post(t, '/api/users/activation/', { token: `${mail.token?.slice(0, -4)}AAAA` });
    expectError(unknown, 400, { code: 'invalid_token', attr: 'token', detail: 'Invalid or expired token.' });

    const login = await post(t, '/api/jwt/create/', { email: body.email.toUpperCase(), password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeUndefined();
    const { subdomain, redirect_url } = login.json();
    expect(subdomain).toBe(body.subdomain);
    expect(login.json().access).toBeUndefined();
    const handover = new URL(redirect_url);
    expect(handover.origin).toBe(`http://${body.subdomain}.${t.config.APP_DOMAIN}`);
    expect(handover.pathname).toBe('/auth/handover');
    const code = handover.searchParams.get('code');

    // The code only works on the user's own subdomain, and that attempt does not burn it.
    const elsewhere = await post(t, '/api/jwt/exchange/', { code }, hostHeaders(null));
    expect(elsewhere.statusCode).toBe(400);
    expectError(elsewhere, 400, { code: 'wrong_host', attr: 'code' });
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
    const exchange = await post(t, '/api/jwt/exchange/', { code }, hostHeaders(body.subdomain));
    expect(exchange.statusCode).toBe(200);
    expect(exchange.json()).toEqual({
      subdomain: body.subdomain,
      redirect_url: `http://${body.subdomain}.${t.config.APP_DOMAIN}/dashboard`,
    });
    expect((await post(t, '/api/jwt/exchange/', { code }, hostHeaders(body.subdomain))).statusCode).toBe(400);
    const burnt = await post(t, '/api/jwt/exchange/', { code }, hostHeaders(body.subdomain));
    expectError(burnt, 400, { code: 'invalid_token', attr: 'code', detail: 'Invalid or expired token.' });
    expect(burnt.headers['set-cookie']).toBeUndefined();

    const access = cookieOf(exchange, cookieNames(t.config).access)?.value;
    const me = await t.app.inject({
      url: '/api/users/me/',
      headers: { ...hostHeaders(body.subdomain), cookie: `${cookieNames(t.config).access}=${access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: body.email,
      first_name: 'Ada',
      is_active: true,
      cart: null,
      role: { name: 'Owner' },
      base_account: { subdomain: body.subdomain, type: 'affiliate', active_subscription_features: expect.any(Array) },
    });
    expect(me.json().role.permission_sets.length).toBeGreaterThan(0);
    expect((await userByEmail(t, body.email)).lastLoginAt).not.toBeNull();
  });

  it('sets host-only HttpOnly SameSite=Lax cookies when signing in on the own subdomain', async () => {
    const user = await registerActive(t);
    const res = await post(t, '/api/jwt/create/', { email: user.email, password: user.password }, hostHeaders(user.subdomain));
    expect(res.statusCode).toBe(200);
    expect(res.json().redirect_url).toBe(`http://${user.subdomain}.${t.config.APP_DOMAIN}/dashboard`);
    const raw = [res.headers['set-cookie']].flat() as string[];
    // The two tokens, HttpOnly, and the session marker the page reads (no secret in it).
    expect(raw).toHaveLength(3);
    const names = cookieNames(t.config);
    for (const line of raw) {
      if (line.startsWith(`${names.session}=`)) expect(line).not.toMatch(/; HttpOnly/);
      else expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Lax/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/Domain=/i);
      expect(line).not.toMatch(/Secure/);
    }
  });

  it('on another organization’s subdomain answers a handover to the user’s own', async () => {
    const user = await registerActive(t);
    const other = await createAccount(t);
    const res = await post(t, '/api/jwt/create/', { email: user.email, password: user.password }, hostHeaders(other.subdomain));
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json().redirect_url).toContain(`http://${user.subdomain}.${t.config.APP_DOMAIN}/auth/handover?code=`);
  });

  it('gives API clients (no Origin) tokens in the body', async () => {
    const user = await registerActive(t);
    const res = await post(t, '/api/jwt/create/', { email: user.email, password: user.password }, { host: t.config.APP_DOMAIN });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subdomain: user.subdomain, access: expect.any(String), refresh: expect.any(String) });
    const me = await t.app.inject({
      url: '/api/users/me/',
      headers: { host: `${user.subdomain}.${t.config.APP_DOMAIN}`, authorization: `Bearer ${res.json().access}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('answers wrong password, unknown email, inactive user and deactivated member identically', async () => {
    const account = await createAccount(t);
    const member = await createMember(t, account, ['Manage orders']);
    const inactive = registrationBody();
    // The setup must really produce an inactive user and a deactivated member.
    expect((await post(t, '/api/users/', inactive)).statusCode).toBe(201);
    expect((await userByEmail(t, inactive.email)).isActive).toBe(false);
    const deactivated = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/',
      payload: { current_password: member.password },
      headers: member.headers,
    });
    expect(deactivated.statusCode).toBe(204);

    const attempts = [
      { email: account.owner.email, password: 'Wrong-password-123' },
      { email: 'nobody-here@example.com', password: GOOD_PASSWORD },
      { email: inactive.email, password: GOOD_PASSWORD },
      { email: member.email, password: member.password },
    ];
    for (const attempt of attempts) {
      const res = await post(t, '/api/jwt/create/', attempt, hostHeaders(account.subdomain));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_LOGIN);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers a known email like a new one, writes nothing, and tells the address owner', async () => {
    const first = await registerActive(t);
    const second = registrationBody({ email: first.email });
    const before = await rowCounts(t, first.email, second.subdomain);
    const res = await post(t, '/api/users/', second);
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'id']);
    expect(res.json().email).toBe(first.email);
    expect(res.json().id).not.toBe((await userByEmail(t, first.email)).id);
    expect(await rowCounts(t, first.email, second.subdomain)).toEqual(before);
    const notice = await lastMailTo(t, first.email);
    expect(notice.subject).toBe('Someone tried to register with your email');
    expect(notice.text).not.toContain('activate');
  });

  it('refuses a taken subdomain (also when the race reaches the unique index)', async () => {
    const first = await registerActive(t);
    const body = registrationBody({ subdomain: first.subdomain.toUpperCase() });
    const res = await post(t, '/api/users/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'unique', detail: 'This subdomain is already taken.', attr: 'subdomain' }],
    });
    expect((await rowCounts(t, body.email, first.subdomain)).users).toBe(0);
    expect((await rowCounts(t, body.email, first.subdomain)).accounts).toBe(1);

    const racer = registrationBody();
    const results = await Promise.all(
      [0, 1, 2].map((i) => post(t, '/api/users/', { ...racer, email: `racer${i}-${racer.email}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().errors[0].attr).toBe('subdomain');
    for (const r of results.filter((x) => x.statusCode === 400)) expectError(r, 400, { code: 'unique', attr: 'subdomain' });
    const winner = results.findIndex((r) => r.statusCode === 201);
    expect(await rowCounts(t, `racer${winner}-${racer.email}`, racer.subdomain)).toMatchObject({ users: 1, accounts: 1 });
    for (const i of [0, 1, 2].filter((i) => i !== winner)) {
      expect((await rowCounts(t, `racer${i}-${racer.email}`, racer.subdomain)).users).toBe(0);
    }
  });

  it('refuses invalid registrations with the error shape and writes nothing', async () => {
    const base = registrationBody();
    const cases: [Record<string, unknown>, string | null][] = [
      [{ ...base, subdomain: 'www' }, 'subdomain'],
      [{ ...base, subdomain: 'bad_label!' }, 'subdomain'],
      [{ ...base, subdomain: '-edge' }, 'subdomain'],
      [{ ...base, password: 'password' }, 'password'],
      [{ ...base, password: `${base.email.split('@')[0]}-Secret9` }, 'password'],
      [{ ...base, password: 'short' }, 'password'],
      [{ ...base, email: 'not-an-email' }, 'email'],
      [{ ...base, first_name: undefined }, 'first_name'],
      [{ ...base, account_type: 'reseller' }, 'account_type'],
      [{ ...base, organization_name: 42 }, 'organization_name'],
      [{ ...base, is_admin: true }, 'is_admin'],
    ];
    for (const [payload, attr] of cases) {
      const res = await post(t, '/api/users/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().type).toBe('validation_error');
      expect(res.json().errors.map((e: { attr: string }) => e.attr)).toContain(attr);
      expectError(res, 400, { attr });
    }
    const missing = await post(t, '/api/users/', { ...base, first_name: undefined });
    expect(missing.json().errors[0]).toMatchObject({ code: 'required', attr: 'first_name' });
    const unknown = await post(t, '/api/users/', { ...base, is_admin: true });
    expect(unknown.json().errors[0]).toMatchObject({ code: 'unknown_field' });
    expectError(unknown, 400, { code: 'unknown_field', attr: 'is_admin' });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: { ...hostHeaders(null), 'content-type': 'application/json' },
      payload: JSON.stringify({ ...base, organization_name: 'x'.repeat(t.config.BODY_LIMIT_BYTES + 10) }),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ type: 'validation_error', errors: [{ code: 'body_too_large' }] });

    expect(await rowCounts(t, base.email, base.subdomain)).toEqual({ users: 0, accounts: 0, authTokens: 0 });
    await t.settled();
    expect(t.mailer.outbox?.some((m) => m.to === base.email)).toBe(false);
  });

  it('a used link of a user who is no longer active, or a superseded one, is only invalid', async () => {
    const body = registrationBody();
    await post(t, '/api/users/', body);
    const first = (await lastMailTo(t, body.email)).token;
    expect((await post(t, '/api/users/resend_activation/', { email: body.email })).statusCode).toBe(204);
    await t.settled();
    // Superseded before the user was active: invalid, not "already active".
    expectError(await post(t, '/api/users/activation/', { token: first }), 400, { code: 'invalid_token' });
    const second = (await lastMailTo(t, body.email)).token;
    expect((await post(t, '/api/users/activation/', { token: second })).statusCode).toBe(204);
    expectError(await post(t, '/api/users/activation/', { token: second }), 409, { code: 'already_active' });
    // Deactivated since: the used link says nothing about the account.
    const user = await userByEmail(t, body.email);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectError(await post(t, '/api/users/activation/', { token: second }), 400, { code: 'invalid_token' });
  });

  it('stores the time zone the sign-up form sends, and refuses an unknown one', async () => {
    const body = registrationBody({ timezone: 'Europe/Ljubljana' });
    expect((await post(t, '/api/users/', body)).statusCode).toBe(201);
    const account = await t.db.select().from(baseAccounts).where(eq(baseAccounts.subdomain, body.subdomain));
    expect(account[0].profile.timezone).toBe('Europe/Ljubljana');
    const plain = registrationBody();
    expect((await post(t, '/api/users/', plain)).statusCode).toBe(201);
    const other = await t.db.select().from(baseAccounts).where(eq(baseAccounts.subdomain, plain.subdomain));
    expect(other[0].profile.timezone).toBe('UTC');
    const bad = registrationBody({ timezone: 'Mars/Olympus' });
    expectError(await post(t, '/api/users/', bad), 400, { attr: 'timezone', detail: 'Unknown time zone.' });
    expect(await rowCounts(t, bad.email, bad.subdomain)).toEqual({ users: 0, accounts: 0, authTokens: 0 });
  });

  it('resends activation only to an existing inactive user; the older link stops working', async () => {
    const body = registrationBody();
    await post(t, '/api/users/', body);
    const first = (await lastMailTo(t, body.email)).token;
    const sent = t.mailer.outbox?.length ?? 0;
    expect((await post(t, '/api/users/resend_activation/', { email: body.email })).statusCode).toBe(204);
    expect((await post(t, '/api/users/resend_activation/', { email: 'ghost@example.com' })).statusCode).toBe(204);
    await t.settled();
    expect(t.mailer.outbox?.length).toBe(sent + 1);
    const second = (await lastMailTo(t, body.email)).token;
    expect((await post(t, '/api/users/activation/', { token: first })).statusCode).toBe(400);
    expectError(await post(t, '/api/users/activation/', { token: first }), 400, { attr: 'token' });
    expect((await userByEmail(t, body.email)).isActive).toBe(false);
    expect((await post(t, '/api/users/activation/', { token: second })).statusCode).toBe(204);
    expect((await post(t, '/api/users/resend_activation/', { email: body.email })).statusCode).toBe(204);
    await t.settled();
    expect(t.mailer.outbox?.length).toBe(sent + 1);
    expect((await userByEmail(t, body.email)).isActive).toBe(true);
  });
});

describe('rate limits', () => {
  it('throttles sign-in attempts per IP and email with the error shape', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
    try {
      const attempt = (email: string) => post(limited, '/api/jwt/create/', { email, password: 'Wrong-password-1' });
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) codes.push((await attempt('victim@example.com')).statusCode);
      expect(codes).toHaveLength(10);
      expect(codes.every((c) => c === 401)).toBe(true);
      const blocked = await attempt('victim@example.com');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'throttled', attr: null }] });
      // Another email from the same IP still gets its own budget.
      expect((await attempt('someone-else@example.com')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/users.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { cookieOf, post, refreshCookie, registerActive, signIn } from '../../test/auth-flows.ts';
import { expectError } from '../../test/errors.ts';
import { cookieNames } from './cookies.ts';
import { hashToken } from './tokens.ts';

const t = useTestApp();

const refreshWith = (subdomain: string, refresh: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jwt/refresh/',
    headers: { ...hostHeaders(subdomain), cookie: refreshCookie(t, refresh) },
  });

const rowOf = async (token: string) =>
  (
    await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
  )[0];

const familyOf = async (token: string) =>
  t.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, (await rowOf(token)).familyId));

const setPassword = (headers: Record<string, string>, current_password: string, new_password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/set_password/', headers, payload: { current_password, new_password } });

const expectCleared = (res: Awaited<ReturnType<typeof refreshWith>>) => {
  const names = cookieNames(t.config);
  for (const name of [names.access, names.refresh, names.session]) {
    const cookie = cookieOf(res, name);
    expect(cookie?.value).toBe('');
    expect(cookie?.expires?.getTime() ?? 0).toBeLessThan(Date.now());
  }
};

describe('session marker', () => {
  it('comes with every session: readable by the page, no secret, the access expiry; refreshed and cleared with it', async () => {
    const user = await registerActive(t);
    const { res } = await signIn(t, user, user.subdomain);
    const names = cookieNames(t.config);
    const marker = cookieOf(res, names.session);
    expect(marker?.httpOnly ?? false).toBe(false);
    expect(marker?.sameSite?.toLowerCase()).toBe('lax');
    expect(marker?.path).toBe('/');
    const expiresAt = Number(marker?.value);
    const now = Date.now() / 1000;
    expect(expiresAt).toBeGreaterThan(now + t.config.ACCESS_TOKEN_TTL_S - 5);
    expect(expiresAt).toBeLessThanOrEqual(now + t.config.ACCESS_TOKEN_TTL_S + 1);
    // It lives as long as the refresh token, so an expired access token is refreshed, not lost.
    expect(marker?.maxAge).toBe(t.config.REFRESH_TOKEN_TTL_S);
    // The tokens themselves stay out of the page's reach.
    expect(cookieOf(res, names.access)?.httpOnly).toBe(true);
    expect(cookieOf(res, names.refresh)?.httpOnly).toBe(true);
    const refresh = cookieOf(res, names.refresh)?.value ?? '';
    const refreshed = await refreshWith(user.subdomain, refresh);
    expect(Number(cookieOf(refreshed, names.session)?.value)).toBeGreaterThanOrEqual(expiresAt);
  });
});

describe('refresh tokens', () => {
  it('rotates: a new pair in the same family; the successor works', async () => {
    const user = await registerActive(t);
    const { refresh } = await signIn(t, user, user.subdomain);
    const res = await refreshWith(user.subdomain, refresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    const next = cookieOf(res, cookieNames(t.config).refresh)?.value ?? '';
    expect(next).not.toBe(refresh);
    expect(cookieOf(res, cookieNames(t.config).access)?.value).toBeTruthy();
    const [old, successor] = [await rowOf(refresh), await rowOf(next)];
    expect(old.rotatedAt).not.toBeNull();
    expect(old.replacedBy).toBe(successor.id);
    expect(successor.familyId).toBe(old.familyId);
    expect((await refreshWith(user.subdomain, next)).statusCode).toBe(200);
  });

  it('tolerates reuse within the grace window without revoking the family', async () => {
    const user = await registerActive(t);
    const { refresh } = await signIn(t, user, user.subdomain);
    const first = await refreshWith(user.subdomain, refresh);
    const successor = cookieOf(first, cookieNames(t.config).refresh)?.value ?? '';
    const again = await refreshWith(user.subdomain, refresh);
    expect(again.statusCode).toBe(200);
    expect(cookieOf(again, cookieNames(t.config).access)?.value).toBeTruthy();
    expect((await refreshWith(user.subdomain, successor)).statusCode).toBe(200);
    const family = await familyOf(refresh);
    expect(family.length).toBeGreaterThan(1);
    expect(family.every((r) => r.revokedAt === null)).toBe(true);
  });

  it('treats reuse after the grace window as theft: revokes the family, clears cookies', async () => {
    const user = await registerActive(t);
    const { refresh } = await signIn(t, user, user.subdomain);
    const first = await refreshWith(user.subdomain, refresh);
    const successor = cookieOf(first, cookieNames(t.config).refresh)?.value ?? '';
    // Move the rotation out of the grace window.
    await t.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.tokenHash, hashToken(refresh)));
    const reuse = await refreshWith(user.subdomain, refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'token_not_valid' }] });
    expectCleared(reuse);
    expect((await refreshWith(user.subdomain, successor)).statusCode).toBe(401);
    expect((await rowOf(successor)).revokedAt).not.toBeNull();
    const family = await familyOf(refresh);
    expect(family.length).toBeGreaterThan(1);
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('survives 20 parallel refreshes of one token: one rotation, no errors', async () => {
    const user = await registerActive(t);
    const { refresh } = await signIn(t, user, user.subdomain);
    const results = await Promise.all(Array.from({ length: 20 }, () => refreshWith(user.subdomain, refresh)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const original = await rowOf(refresh);
    const family = await t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, original.familyId));
    expect(family).toHaveLength(21);
    expect(family.filter((r) => r.rotatedAt !== null)).toHaveLength(1);
    expect(family.filter((r) => r.id === original.replacedBy)).toHaveLength(1);
    expect(family.every((r) => r.revokedAt === null)).toBe(true);
  });

  it('refuses unknown, missing and expired tokens with 401 and clears cookies', async () => {
    const user = await registerActive(t);
    const unknown = await refreshWith(user.subdomain, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expectCleared(unknown);
    expectError(unknown, 401, { code: 'token_not_valid', attr: null });
    const missing = await post(t, '/api/jwt/refresh/', undefined, hostHeaders(user.subdomain));
    expect(missing.statusCode).toBe(401);
    expectError(missing, 401, { attr: null });
    const { refresh } = await signIn(t, user, user.subdomain);
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.tokenHash, hashToken(refresh)));
    expect((await refreshWith(user.subdomain, refresh)).statusCode).toBe(401);
    const expired = await refreshWith(user.subdomain, refresh);
    expectError(expired, 401, { code: 'token_not_valid', attr: null });
    expectCleared(expired);
  });

  it('lets API clients refresh with the token in the body and answers tokens', async () => {
    const user = await registerActive(t);
    const login = await post(
      t,
      '/api/jwt/create/',
      { email: user.email, password: user.password },
      { host: t.config.APP_DOMAIN },
    );
    const res = await post(t, '/api/jwt/refresh/', { refresh: login.json().refresh }, { host: t.config.APP_DOMAIN });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(res.json().refresh).not.toBe(login.json().refresh);
    const me = await t.app.inject({
      url: '/api/users/me/',
      headers: { host: `${user.subdomain}.${t.config.APP_DOMAIN}`, authorization: `Bearer ${res.json().access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
  });
});

describe('logout and verify', () => {
  it('logout revokes the family and clears cookies, even without a valid access token', async () => {
    const user = await registerActive(t);
    const { refresh } = await signIn(t, user, user.subdomain);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout/',
      headers: {
        ...hostHeaders(user.subdomain),
        cookie: `${refreshCookie(t, refresh)}; ${cookieNames(t.config).access}=garbage`,
      },
    });
    expect(res.statusCode).toBe(204);
    expectCleared(res);
    expect((await familyOf(refresh)).every((r) => r.revokedAt !== null)).toBe(true);
    expect((await refreshWith(user.subdomain, refresh)).statusCode).toBe(401);
    expect((await post(t, '/api/logout/', undefined, hostHeaders(user.subdomain))).statusCode).toBe(204);
  });

  it('verify accepts a valid token of an active user and refuses anything else', async () => {
    const user = await registerActive(t);
    const session = await signIn(t, user, user.subdomain);
    const ok = await t.app.inject({ method: 'POST', url: '/api/jwt/verify/', headers: session.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({});
    expect((await post(t, '/api/jwt/verify/', { token: session.access }, hostHeaders(user.subdomain))).statusCode).toBe(200);
    const bad = await post(t, '/api/jwt/verify/', { token: `${session.access.slice(0, -4)}AAAA` }, hostHeaders(user.subdomain));
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'token_not_valid', attr: null }] });
    expect((await post(t, '/api/jwt/verify/', undefined, hostHeaders(user.subdomain))).statusCode).toBe(401);
    expectError(await post(t, '/api/jwt/verify/', undefined, hostHeaders(user.subdomain)), 401, { attr: null });
  });

  it('set_password: old password stops working, other sessions end, this one is renewed', async () => {
    const user = await registerActive(t);
    const other = await signIn(t, user, user.subdomain);
    const current = await signIn(t, user, user.subdomain);
    const wrong = await setPassword(current.headers, 'Not-my-password-1', 'Brand-new-secret-42');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].attr).toBe('current_password');
    expectError(wrong, 400, { attr: 'current_password' });
    const common = await setPassword(current.headers, user.password, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors[0].attr).toBe('new_password');
    expectError(common, 400, { attr: 'new_password' });
    // The refusals changed nothing: the other session still refreshes.
    const otherStill = await refreshWith(user.subdomain, other.refresh);
    expect(otherStill.statusCode).toBe(200);
    const otherNext = cookieOf(otherStill, cookieNames(t.config).refresh)?.value ?? '';

    const res = await setPassword(current.headers, user.password, 'Brand-new-secret-42');
    expect(res.statusCode).toBe(204);
    const renewed = cookieOf(res, cookieNames(t.config).refresh)?.value ?? '';
    expect(renewed).toBeTruthy();
    expect((await refreshWith(user.subdomain, other.refresh)).statusCode).toBe(401);
    expect((await refreshWith(user.subdomain, otherNext)).statusCode).toBe(401);
    expect((await refreshWith(user.subdomain, current.refresh)).statusCode).toBe(401);
    expect((await refreshWith(user.subdomain, renewed)).statusCode).toBe(200);
    const old = await post(t, '/api/jwt/create/', { email: user.email, password: user.password }, hostHeaders(user.subdomain));
    expect(old.statusCode).toBe(401);
    expectError(old, 401, { code: 'no_active_account', attr: null });
    await signIn(t, { email: user.email, password: 'Brand-new-secret-42' }, user.subdomain);
  });
});

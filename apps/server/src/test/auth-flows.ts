import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { baseAccounts } from '../db/schema/accounts.ts';
import { authTokens, users } from '../db/schema/users.ts';
import { cookieNames } from '../modules/auth/cookies.ts';
import { hostHeaders, type TestApp } from './app.ts';

export const GOOD_PASSWORD = 'Correct-horse-battery-9';

/** The newest mail to `to` and the first link in it (after the mails still being sent went out). */
export const lastMailTo = async (t: TestApp, to: string) => {
  await t.settled();
  const mail = [...(t.mailer.outbox ?? [])].reverse().find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? '';
  return {
    ...mail,
    link,
    token: link ? (new URL(link).searchParams.get('token') ?? new URL(link).searchParams.get('code')) : null,
  };
};

export const registrationBody = (overrides: Record<string, unknown> = {}) => {
  const tag = randomUUID().slice(0, 8);
  return {
    email: `ada-${tag}@example.com`,
    password: GOOD_PASSWORD,
    first_name: 'Ada',
    last_name: 'Lovelace',
    organization_name: `Tours ${tag}`,
    account_type: 'supplier',
    subdomain: `tours-${tag}`,
    ...overrides,
  };
};

export const post = (t: TestApp, url: string, payload: unknown, headers: Record<string, string> = hostHeaders(null)) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** Registers and activates through the API; returns the body used. */
export const registerActive = async (t: TestApp, overrides: Record<string, unknown> = {}) => {
  const body = registrationBody(overrides);
  const res = await post(t, '/api/users/', body);
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  const { token } = await lastMailTo(t, body.email as string);
  const activation = await post(t, '/api/users/activation/', { token });
  if (activation.statusCode !== 204) throw new Error(`activation failed: ${activation.body}`);
  return body as { email: string; password: string; subdomain: string };
};

export const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** Signs in on the user's own subdomain; returns the cookie header a browser would send next. */
export const signIn = async (t: TestApp, user: { email: string; password: string }, subdomain: string) => {
  const res = await post(t, '/api/jwt/create/', { email: user.email, password: user.password }, hostHeaders(subdomain));
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const names = cookieNames(t.config);
  const access = cookieOf(res, names.access)?.value ?? '';
  const refresh = cookieOf(res, names.refresh)?.value ?? '';
  return {
    res,
    access,
    refresh,
    headers: { ...hostHeaders(subdomain), cookie: `${names.access}=${access}; ${names.refresh}=${refresh}` },
  };
};

export const refreshCookie = (t: TestApp, refresh: string) => `${cookieNames(t.config).refresh}=${refresh}`;

/** Rows a registration with this email and subdomain would write (scoped: PostgreSQL runs files in parallel). */
export const rowCounts = async (t: TestApp, email: string, subdomain: string) => {
  const ids = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).map((u) => u.id);
  return {
    users: ids.length,
    accounts: await t.db.$count(baseAccounts, eq(baseAccounts.subdomain, subdomain)),
    authTokens: ids.length ? await t.db.$count(authTokens, inArray(authTokens.userId, ids)) : 0,
  };
};

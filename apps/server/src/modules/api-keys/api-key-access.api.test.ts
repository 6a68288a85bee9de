import { API_KEY_SCOPES } from '@excursio/contract/api-keys';
import { PERMISSION_SETS } from '@excursio/contract/permissions';
import { eq } from 'drizzle-orm';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseAccounts, subscriptionTiers } from '../../db/schema/accounts.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { routeTable } from '../../http/access.ts';
import { bearer, createApiKey } from '../../test/api-key-factories.ts';
import { createTestApp, type TestApp, useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, useAccount } from '../../test/factories.ts';

// Using API keys: `Authorization: Bearer exc_live_…` on the organization's own address, with exactly
// the key's permissions and the organization's plan; refused at once when revoked.
const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const label = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const call = (route: { method: string; url: string }, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:[A-Za-z_]+/g, () => v7()),
    headers,
    ...(WRITES.has(route.method) ? { payload: {} } : {}),
  });
const guarded = () => routeTable.filter((r) => r.access !== 'public');

describe('using a key', () => {
  it('reads and writes with its permissions, as a server does (no Origin, no cookie)', async () => {
    const key = await createApiKey(t, a, ['View experiences', 'Manage customers']);
    const offers = await t.app.inject({ url: '/api/experiences/', headers: key.headers });
    expect(offers.statusCode, offers.body).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: key.headers,
      payload: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const found = await t.app.inject({ url: '/api/customers/?search=lovelace', headers: a.owner.headers });
    expect(found.json().results.map((c: { email: string }) => c.email)).toEqual(['ada@example.com']);
  });

  it('is refused what its permissions do not cover', async () => {
    const key = await createApiKey(t, a, ['View experiences']);
    expectError(await t.app.inject({ url: '/api/customers/', headers: key.headers }), 403, { code: 'permission_denied' });
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/experiences/', headers: key.headers, payload: { title: 'x' } }),
      403,
      { code: 'permission_denied' },
    );
  });

  it("works only on its organization's address (403 wrong_tenant elsewhere, as for people)", async () => {
    const key = await createApiKey(t, a, ['View experiences']);
    expectError(await t.app.inject({ url: '/api/experiences/', headers: bearer(b.subdomain, key.secret) }), 403, {
      code: 'wrong_tenant',
    });
    expectError(await t.app.inject({ url: '/api/experiences/', headers: bearer(null, key.secret) }), 403, {
      code: 'wrong_tenant',
    });
  });

  it('refuses unknown, malformed and cookie-borne keys (401)', async () => {
    const key = await createApiKey(t, a, ['View experiences']);
    const tampered = `${key.secret.slice(0, -1)}${key.secret.endsWith('A') ? 'B' : 'A'}`;
    for (const secret of [tampered, 'exc_live_short', `${key.secret}x`]) {
      expectError(await t.app.inject({ url: '/api/experiences/', headers: bearer(a.subdomain, secret) }), 401, {
        code: 'not_authenticated',
      });
    }
    const cookie = await t.app.inject({
      url: '/api/experiences/',
      headers: { host: key.headers.host, cookie: `excursio_access=${key.secret}` },
    });
    expectError(cookie, 401, { code: 'not_authenticated' });
    const otherScheme = await t.app.inject({
      url: '/api/experiences/',
      headers: { host: key.headers.host, authorization: 'Basic dXNlcjpwYXNz', cookie: `excursio_access=${key.secret}` },
    });
    expectError(otherScheme, 401, { code: 'not_authenticated' });
  });

  it('is refused at once after it is revoked', async () => {
    const key = await createApiKey(t, a, ['View experiences']);
    const use = () => t.app.inject({ url: '/api/experiences/', headers: key.headers });
    expect((await use()).statusCode).toBe(200);
    expect((await use()).statusCode).toBe(200); // now served from the principal cache
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}/`, headers: a.owner.headers });
    expect(revoke.statusCode).toBe(204);
    // Told why: not "Authentication credentials were not provided." (it was provided).
    expectError(await use(), 401, { code: 'api_key_revoked', detail: 'This API key has been revoked.' });
    // An unknown key of the right shape still says nothing more.
    const unknown = await t.app.inject({
      url: '/api/experiences/',
      headers: { ...key.headers, authorization: `Bearer exc_live_${'A'.repeat(40)}` },
    });
    expectError(unknown, 401, { code: 'not_authenticated' });
  });

  it('is refused once a revocation written straight to the database is announced', async () => {
    const key = await createApiKey(t, a, ['View experiences']);
    const use = () => t.app.inject({ url: '/api/experiences/', headers: key.headers });
    expect((await use()).statusCode).toBe(200);
    expect((await use()).statusCode).toBe(200);
    await t.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id));
    await t.settled();
    expectError(await use(), 401, { code: 'api_key_revoked' });
  });

  it('follows the plan: without API access a key is refused; a deactivated organization has no callers', async () => {
    const org = await createAccount(t);
    const key = await createApiKey(t, org, ['View experiences']);
    const use = () => t.app.inject({ url: '/api/experiences/', headers: key.headers });
    expect((await use()).statusCode).toBe(200);
    const [starter] = await t.db.select().from(subscriptionTiers).where(eq(subscriptionTiers.code, 'supplier-starter'));
    await t.db.update(baseAccounts).set({ subscriptionTierId: starter.id }).where(eq(baseAccounts.id, org.account.id));
    await t.settled();
    expectError(await use(), 403, { code: 'feature_not_in_plan' });
    await t.db.update(baseAccounts).set({ isActive: false }).where(eq(baseAccounts.id, org.account.id));
    await t.settled();
    expectError(await use(), 401, { code: 'not_authenticated' });
  });
});

describe('what keys can never do (generated from the route table)', () => {
  let all: Awaited<ReturnType<typeof createApiKey>>;
  beforeAll(async () => {
    all = await createApiKey(t, a, [...API_KEY_SCOPES]);
  });

  it("refuses a key on every 'authenticated' route: those are a person's own (403 api_key_not_allowed)", async () => {
    const routes = routeTable.filter((r) => r.access === 'authenticated');
    expect(routes.map(label)).toContain('GET /api/users/me/');
    const failures: string[] = [];
    for (const route of routes) {
      const res = await call(route, all.headers);
      if (res.statusCode !== 403 || res.json().errors?.[0]?.code !== 'api_key_not_allowed') {
        failures.push(`${label(route)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a key with every permission it may hold on every route needing Manage account, Manage users or Manage cart', async () => {
    const held = new Set(API_KEY_SCOPES.flatMap((title) => PERMISSION_SETS[title]));
    const beyond = routeTable.filter(
      (r) =>
        typeof r.access === 'object' &&
        !(r.access.anyPermission ? r.access.permissions.some : r.access.permissions.every).call(r.access.permissions, (title) =>
          PERMISSION_SETS[title].every((codename) => held.has(codename)),
        ),
    );
    // The keys' own routes, the team, the cart and the account's governance are among them.
    for (const expected of ['POST /api/api-keys/', 'DELETE /api/api-keys/:id/', 'GET /api/roles/', 'POST /api/team-members/']) {
      expect(beyond.map(label)).toContain(expected);
    }
    expect(beyond.map(label)).toContain('POST /api/cart/');
    const failures: string[] = [];
    for (const route of beyond) {
      const res = await call(route, all.headers);
      if (res.statusCode !== 403 || res.json().errors?.[0]?.code !== 'permission_denied') {
        failures.push(`${label(route)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses A's key on B's address on every non-public route (403 wrong_tenant)", async () => {
    const headers = bearer(b.subdomain, all.secret);
    const failures: string[] = [];
    for (const route of guarded()) {
      const res = await call(route, headers);
      if (res.statusCode !== 403 || res.json().errors?.[0]?.code !== 'wrong_tenant') {
        failures.push(`${label(route)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

const url = process.env.DATABASE_URL;
describe.skipIf(!url)('two server instances (PostgreSQL)', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp();
  });
  afterAll(async () => {
    await other?.close();
  });

  it('a key revoked on one instance is refused by the other once the announcement is in', async () => {
    const key = await createApiKey(t, a, ['View experiences']);
    const useOnOther = () => other.app.inject({ url: '/api/experiences/', headers: key.headers });
    expect((await useOnOther()).statusCode).toBe(200);
    expect((await useOnOther()).statusCode).toBe(200); // cached on the other instance
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}/`, headers: a.owner.headers });
    expect(revoke.statusCode).toBe(204);
    // Notifications arrive in commit order: once the other instance's own token is back, the revocation is in.
    await other.settled();
    expectError(await useOnOther(), 401, { code: 'api_key_revoked' });
  });
});

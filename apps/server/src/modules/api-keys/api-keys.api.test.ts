import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { createApiKey } from '../../test/api-key-factories.ts';
import { useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, useAccount } from '../../test/factories.ts';

// Managing an organization's API keys: creation (the secret once, hashed at rest), the list, the
// permissions a key may hold, revocation and the last-used time. Using keys: api-key-access.api.test.ts.
const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);

const list = (query = '', headers = a.owner.headers) => t.app.inject({ url: `/api/api-keys/${query}`, headers });
const create = (payload: object, headers = a.owner.headers) =>
  t.app.inject({ method: 'POST', url: '/api/api-keys/', headers, payload });
const rowOf = async (id: string) => (await t.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0];

describe('creating API keys', () => {
  it('answers the secret once; the list shows its prefix, scopes and creator, never the secret', async () => {
    const res = await create({ name: '  Booking sync  ', scopes: ['Manage orders', 'View experiences'] });
    expect(res.statusCode, res.body).toBe(201);
    const key = res.json();
    expect(key.secret).toMatch(/^exc_live_[A-Za-z0-9]{40}$/);
    expect(key).toMatchObject({
      name: 'Booking sync',
      prefix: key.secret.slice(0, 17),
      scopes: ['Manage orders', 'View experiences'],
      status: 'active',
      created_by: { name: 'Olive Owner', email: a.owner.email },
      last_used_at: null,
      revoked_at: null,
    });

    const listed = await list();
    expect(listed.statusCode).toBe(200);
    const entry = listed.json().results.find((k: { id: string }) => k.id === key.id);
    expect(entry).toEqual({ ...key, secret: undefined });
    expect(Object.keys(entry)).not.toContain('secret');
    expect(listed.body).not.toContain(key.secret.slice(17));
  });

  it('stores only the SHA-256 of the secret', async () => {
    const key = await createApiKey(t, a, ['View experiences']);
    const row = await rowOf(key.id);
    expect(row.secretHash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    // Nothing in the row holds the secret or its random part.
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(17));
    expect(row.prefix).toBe(key.prefix);
  });

  it('gives a key only permissions its creator holds', async () => {
    const admin = await createMember(t, a, ['Manage account', 'View experiences']);
    expectError(await create({ name: 'Too much', scopes: ['View experiences', 'Manage orders'] }, admin.headers), 400, {
      attr: 'scopes',
      code: 'scope_not_held',
      detail: /Manage orders/,
    });
    const ok = await create({ name: 'Reader', scopes: ['View experiences'] }, admin.headers);
    expect(ok.statusCode, ok.body).toBe(201);
    // 'View experiences' is part of 'Manage experiences': an owner may grant either.
    expect((await create({ name: 'Viewer', scopes: ['View experiences'] })).statusCode).toBe(201);
  });

  it('never gives a key Manage account, Manage users or Manage cart, and checks the input', async () => {
    for (const title of ['Manage account', 'Manage users', 'Manage cart', 'Fly planes']) {
      const res = await create({ name: 'Nope', scopes: ['View experiences', title] });
      expect(res.statusCode, title).toBe(400);
      expect(res.json().errors[0].attr, title).toMatch(/^scopes/);
    }
    expectError(await create({ name: ' ', scopes: ['View experiences'] }), 400, { attr: 'name' });
    expectError(await create({ name: 'No scopes', scopes: [] }), 400, { attr: 'scopes' });
    expectError(await create({ name: 'Twice', scopes: ['View experiences', 'View experiences'] }), 400, { attr: 'scopes' });
    expectError(await create({ name: 'Extra', scopes: ['View experiences'], secret: 'mine' }), 400, {});
  });

  it("needs 'Manage account' and a plan with API access", async () => {
    const member = await createMember(t, a, ['Manage orders', 'View experiences']);
    expectError(await create({ name: 'x', scopes: ['Manage orders'] }, member.headers), 403, { code: 'permission_denied' });
    expectError(await list('', member.headers), 403, { code: 'permission_denied' });
    const starter = await createAccount(t, { plan: 'default' });
    expectError(await create({ name: 'x', scopes: ['Manage orders'] }, starter.owner.headers), 403, {
      code: 'feature_not_in_plan',
    });
  });
});

describe('listing API keys', () => {
  it('lists only the organization’s own keys; filters by status, searches and orders', async () => {
    const org = await createAccount(t);
    const alpha = await createApiKey(t, org, ['Manage orders'], { name: 'Alpha feed' });
    const beta = await createApiKey(t, org, ['Manage customers'], { name: 'Beta CRM' });
    await createApiKey(t, b, ['Manage orders'], { name: 'Alpha of B' });
    await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${beta.id}/`, headers: org.owner.headers });

    const names = async (query: string) =>
      (await list(query, org.owner.headers)).json().results.map((k: { name: string }) => k.name);
    expect(await names('')).toEqual(['Beta CRM', 'Alpha feed']);
    expect(await names('?status=active')).toEqual(['Alpha feed']);
    expect(await names('?status=revoked')).toEqual(['Beta CRM']);
    expect(await names('?search=alpha')).toEqual(['Alpha feed']);
    expect(await names(`?search=${alpha.prefix}`)).toEqual(['Alpha feed']);
    expect(await names('?ordering=name')).toEqual(['Alpha feed', 'Beta CRM']);
    expectError(await list('?ordering=secret_hash', org.owner.headers), 400, { attr: 'ordering' });
    expectError(await list('?status=lost', org.owner.headers), 400, { attr: 'status' });
  });
});

describe('revoking API keys', () => {
  it('revokes once, keeps the key listed as revoked, and answers 404 for unknown or foreign keys', async () => {
    const key = await createApiKey(t, a, ['Manage orders']);
    const url = `/api/api-keys/${key.id}/`;
    expectError(await t.app.inject({ method: 'DELETE', url, headers: b.owner.headers }), 404, { code: 'not_found' });
    expect((await rowOf(key.id)).revokedAt).toBeNull();

    t.clock.now = new Date('2031-05-01T10:00:00Z');
    try {
      expect((await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers })).statusCode).toBe(204);
      t.clock.now = new Date('2031-05-01T11:00:00Z');
      expect((await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers })).statusCode).toBe(204);
    } finally {
      t.clock.now = null;
    }
    const entry = (await list('?status=revoked')).json().results.find((k: { id: string }) => k.id === key.id);
    expect(entry).toMatchObject({ status: 'revoked', revoked_at: '2031-05-01T10:00:00.000Z' });
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: '/api/api-keys/0190f0c8-7b7d-7cc2-8f5e-2d5a1b1c9a01/',
        headers: a.owner.headers,
      }),
      404,
      { code: 'not_found' },
    );
  });
});

describe('last used', () => {
  it('records the time of use, at most once a minute per key', async () => {
    const key = await createApiKey(t, a, ['View experiences']);
    const use = () => t.app.inject({ url: '/api/experiences/', headers: key.headers });
    const lastUsed = async () => {
      await t.settled();
      return (await list()).json().results.find((k: { id: string }) => k.id === key.id).last_used_at;
    };
    expect(await lastUsed()).toBeNull();
    try {
      t.clock.now = new Date('2031-06-01T09:00:00Z');
      expect((await use()).statusCode).toBe(200);
      expect(await lastUsed()).toBe('2031-06-01T09:00:00.000Z');

      t.clock.now = new Date('2031-06-01T09:00:59Z');
      expect((await use()).statusCode).toBe(200);
      expect(await lastUsed()).toBe('2031-06-01T09:00:00.000Z');

      t.clock.now = new Date('2031-06-01T09:01:00Z');
      expect((await use()).statusCode).toBe(200);
      expect(await lastUsed()).toBe('2031-06-01T09:01:00.000Z');
    } finally {
      t.clock.now = null;
    }
  });

  it('counts a use only on the organization’s own address', async () => {
    const key = await createApiKey(t, a, ['View experiences']);
    const elsewhere = await t.app.inject({
      url: '/api/experiences/',
      headers: { ...key.headers, host: `${b.subdomain}.excursio.test` },
    });
    expect(elsewhere.statusCode).toBe(403);
    await t.settled();
    expect((await rowOf(key.id)).lastUsedAt).toBeNull();
  });
});

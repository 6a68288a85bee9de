import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { experiences } from '../db/schema/catalog.ts';
import { hostHeaders, useTestApp } from '../test/app.ts';
import { createExperience } from '../test/catalog-factories.ts';
import { expectError } from '../test/errors.ts';
import { useAccount } from '../test/factories.ts';

const t = useTestApp();
const a = useAccount(t);

const expectSecurityHeaders = (res: { headers: Record<string, unknown> }) => {
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
};

describe('a NUL character is a 400 naming the field, never a 500', () => {
  it('in a JSON body field, nested field and key; nothing is written', async () => {
    const count = () => t.db.$count(experiences, eq(experiences.accountId, a.account.id));
    const before = await count();
    const create = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/experiences/', headers: a.owner.headers, payload });
    expectError(await create({ title: 'Kayak\u0000tour', type: 'rental' }), 400, { code: 'null_character', attr: 'title' });
    expectError(await create({ title: 'Kayak', type: 'rental', languages: ['en', 'd\u0000e'] }), 400, {
      code: 'null_character',
      attr: 'languages.1',
    });
    expectError(await create({ title: 'Kayak', type: 'rental', 'ti\u0000tle': 'x' }), 400, { code: 'null_character' });
    expect(await count()).toBe(before);
  });

  it('in a PATCH, the search parameter, a filter and a path parameter', async () => {
    const offer = await createExperience(t, a, { title: 'Unchanged' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/experiences/${offer.id}/`,
      headers: a.owner.headers,
      payload: { short_description: 'a\u0000' },
    });
    expectError(patch, 400, { code: 'null_character', attr: 'short_description' });
    const [row] = await t.db.select().from(experiences).where(eq(experiences.id, offer.id));
    expect(row.shortDescription).toBe('');
    expectError(await t.app.inject({ url: '/api/experiences/?search=ka%00yak', headers: a.owner.headers }), 400, {
      code: 'null_character',
      attr: 'search',
    });
    expectError(await t.app.inject({ url: '/api/pricing-categories/?type=adult%00', headers: a.owner.headers }), 400, {
      code: 'null_character',
      attr: 'type',
    });
    expectError(await t.app.inject({ url: '/api/experiences/abc%00def/', headers: a.owner.headers }), 400, {
      code: 'null_character',
      attr: 'id',
    });
  });

  it('on public routes too (before any database lookup)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset_password/',
      headers: hostHeaders(null),
      payload: { email: 'a\u0000@example.com' },
    });
    expectError(res, 400, { code: 'null_character', attr: 'email' });
  });
});

describe("the router's own refusals have the error shape and the security headers", () => {
  it('an id longer than the router allows is 414', async () => {
    const res = await t.app.inject({ url: `/api/experiences/${'a'.repeat(150)}/`, headers: a.owner.headers });
    expectError(res, 414, { code: 'uri_too_long' });
    expectSecurityHeaders(res);
  });

  it('a malformed percent escape is 400', async () => {
    const res = await t.app.inject({ url: '/api/experiences/%E0%A4%A/', headers: a.owner.headers });
    expectError(res, 400, { code: 'bad_url' });
    expectSecurityHeaders(res);
  });

  it('an unknown method and an unknown path are 404 in the shape, with the headers', async () => {
    for (const res of [
      await t.app.inject({ method: 'PROPFIND' as 'GET', url: '/api/experiences/', headers: a.owner.headers }),
      await t.app.inject({ url: '/api/nothing-here/', headers: a.owner.headers }),
    ]) {
      expectError(res, 404, { code: 'not_found' });
      expectSecurityHeaders(res);
    }
  });

  it('a JSON body with a prototype-pollution key is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiences/',
      headers: { ...a.owner.headers, 'content-type': 'application/json' },
      payload: '{"title":"x","type":"rental","__proto__":{"admin":true}}',
    });
    expectError(res, 400, { code: 'parse_error' });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teamMembers } from '../db/schema/team.ts';
import { useTestApp } from '../test/app.ts';
import { createExperience } from '../test/catalog-factories.ts';
import { expectError } from '../test/errors.ts';
import { createMember, createRole, useAccount } from '../test/factories.ts';

// List and retrieve routes read while the caller's authorization is looked up (`readAhead`). What
// must hold: nothing is answered before the authorization passed, its failure wins over the read's
// result or error, and a changed role applies to the very next request (no principal cache).
const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);

describe('read-ahead routes answer only authorized callers', () => {
  it('a member demoted mid-session loses the list and the record on the next request', async () => {
    const offer = await createExperience(t, a, { title: 'Read-ahead offer' });
    const member = await createMember(t, a, ['View experiences']);
    const list = () => t.app.inject({ url: '/api/experiences/', headers: member.headers });
    const one = () => t.app.inject({ url: `/api/experiences/${offer.id}/`, headers: member.headers });
    expect((await list()).json().results.map((r: { id: string }) => r.id)).toContain(offer.id);
    expect((await one()).json().title).toBe('Read-ahead offer');

    const nothing = await createRole(t, a, []);
    await t.db.update(teamMembers).set({ roleId: nothing.id }).where(eq(teamMembers.userId, member.id));
    await t.settled();
    for (const res of [await list(), await one()]) {
      expectError(res, 403, { code: 'permission_denied' });
      expect(res.body).not.toContain('Read-ahead offer');
    }

    await t.db.update(teamMembers).set({ status: 'deactivated' }).where(eq(teamMembers.userId, member.id));
    await t.settled();
    expectError(await list(), 401, { code: 'not_authenticated' });
  });

  it('an unauthorized caller gets the authorization error, never a validation error or a 404', async () => {
    const member = await createMember(t, a, []);
    expectError(await t.app.inject({ url: '/api/experiences/?ordering=nope', headers: member.headers }), 403, {
      code: 'permission_denied',
    });
    expectError(await t.app.inject({ url: '/api/experiences/?page=999', headers: member.headers }), 403, {
      code: 'permission_denied',
    });
    expectError(await t.app.inject({ url: '/api/experiences/not-a-uuid/', headers: member.headers }), 403, {
      code: 'permission_denied',
    });
  });

  it("a valid token on another organization's subdomain reads nothing of either", async () => {
    const offer = await createExperience(t, a, { title: 'Tenant A offer' });
    const onB = { ...a.owner.headers, host: b.owner.headers.host, origin: b.owner.headers.origin };
    for (const url of ['/api/experiences/', `/api/experiences/${offer.id}/`]) {
      const res = await t.app.inject({ url, headers: onB });
      expectError(res, 403, { code: 'wrong_tenant' });
      expect(res.body).not.toContain('Tenant A offer');
    }
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionSets, teamMembers } from '../../db/schema/team.ts';
import { createTestApp, type TestApp, useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, createRole, useAccount } from '../../test/factories.ts';

// Callers are cached between requests, so every way access can change must reach the cache before
// the next request: through the API (the writing request waits for it), straight in the database
// (the triggers' announcement), and with the announcement channel down (no caching at all).
const t = useTestApp();
const a = useAccount(t);

const listAs = (headers: Record<string, string>) => t.app.inject({ url: '/api/experiences/', headers });
const memberRow = async (userId: string) => (await t.db.select().from(teamMembers).where(eq(teamMembers.userId, userId)))[0];

describe('access changes apply to the very next request', () => {
  it('a role change made through the API, twenty times back and forth', async () => {
    const viewer = await createRole(t, a, ['View experiences']);
    const nothing = await createRole(t, a, []);
    const member = await createMember(t, a, ['View experiences']);
    const { id } = await memberRow(member.id);
    for (let round = 0; round < 20; round++) {
      const role = round % 2 ? viewer : nothing;
      const change = await t.app.inject({
        method: 'PATCH',
        url: `/api/team-members/${id}/`,
        headers: a.owner.headers,
        payload: { role_id: role.id },
      });
      expect(change.statusCode).toBe(200);
      expect((await listAs(member.headers)).statusCode, `round ${round}`).toBe(round % 2 ? 200 : 403);
    }
  });

  it("a role's permission sets changed through the API", async () => {
    const member = await createMember(t, a, ['View experiences']);
    expect((await listAs(member.headers)).statusCode).toBe(200);
    const sets = await t.db.select().from(permissionSets);
    const other = sets.filter((s) => s.title === 'Manage customers').map((s) => s.id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/roles/${member.role?.id}/`,
      headers: a.owner.headers,
      payload: { permission_set_ids: other },
    });
    expect(res.statusCode).toBe(200);
    expectError(await listAs(member.headers), 403, { code: 'permission_denied' });
  });

  it('a removal made through the API', async () => {
    const member = await createMember(t, a, ['View experiences']);
    expect((await listAs(member.headers)).statusCode).toBe(200);
    const { id } = await memberRow(member.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/team-members/${id}/`, headers: a.owner.headers })).statusCode).toBe(
      204,
    );
    expectError(await listAs(member.headers), 401, { code: 'not_authenticated' });
  });

  it('a change written straight to the database, once its announcement is in', async () => {
    const member = await createMember(t, a, ['View experiences']);
    expect((await listAs(member.headers)).statusCode).toBe(200);
    await t.db.update(teamMembers).set({ status: 'deactivated' }).where(eq(teamMembers.userId, member.id));
    await t.settled();
    expectError(await listAs(member.headers), 401, { code: 'not_authenticated' });
  });
});

const url = process.env.DATABASE_URL;
describe.skipIf(!url)('with the announcement channel down (PostgreSQL)', () => {
  const tag = `excursio-cache-${randomUUID().slice(0, 8)}`;
  let app: TestApp;
  let admin: pg.Client;
  beforeAll(async () => {
    const u = new URL(url as string);
    u.searchParams.set('application_name', tag);
    app = await createTestApp({}, { databaseUrl: u.toString() });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
  });

  it('reads every caller from the database, so even unannounced changes apply at once', async () => {
    const b = await createAccount(app);
    const member = await createMember(app, b, ['View experiences']);
    const list = () => app.app.inject({ url: '/api/experiences/', headers: member.headers });
    // Cached: the factory's own announcements are in first, then one request loads the caller.
    await app.settled();
    expect((await list()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    // Kill the LISTEN connection; until it is back, nothing may be served from the cache.
    const killed = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query ilike 'LISTEN%'",
      [tag],
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    // The app notices the closed socket on its next turn; it reconnects after 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 80));
    // Written without the trigger's announcement reaching anyone: the cache must not be trusted.
    await admin.query('begin');
    await admin.query("set local session_replication_role = 'replica'"); // triggers off
    await admin.query("update team_members set status = 'deactivated' where user_id = $1", [member.id]);
    await admin.query('commit');
    expectError(await list(), 401, { code: 'not_authenticated' });
  });
});

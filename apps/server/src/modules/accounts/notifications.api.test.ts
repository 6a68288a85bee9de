import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemNotifications } from '../../db/schema/accounts.ts';
import { createApiKey } from '../../test/api-key-factories.ts';
import { useTestApp } from '../../test/app.ts';
import { createMember, useAccount } from '../../test/factories.ts';

const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);
// Notifications are global: this file's own, told apart by a unique word in the title.
const tag = randomUUID().slice(0, 8);
const ids: string[] = [];

beforeAll(async () => {
  const rows = await t.db
    .insert(systemNotifications)
    .values([
      { title: `Maintenance ${tag}`, message: 'Sunday 02:00', level: 'warning', publishedAt: new Date(Date.now() - 60_000) },
      { title: `New reports ${tag}`, message: 'Analytics', level: 'info', publishedAt: new Date(Date.now() - 30_000) },
      { title: `Expired ${tag}`, message: 'Gone', level: 'info', expiresAt: new Date(Date.now() - 1000) },
    ])
    .returning();
  ids.push(...rows.map((r) => r.id));
});
afterAll(async () => {
  await t.db.delete(systemNotifications).where(inArray(systemNotifications.id, ids));
});

const list = async (headers: Record<string, string>, query = '') => {
  const res = await t.app.inject({ url: `/api/system-notifications/?search=${tag}${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; results: { id: string; title: string; read_at: string | null }[] };
};
const unread = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/system-notifications/unread-count/', headers })).json().unread as number;
const post = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url, headers });

describe('system notifications: read state per person', () => {
  it('lists current notifications unread, marks one read for that person only', async () => {
    const before = await list(a.owner.headers);
    expect(before.results.map((n) => n.title)).toEqual([`New reports ${tag}`, `Maintenance ${tag}`]);
    expect(before.results.every((n) => n.read_at === null)).toBe(true);
    const countBefore = await unread(a.owner.headers);

    const marked = await post(`/api/system-notifications/${ids[0]}/read/`, a.owner.headers);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().read_at).not.toBeNull();
    expect(await unread(a.owner.headers)).toBe(countBefore - 1);
    // Marking again keeps the first time.
    const again = await post(`/api/system-notifications/${ids[0]}/read/`, a.owner.headers);
    expect(again.json().read_at).toBe(marked.json().read_at);

    expect((await list(a.owner.headers, '&unread=true')).results.map((n) => n.id)).toEqual([ids[1]]);
    expect((await list(a.owner.headers, '&unread=false')).results.map((n) => n.id)).toEqual([ids[0]]);
    const one = await t.app.inject({ url: `/api/system-notifications/${ids[0]}/`, headers: a.owner.headers });
    expect(one.json().read_at).toBe(marked.json().read_at);

    // Another person — same organization or another — still has it unread.
    const colleague = await createMember(t, a, []);
    expect((await list(colleague.headers)).results.every((n) => n.read_at === null)).toBe(true);
    expect((await list(b.owner.headers)).results.every((n) => n.read_at === null)).toBe(true);
  });

  it('marks all read at once, and parallel marks count once', async () => {
    const member = await createMember(t, b, ['Manage orders']);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/system-notifications/read-all/', member.headers)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const marked = results.map((r) => r.json().marked as number);
    expect(marked.reduce((x, y) => x + y, 0)).toBe(Math.max(...marked));
    expect(results.every((r) => r.json().unread === 0)).toBe(true);
    expect(await unread(member.headers)).toBe(0);
    expect((await list(member.headers)).results.every((n) => n.read_at !== null)).toBe(true);

    const parallel = await Promise.all(
      Array.from({ length: 6 }, () => post(`/api/system-notifications/${ids[1]}/read/`, b.owner.headers)),
    );
    expect(new Set(parallel.map((r) => r.json().read_at)).size).toBe(1);
  });

  it('refuses expired or unknown notifications, API keys and signed-out callers', async () => {
    expect((await post(`/api/system-notifications/${ids[2]}/read/`, a.owner.headers)).statusCode).toBe(404);
    expect((await post(`/api/system-notifications/${randomUUID()}/read/`, a.owner.headers)).statusCode).toBe(404);
    const key = await createApiKey(t, a, ['Manage orders']);
    const headers = key.headers as Record<string, string>;
    expect((await post(`/api/system-notifications/${ids[1]}/read/`, headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/system-notifications/unread-count/', headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/system-notifications/', headers })).statusCode).toBe(403);
    const host = { host: a.owner.headers.host, origin: a.owner.headers.origin };
    expect((await t.app.inject({ url: '/api/system-notifications/unread-count/', headers: host })).statusCode).toBe(401);
  });
});

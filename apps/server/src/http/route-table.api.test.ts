import { eq } from 'drizzle-orm';
import { v7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseAccounts } from '../db/schema/accounts.ts';
import { auditEntries } from '../db/schema/audit.ts';
import { roles, teamMembers } from '../db/schema/team.ts';
import { users } from '../db/schema/users.ts';
import { hostHeaders, useTestApp } from '../test/app.ts';
import { createAccount, createMember, type TestUser, useAccount } from '../test/factories.ts';
import { routeTable } from './access.ts';

// Generated from the route table: every route added later is covered without touching this file,
// except that a new route without permissions ('public' or 'authenticated') must be listed below:
// loosening a route's access is a deliberate, reviewed change.

const PUBLIC = [
  'GET /healthz',
  'POST /api/stripe/webhook/',
  // Stripe Checkout's success redirect: the checkout id (a UUID) is the key, on the selling store's
  // host; it only fulfils what Stripe says was paid (read again from Stripe) and redirects.
  'GET /api/stripe/return/',
  'GET /api/stripe/oauth/',
  'GET /readyz',
  'GET /schema/',
  'POST /api/jwt/create/',
  'POST /api/jwt/exchange/',
  'POST /api/jwt/refresh/',
  'POST /api/jwt/verify/',
  'POST /api/logout/',
  'POST /api/users/',
  'POST /api/users/activation/',
  'POST /api/users/resend_activation/',
  'POST /api/users/reset_password/',
  'POST /api/users/reset_email/',
  'POST /api/users/reset_password_confirm/',
  'POST /api/users/reset_email_confirm/',
  'POST /api/team-members/accept-invite/',
  'POST /api/team-members/invitation/',
  'GET /media/*',
  'GET /api/1/get-availabilities/',
  'POST /api/1/reserve/',
  'POST /api/1/holds/:id/extend/',
  'POST /api/1/holds/:id/release/',
  'POST /api/1/book/',
  // A checkout's confirmation page: the unguessable session id (`cs_` + 24 random bytes) is the key,
  // scoped to the host's organization, rate-limited, and the answer carries no contact details.
  'GET /api/order',
  // The same checkout's bookings as an iCal file (the same key, the same scope).
  'GET /api/order/calendar/',
  // The same checkout's tickets, on screen and as a PDF (the same key, the same scope, first names only).
  'GET /api/order/tickets/',
  'GET /api/order/tickets/pdf/',
  // A calendar feed's secret address (`cal_` + 32 random bytes, stored hashed, revocable), answered on
  // its own organization's address only: departures with booked counts, no personal data.
  'GET /api/calendar-feeds/:token/feed.ics',
  // The address behind every QR code: a link redirects (counting the scan, nothing about the visitor),
  // a ticket shows its booking without personal data beyond the first name. Codes are 60 random bits,
  // scoped to the host's organization, rate-limited per address. Checking a ticket in (POST) needs
  // 'Manage orders'.
  'GET /api/o/:code/',
  // The public webstore: Active stores and their Active public offers only, rate-limited per address.
  'GET /api/webstores/',
  'GET /api/webstores/experiences/',
  'GET /api/webstores/experiences/:id/',
  'GET /api/webstores/experiences/:id/config/',
  'GET /api/webstores/experiences/:id/availability/',
  'POST /api/webstores/order/',
  'POST /api/recaptcha/',
  // The checkout's email for the visitor's own webstore holds (an abandoned-cart reminder, once), and
  // the opt-out link of that email (an HMAC of organization and address is the key).
  'POST /api/webstores/cart-contact/',
  'GET /api/messages/unsubscribe/',
];
const AUTHENTICATED_ONLY = [
  'POST /api/users/set_password/',
  'POST /api/users/set_email/',
  'GET /api/users/me/',
  'PUT /api/users/me/',
  'PATCH /api/users/me/',
  'DELETE /api/users/me/',
  'GET /api/app-info/',
  'GET /api/base-accounts/',
  'GET /api/base-accounts/:id/',
  'POST /api/base-accounts/',
  'DELETE /api/base-accounts/:id/',
  'GET /api/subscription-tiers/',
  'GET /api/subscription-tiers/:id/',
  'GET /api/system-notifications/',
  // Every member formats dates and times by it.
  'GET /api/product-configuration/',
  'GET /api/system-notifications/:id/',
  'GET /api/system-notifications/unread-count/',
  'POST /api/system-notifications/read-all/',
  'POST /api/system-notifications/:id/read/',
  // Each person's own mail choices (a person only: an API key is refused).
  'GET /api/notification-preferences/',
  'PUT /api/notification-preferences/',
  'GET /api/location-autocomplete/',
  'GET /api/location-forward-geo/',
];

const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);
let powerless: TestUser;

beforeAll(async () => {
  powerless = await createMember(t, a, []);
});

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const guarded = () => routeTable.filter((r) => r.access !== 'public');
const withPermissions = () => guarded().filter((r) => typeof r.access === 'object');
const label = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

const call = (route: { method: string; url: string }, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:[A-Za-z_]+/g, () => v7()),
    headers,
    ...(WRITES.has(route.method) ? { payload: {} } : {}),
  });

describe('route table security (generated)', () => {
  it('holds every API route with an access declaration', () => {
    expect(routeTable.length).toBeGreaterThan(20);
    const names = routeTable.map(label);
    for (const expected of [
      'GET /api/app-info/',
      'GET /api/roles/',
      'DELETE /api/roles/:id/',
      'POST /api/team-members/',
      'POST /api/team-members/:id/resend-invite/',
      'POST /api/team-members/accept-invite/',
      'PATCH /api/base-accounts/:id/',
      'GET /api/subscription-tiers/:id/',
      'GET /api/system-notifications/',
      'GET /api/subscription/',
      'POST /api/subscription/',
      'POST /api/subscription/manage/',
      'GET /api/test-mode/pages/:token/',
      'POST /api/test-mode/pages/:token/',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('declares exactly the reviewed routes public, and exactly the reviewed ones without permissions', () => {
    const sorted = (list: string[]) => [...list].sort();
    expect(sorted(routeTable.filter((r) => r.access === 'public').map(label))).toEqual(sorted(PUBLIC));
    expect(sorted(routeTable.filter((r) => r.access === 'authenticated').map(label))).toEqual(sorted(AUTHENTICATED_ONLY));
    for (const route of withPermissions()) {
      expect(typeof route.access === 'object' && route.access.permissions.length, label(route)).toBeGreaterThan(0);
    }
    expect(guarded().length).toBe(routeTable.length - PUBLIC.length);
  });

  it('answers a signed-in member without permissions on every authenticated-only route (no 401/403)', async () => {
    const routes = routeTable.filter((r) => r.access === 'authenticated');
    expect(routes.length).toBe(AUTHENTICATED_ONLY.length);
    const failures: string[] = [];
    for (const route of routes) {
      const res = await call(route, powerless.headers);
      if (res.statusCode === 401 || res.statusCode === 403) failures.push(`${label(route)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses every non-public route without credentials (401)', async () => {
    expect(guarded().length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of guarded()) {
      const res = await call(route, hostHeaders(a.subdomain));
      if (res.statusCode !== 401 || res.json().errors?.[0]?.code !== 'not_authenticated') {
        failures.push(`${label(route)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses A's owner on B's subdomain on every non-public route (403 wrong_tenant)", async () => {
    expect(guarded().length).toBeGreaterThan(20);
    const headers = { ...hostHeaders(b.subdomain), cookie: a.owner.headers.cookie };
    const failures: string[] = [];
    for (const route of guarded()) {
      const res = await call(route, headers);
      if (res.statusCode !== 403 || res.json().errors?.[0]?.code !== 'wrong_tenant') {
        failures.push(`${label(route)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a member without permissions on every permission-guarded route (403 permission_denied)', async () => {
    expect(withPermissions().length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of withPermissions()) {
      const res = await call(route, powerless.headers);
      if (res.statusCode !== 403 || res.json().errors?.[0]?.code !== 'permission_denied') {
        failures.push(`${label(route)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('authorization comes before validation, and the body rules hold on every route', () => {
  // Wrong types, an unknown field and a NUL: a body every route's validation refuses.
  const INVALID = JSON.stringify({ __unknown__: 'x\u0000', id: 12, name: [], email: {}, token: 5 });
  const send = (route: { method: string; url: string }, headers: Record<string, string>, payload: string) =>
    t.app.inject({
      method: route.method as 'POST',
      url: route.url.replace(/:[A-Za-z_]+/g, () => v7()),
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    });

  it('refuses a member without permissions on every permission-guarded write route with an invalid body (403, not 400)', async () => {
    const failures: string[] = [];
    for (const route of withPermissions().filter((r) => WRITES.has(r.method))) {
      const res = await send(route, powerless.headers, INVALID);
      if (res.statusCode !== 403 || res.json().errors?.[0]?.code !== 'permission_denied') {
        failures.push(`${label(route)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("the invitation read is public for the invitee, and 'Manage users' for the organization's members (403 before validation)", async () => {
    const route = { method: 'POST', url: '/api/team-members/invitation/' };
    const member = await send(route, powerless.headers, INVALID);
    expect(member.statusCode, member.body).toBe(403);
    expect(member.json().errors[0].code).toBe('permission_denied');
    expect((await send(route, hostHeaders(a.subdomain), INVALID)).statusCode).toBe(400);
    const owner = await send(route, a.owner.headers, JSON.stringify({ token: 'not-a-real-token-but-long-enough-000000' }));
    expect(owner.json().errors[0].code, owner.body).not.toBe('permission_denied');
  });

  it('refuses a body nested past the depth limit on every write route, public or not, before anything else (400 too_deep)', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const failures: string[] = [];
    for (const route of routeTable.filter((r) => WRITES.has(r.method) && r.url !== '/api/stripe/webhook/')) {
      const res = await send(route, powerless.headers, deep);
      if (res.statusCode !== 400 || res.json().errors?.[0]?.code !== 'too_deep')
        failures.push(`${label(route)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('reads an empty JSON body as {} on every write route (never "The JSON body is empty", never a 5xx)', async () => {
    const failures: string[] = [];
    for (const route of routeTable.filter((r) => WRITES.has(r.method))) {
      const res = await send(route, a.owner.headers, '');
      if (res.statusCode >= 500 || res.body.includes('The JSON body is empty')) {
        failures.push(`${label(route)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("resource-level tenancy: another account's record is 404 and stays unchanged", () => {
  const NOT_FOUND = { type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] };
  /** Status codes of GET, PATCH, PUT and DELETE by A's owner; each answer must be the plain 404 body. */
  const attempts = async (url: string, patch: object) => {
    const headers = a.owner.headers;
    const responses = [
      await t.app.inject({ url, headers }),
      await t.app.inject({ method: 'PATCH', url, headers, payload: patch }),
      await t.app.inject({ method: 'PUT', url, headers, payload: patch }),
      await t.app.inject({ method: 'DELETE', url, headers }),
    ];
    for (const res of responses) expect(res.json()).toEqual(NOT_FOUND);
    return responses.map((res) => res.statusCode);
  };
  const routeExists = (method: string, url: string) => routeTable.some((r) => r.method === method && r.url === url);

  it('roles', async () => {
    const [role] = await t.db.select().from(roles).where(eq(roles.accountId, b.account.id));
    const statuses = await attempts(`/api/roles/${role.id}/`, { name: 'Hacked' });
    expect(statuses).toEqual([404, 404, 404, 404]);
    expect((await t.db.select().from(roles).where(eq(roles.id, role.id)))[0]).toEqual(role);
  });

  it('team members', async () => {
    const [member] = await t.db.select().from(teamMembers).where(eq(teamMembers.accountId, b.account.id));
    const statuses = await attempts(`/api/team-members/${member.id}/`, { first_name: 'Hacked' });
    expect(statuses).toEqual([404, 404, 404, 404]);
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/team-members/${member.id}/resend-invite/`,
      headers: a.owner.headers,
    });
    expect(resend.statusCode).toBe(404);
    expect(resend.json()).toEqual(NOT_FOUND);
    expect((await t.db.select().from(teamMembers).where(eq(teamMembers.id, member.id)))[0]).toEqual(member);
  });

  it('base accounts', async () => {
    const before = (await t.db.select().from(baseAccounts).where(eq(baseAccounts.id, b.account.id)))[0];
    const url = `/api/base-accounts/${b.account.id}/`;
    const get = await t.app.inject({ url, headers: a.owner.headers });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual(NOT_FOUND);
    const patch = await t.app.inject({ method: 'PATCH', url, headers: a.owner.headers, payload: { name: 'Hacked' } });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual(NOT_FOUND);
    // A full, valid PUT body (A's own sections), so the refusal cannot be a validation error.
    const own = (await t.app.inject({ url: `/api/base-accounts/${a.account.id}/`, headers: a.owner.headers })).json();
    const { contact_info, profile, legal_info, billing_info } = own;
    const payload = { name: 'Hacked', contact_info, profile, legal_info, billing_info };
    const put = await t.app.inject({ method: 'PUT', url, headers: a.owner.headers, payload });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual(NOT_FOUND);
    const ownPut = await t.app.inject({
      method: 'PUT',
      url: `/api/base-accounts/${a.account.id}/`,
      headers: a.owner.headers,
      payload: { ...payload, name: own.name },
    });
    expect(ownPut.statusCode).toBe(200);
    expect((await t.db.select().from(baseAccounts).where(eq(baseAccounts.id, b.account.id)))[0]).toEqual(before);
  });

  it('users', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) expect(routeExists(method, '/api/users/:id/'), method).toBe(true);
    const before = (await t.db.select().from(users).where(eq(users.id, b.owner.id)))[0];
    const url = `/api/users/${b.owner.id}/`;
    const statuses = await attempts(url, { first_name: 'Hacked', last_name: 'Hacked' });
    expect(statuses).toEqual([404, 404, 404, 404]);
    expect((await t.db.select().from(users).where(eq(users.id, b.owner.id)))[0]).toEqual(before);
  });
});

describe('the audit trail cannot be altered through any route', () => {
  it('has no route that writes to it: every audit route reads', () => {
    const auditRoutes = routeTable.filter((r) => r.url.includes('audit'));
    expect(auditRoutes.map(label).sort()).toEqual([
      'GET /api/audit-entries/',
      'GET /api/audit-entries/filter-options/',
      'GET /api/orders/:id/audit-entries/',
    ]);
  });

  it("leaves every entry as it was when the owner calls every write route with the entries' own ids", async () => {
    // An organization of its own: the owner (every permission) calls every write route of the table.
    const c = await createAccount(t);
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/roles/',
      headers: c.owner.headers,
      payload: { name: 'Audited', permission_set_ids: [] },
    });
    expect(role.statusCode, role.body).toBe(201);
    const entriesOfC = () => t.db.select().from(auditEntries).where(eq(auditEntries.accountId, c.account.id));
    const before = await entriesOfC();
    expect(before.length).toBeGreaterThan(0);
    const writes = routeTable.filter((r) => WRITES.has(r.method) && r.url !== '/api/logout/');
    expect(writes.length).toBeGreaterThan(50);
    for (const entry of before) {
      for (const route of writes) {
        for (const payload of [{}, { id: entry.id, action: 'forged', changes: [] }]) {
          await t.app.inject({
            method: route.method as 'POST',
            url: route.url.replace(/:[A-Za-z_]+/g, entry.id).replace('*', entry.id),
            headers: c.owner.headers,
            payload,
          });
        }
      }
    }
    const after = await entriesOfC();
    // Entries may be added (by the routes' own changes), never changed or removed.
    for (const entry of before) expect(after.find((e) => e.id === entry.id)).toEqual(entry);
  });
});

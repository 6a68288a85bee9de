import type { AuditEntry } from '@excursio/contract/audit';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/audit.ts';
import { createApiKey } from '../../test/api-key-factories.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { createMember, createRole, useAccount } from '../../test/factories.ts';
import { createOrder, orderRequests } from '../../test/order-factories.ts';
import { partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';

// The audit trail: one entry per change of the audited entities, written in the change's own
// transaction, with the actor (person, API key, visitor), the address and the changed fields only.
const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);
const DAY = '2026-12-01';
const { get, post, pay } = orderRequests(t, a);

beforeEach(() => {
  t.clock.now = new Date('2026-11-30T08:59:00Z');
});

const trail = async (query = '', headers = a.owner.headers) => {
  const res = await t.app.inject({ url: `/api/audit-entries/${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as AuditEntry[];
};
const entriesOf = async (entityId: string) => trail(`?entity_id=${entityId}&page_size=100`);
const send = (method: 'PATCH' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, headers = a.owner.headers) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const OWNER = { kind: 'user', name: 'Olive Owner' };

describe('what is recorded', () => {
  it('an offer changed by a person: the changed fields only, who and from where', async () => {
    const { offer } = await createSellableOffer(t, a);
    const res = await send('PATCH', `/api/experiences/${offer.id}/`, { title: 'Lake tour', max_group_size: 12 });
    expect(res.statusCode, res.body).toBe(200);
    const [entry, ...rest] = await entriesOf(offer.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      actor: { ...OWNER, id: a.owner.id },
      action: 'updated',
      entity_type: 'offer',
      entity_label: 'Lake tour',
      order_id: null,
      changes: [
        { field: 'Title', from: offer.title, to: 'Lake tour' },
        { field: 'Max group size', from: null, to: 12 },
      ],
    });
    expect(entry.ip).toBe('127.0.0.1');
    // Saving the same values again changes nothing: no entry.
    await send('PATCH', `/api/experiences/${offer.id}/`, { title: 'Lake tour' });
    expect(await entriesOf(offer.id)).toHaveLength(1);
  });

  it('an offer changed by an API key names the key', async () => {
    const key = await createApiKey(t, a, ['Manage experiences'], { name: 'Channel manager' });
    const { offer } = await createSellableOffer(t, a);
    const res = await send('PATCH', `/api/experiences/${offer.id}/`, { title: 'From the channel manager' }, key.headers);
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entriesOf(offer.id);
    expect(entry.actor).toEqual({ kind: 'api_key', id: key.id, name: 'API key Channel manager' });
    expect(await trail(`?actor=${key.id}`)).toEqual([entry]);
    expect(await trail('?actor_kind=api_key')).toContainEqual(entry);
  });

  it('offers created, duplicated and deleted', async () => {
    const created = await send('POST', '/api/experiences/', { title: 'New kayak tour', type: 'ticket' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await entriesOf(id))[0]).toMatchObject({ action: 'created', entity_label: 'New kayak tour' });
    expect((await entriesOf(id))[0].changes).toContainEqual({ field: 'Title', from: null, to: 'New kayak tour' });
    const copy = await send('POST', `/api/experiences/${id}/duplicate/`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await entriesOf(copy.json().id))[0]).toMatchObject({ action: 'duplicated', entity_label: 'New kayak tour (copy)' });
    expect((await send('DELETE', `/api/experiences/${id}/`)).statusCode).toBe(204);
    const [deleted] = await entriesOf(id);
    expect(deleted).toMatchObject({
      action: 'deleted',
      changes: [
        { field: 'Title', from: 'New kayak tour', to: null },
        { field: 'Status', from: 'draft', to: null },
      ],
    });
  });

  it('a rate: its prices before and after', async () => {
    const { rate, adult } = await createSellableOffer(t, a);
    const current = (await get(`/api/pricing-rates/${rate.id}/`)).json();
    const prices = current.prices.map((p: { pricing_category_id: string; price: number }) => ({
      pricing_category_id: p.pricing_category_id,
      price: p.pricing_category_id === adult.id ? 5500 : p.price,
    }));
    const res = await send('PATCH', `/api/pricing-rates/${rate.id}/`, { prices });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entriesOf(rate.id);
    expect(entry).toMatchObject({ entity_type: 'rate', action: 'updated', entity_label: rate.name });
    expect(entry.changes).toEqual([
      { field: `Price (${adult.name})`, from: `35.00 ${current.currency}`, to: `55.00 ${current.currency}` },
    ]);
  });

  it('a schedule: the lines before and after', async () => {
    const { offer } = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const res = await send('POST', '/api/start-times/', {
      experience_id: offer.id,
      time: '14:00',
      weekdays: [6, 7],
      date_from: '2026-05-01',
      date_to: null,
      capacity: 8,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = await entriesOf(offer.id);
    expect(entry).toMatchObject({ entity_type: 'schedule', entity_label: offer.title, action: 'updated' });
    expect(entry.changes).toEqual([{ field: 'Start 14:00 Sat, Sun from 2026-05-01', from: null, to: 'no end date, capacity 8' }]);
  });

  it('a capacity override of a slot', async () => {
    const { offer, startTimes } = await createSellableOffer(t, a);
    const res = await send('PATCH', '/api/capacity/slots/', {
      experience_id: offer.id,
      start_time_id: startTimes[0].id,
      date: DAY,
      capacity: 4,
      note: 'Small boat',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await trail(`?entity_type=capacity_override&search=${encodeURIComponent(offer.title)}`);
    expect(entry).toMatchObject({ entity_label: `${offer.title}, ${DAY} 10:00`, actor: OWNER });
    expect(entry.changes).toEqual([
      { field: 'Capacity override', from: null, to: 4 },
      { field: 'Note', from: '', to: 'Small boat' },
    ]);
  });

  it("an order, its bookings, payments and refunds, all on the order's tab", async () => {
    const offer = await createSellableOffer(t, a);
    const order = await createOrder(t, a, offer, DAY, { adults: 2, children: 1 }); // 8500, by a visitor
    const booking = order.lines[0].booking;
    expect((await pay(order.id, { method: 'cash', amount: 8500 })).statusCode).toBe(201);
    expect((await send('PATCH', `/api/bookings/${booking.id}/`, { attendance_status: 'arrived' })).statusCode).toBe(200);
    expect((await post(`/api/orders/${order.id}/cancel/`)).statusCode).toBe(200);
    expect((await pay(order.id, { kind: 'refund', method: 'cash', amount: 2000 })).statusCode).toBe(201);

    const tab = await get(`/api/orders/${order.id}/audit-entries/?page_size=50`);
    expect(tab.statusCode, tab.body).toBe(200);
    const entries = (tab.json().results as AuditEntry[]).reverse(); // oldest first
    const summary = entries.map((e) => `${e.actor.kind} ${e.action} ${e.entity_type}`);
    expect(summary).toEqual([
      'visitor created order',
      'user created payment',
      'user updated order',
      'user updated booking',
      'user canceled booking',
      'user canceled order',
      'user created refund',
      'user updated order',
    ]);
    expect(entries.every((e) => e.order_id === order.id)).toBe(true);
    const currency = order.currency;
    expect(entries[0]).toMatchObject({
      actor: { kind: 'visitor', id: null, name: 'Webstore visitor' },
      entity_label: `#${order.number}`,
    });
    expect(entries[1].changes).toContainEqual({ field: 'Amount', from: null, to: `85.00 ${currency}` });
    expect(entries[2].changes).toEqual([{ field: 'Payment status', from: 'not paid', to: 'fully paid' }]);
    expect(entries[3].changes).toEqual([{ field: 'Attendance', from: 'open', to: 'arrived' }]);
    expect(entries[5].changes).toContainEqual({ field: 'Status', from: 'confirmed', to: 'canceled' });
    expect(entries[6]).toMatchObject({ entity_type: 'refund', entity_label: `of order #${order.number}` });
    // No policy refund was owed (the cancellation kept what was paid): the goodwill refund makes it partly refunded.
    expect(entries[7].changes).toEqual([{ field: 'Payment status', from: 'fully paid', to: 'partially refunded' }]);
    // The account-wide trail has them too; another order's tab does not.
    expect((await trail(`?entity_type=refund&entity_id=${entries[6].entity_id}`))[0]).toEqual(entries[6]);
    const other = await createOrder(t, a, offer, DAY, { adults: 1 });
    const otherTab = (await get(`/api/orders/${other.id}/audit-entries/`)).json().results as AuditEntry[];
    expect(otherTab.map((e) => e.entity_id)).toEqual([other.id]);
  });

  it('partnerships, in both organizations’ trails: the partner’s entries name the organization that acted, without its IP', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const partnership = await partnerUp(t, supplier, reseller, { commission_percent: 15 });
    const supplierSide = await trail(`?entity_type=partnership`, supplier.owner.headers);
    expect(supplierSide.map((e) => e.action)).toEqual(['accepted', 'invited']);
    const [accepted, invited] = supplierSide;
    expect(invited).toMatchObject({
      entity_id: partnership.id,
      entity_label: `Org ${reseller.subdomain}`,
      actor: { kind: 'user' },
    });
    expect(invited.actor.name).not.toContain('(');
    expect(invited.changes).toContainEqual({ field: 'Commission (%)', from: null, to: 15 });
    expect(accepted).toMatchObject({ entity_label: `Org ${reseller.subdomain}`, ip: null });
    expect(accepted.actor.name).toMatch(new RegExp(`\\(Org ${reseller.subdomain}\\)$`));
    expect(accepted.changes).toEqual([{ field: 'Status', from: 'pending', to: 'active' }]);

    const resellerSide = await trail(`?entity_type=partnership`, reseller.owner.headers);
    expect(resellerSide.map((e) => e.action)).toEqual(['accepted', 'invited']);
    expect(resellerSide[0]).toMatchObject({ entity_label: `Org ${supplier.subdomain}` });
    expect(resellerSide[0].ip).not.toBeNull();
    expect(resellerSide[0].changes).toEqual([{ field: 'Status', from: 'pending', to: 'active' }]);
    expect(resellerSide[1]).toMatchObject({ entity_label: `Org ${supplier.subdomain}`, ip: null });
    expect(resellerSide[1].actor.name).toMatch(new RegExp(`\\(Org ${supplier.subdomain}\\)$`));
    expect(resellerSide[1].changes).toContainEqual({ field: 'Commission (%)', from: null, to: 15 });

    const terms = await send('PATCH', `/api/partners/${partnership.id}/`, { commission_percent: 20 }, supplier.owner.headers);
    expect(terms.statusCode, terms.body).toBe(200);
    const [changed] = await trail(`?entity_type=partnership`, supplier.owner.headers);
    expect(changed.changes).toEqual([{ field: 'Commission (%)', from: 15, to: 20 }]);
    const [told] = await trail(`?entity_type=partnership`, reseller.owner.headers);
    expect(told).toMatchObject({ action: 'updated', ip: null, changes: [{ field: 'Commission (%)', from: 15, to: 20 }] });

    // An invitation by email has no partner organization yet: the inviter's trail alone.
    const byEmail = await send(
      'POST',
      '/api/partners/',
      { partner_type: 'resellers', email: 'someone@example.test', terms: {} },
      supplier.owner.headers,
    );
    expect(byEmail.statusCode, byEmail.body).toBe(201);
    expect((await trail(`?entity_type=partnership&entity_id=${byEmail.json().id}`, supplier.owner.headers)).length).toBe(1);
  });

  it('team members and roles', async () => {
    const role = await send('POST', '/api/roles/', { name: 'Guides', description: 'Out on the water', permission_set_ids: [] });
    expect(role.statusCode, role.body).toBe(201);
    expect((await entriesOf(role.json().id))[0]).toMatchObject({
      entity_type: 'role',
      action: 'created',
      changes: [
        { field: 'Name', from: null, to: 'Guides' },
        { field: 'Description', from: null, to: 'Out on the water' },
      ],
    });
    const member = await createMember(t, a, ['Manage orders']);
    const [row] = (await get('/api/team-members/?page_size=100'))
      .json()
      .results.filter((m: { email: string }) => m.email === member.email);
    const res = await send('PATCH', `/api/team-members/${row.id}/`, { role_id: role.json().id, last_name: 'Berg' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entriesOf(row.id);
    expect(entry).toMatchObject({ entity_type: 'team_member', action: 'updated' });
    expect(entry.changes).toEqual([
      { field: 'Name', from: `${row.first_name} ${row.last_name}`, to: `${row.first_name} Berg` },
      { field: 'Role', from: row.role.name, to: 'Guides' },
    ]);
  });
});

describe('same transaction as the change', () => {
  it('a change that fails after its entry was written leaves neither', async () => {
    const { offer } = await createSellableOffer(t, a);
    // Refuses the commit (deferred to it) of any offer titled 'Refused at commit': the entry was written by then.
    await t.db.execute(sql`create or replace function audit_test_refuse() returns trigger language plpgsql as $$
      begin if new.title = 'Refused at commit' then raise exception 'refused for the test'; end if; return null; end $$`);
    await t.db.execute(sql`create constraint trigger audit_test_refuse after update on experiences
      deferrable initially deferred for each row execute function audit_test_refuse()`);
    try {
      const res = await send('PATCH', `/api/experiences/${offer.id}/`, { title: 'Refused at commit' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger audit_test_refuse on experiences`);
    }
    expect(await entriesOf(offer.id)).toEqual([]);
    expect((await get(`/api/experiences/${offer.id}/`)).json().title).toBe(offer.title);
  });

  it('a change whose entry cannot be written is not made', async () => {
    const { offer } = await createSellableOffer(t, a);
    await t.db.execute(sql`create or replace function audit_test_refuse_entry() returns trigger language plpgsql as $$
      begin if new.entity_label = 'Unrecordable' then raise exception 'refused for the test'; end if; return new; end $$`);
    await t.db.execute(sql`create trigger audit_test_refuse_entry before insert on audit_entries
      for each row execute function audit_test_refuse_entry()`);
    try {
      const res = await send('PATCH', `/api/experiences/${offer.id}/`, { title: 'Unrecordable' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger audit_test_refuse_entry on audit_entries`);
    }
    expect((await get(`/api/experiences/${offer.id}/`)).json().title).toBe(offer.title);
  });
});

describe('append-only in the database', () => {
  let entryId: string;
  beforeAll(async () => {
    const { offer } = await createSellableOffer(t, b);
    const res = await send('PATCH', `/api/experiences/${offer.id}/`, { title: 'Recorded' }, b.owner.headers);
    expect(res.statusCode).toBe(200);
    entryId = (await trail(`?entity_id=${offer.id}`, b.owner.headers))[0].id;
  });
  const count = () => t.db.$count(auditEntries, eq(auditEntries.accountId, b.account.id));
  /** drizzle wraps the database's error: the trigger's message is its cause's. */
  const refusedByTrigger = (error: unknown) =>
    /append-only/.test(String((error as { cause?: Error }).cause?.message ?? (error as Error).message));

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const before = await count();
    await expect(t.db.execute(sql`update audit_entries set action = 'forged' where id = ${entryId}`)).rejects.toSatisfy(
      refusedByTrigger,
    );
    await expect(t.db.execute(sql`delete from audit_entries where id = ${entryId}`)).rejects.toSatisfy(refusedByTrigger);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`truncate audit_entries`);
        throw new Error('TRUNCATE went through'); // rolled back, so a failing test destroys nothing
      }),
    ).rejects.toSatisfy(refusedByTrigger);
    expect(await count()).toEqual(before);
    const [entry] = await trail(`?search=Recorded`, b.owner.headers);
    expect(entry.action).toBe('updated');
  });
});

describe('reading the trail', () => {
  it("needs 'Manage account' for the whole trail and 'Manage orders' for an order's", async () => {
    const orders = await createMember(t, a, ['Manage orders']);
    expect((await t.app.inject({ url: '/api/audit-entries/', headers: orders.headers })).statusCode).toBe(403);
    const key = await createApiKey(t, a, ['Manage orders']);
    expect((await t.app.inject({ url: '/api/audit-entries/', headers: key.headers })).statusCode).toBe(403);
    const offer = await createSellableOffer(t, a);
    const order = await createOrder(t, a, offer, DAY, { adults: 1 });
    expect((await get(`/api/orders/${order.id}/audit-entries/`, orders.headers)).statusCode).toBe(200);
    expect((await get(`/api/orders/${order.id}/audit-entries/`, key.headers)).statusCode).toBe(200);
    // Another organization's order is not found.
    expect((await get(`/api/orders/${order.id}/audit-entries/`, b.owner.headers)).statusCode).toBe(404);
    const admin = await createMember(t, a, ['Manage account']);
    expect((await t.app.inject({ url: '/api/audit-entries/', headers: admin.headers })).statusCode).toBe(200);
  });

  it('filters by type, actor, date range and search; newest first, paged', async () => {
    const role = await createRole(t, b, ['Manage orders'], 'Filter role');
    const res = await send('PATCH', `/api/roles/${role.id}/`, { description: 'Changed' }, b.owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    const all = await trail('?page_size=100', b.owner.headers);
    expect(all.length).toBeGreaterThan(1);
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
    expect((await trail('?entity_type=role', b.owner.headers)).map((e) => e.entity_label)).toEqual(['Filter role']);
    expect(await trail('?search=filter%20ROLE', b.owner.headers)).toHaveLength(1);
    // Words inside an entry's changes are found too ("Deskwalk" in "Description: Walter Deskwalk").
    const renamed = await send('PATCH', `/api/roles/${role.id}/`, { description: 'Walter Deskwalk' }, b.owner.headers);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const found = await trail('?search=deskWALK', b.owner.headers);
    expect(found.map((e) => e.changes)).toEqual([[{ field: 'Description', from: 'Changed', to: 'Walter Deskwalk' }]]);
    expect(await trail('?search=Changed', b.owner.headers)).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(await trail(`?date_from=${today}&date_to=${today}`, b.owner.headers)).toHaveLength(all.length + 1);
    expect(await trail('?date_to=2020-01-01', b.owner.headers)).toEqual([]);
    const options = (await t.app.inject({ url: '/api/audit-entries/filter-options/', headers: b.owner.headers })).json();
    expect(options.actor).toEqual([{ value: b.owner.id, label: 'Olive Owner', kind: 'user' }]);
    const paged = await t.app.inject({ url: '/api/audit-entries/?page_size=1&page=2', headers: b.owner.headers });
    expect(paged.json()).toMatchObject({ count: all.length + 1, current_page_number: 2 });
    expect((await t.app.inject({ url: '/api/audit-entries/?ordering=actor', headers: b.owner.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/audit-entries/?entity_type=planet', headers: b.owner.headers })).statusCode).toBe(
      400,
    );
  });
});

import type { AuditEntry } from '@excursio/contract/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { useAccount } from '../../test/factories.ts';
import { createOrder } from '../../test/order-factories.ts';

// Audit entries of check-ins, customers, API keys, invoices and resent confirmations: each written
// with the change, naming who acted (webhook endpoints: webhooks.api.test.ts).
const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';
const OWNER = { kind: 'user', name: 'Olive Owner' };
beforeAll(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterAll(() => {
  t.clock.now = null;
});

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload: object = {}) =>
  t.app.inject({ method, url, headers: a.owner.headers, payload });
const entriesOf = async (entityId: string) => {
  const res = await t.app.inject({ url: `/api/audit-entries/?entity_id=${entityId}&page_size=100`, headers: a.owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as AuditEntry[]).reverse();
};

describe('audit entries of integrations and customers', () => {
  it('customers: created, changed, merged and deleted', async () => {
    const one = (
      await send('POST', '/api/customers/', { first_name: 'Walter', last_name: 'Deskwalk', email: 'walter@example.com' })
    ).json();
    const two = (
      await send('POST', '/api/customers/', { first_name: 'Walt', last_name: 'Deskwalk', phone: '+386 1 234' })
    ).json();
    expect((await send('PATCH', `/api/customers/${one.id}/`, { notes: 'Prefers mornings' })).statusCode).toBe(200);
    const merge = await send('POST', `/api/customers/${one.id}/merge/`, { other_id: two.id });
    expect(merge.statusCode, merge.body).toBe(200);
    const kept = await entriesOf(one.id);
    expect(kept.map((e) => e.action)).toEqual(['created', 'updated', 'merged']);
    expect(kept[0]).toMatchObject({
      entity_type: 'customer',
      entity_label: 'Walter Deskwalk',
      actor: { ...OWNER, id: a.owner.id },
    });
    expect(kept[1].changes).toEqual([{ field: 'Notes', from: '', to: 'Prefers mornings' }]);
    expect(kept[2].changes).toContainEqual({ field: 'Phone', from: '', to: '+386 1 234' });
    expect((await entriesOf(two.id)).map((e) => [e.action, e.changes])).toEqual([
      ['created', expect.anything()],
      ['merged', [{ field: 'Merged into', from: null, to: 'Walter Deskwalk' }]],
    ]);
    expect((await send('DELETE', `/api/customers/${one.id}/`)).statusCode).toBe(204);
    expect((await entriesOf(one.id)).at(-1)).toMatchObject({ action: 'deleted' });
  });

  it('API keys: created and revoked, never the secret', async () => {
    const created = await send('POST', '/api/api-keys/', { name: 'Channel manager', scopes: ['View experiences'] });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json();
    expect((await send('DELETE', `/api/api-keys/${key.id}/`)).statusCode).toBe(204);
    const entries = await entriesOf(key.id);
    expect(entries.map((e) => e.action)).toEqual(['created', 'revoked']);
    expect(entries[0]).toMatchObject({ entity_type: 'api_key', entity_label: 'Channel manager', actor: OWNER });
    expect(entries[0].changes).toContainEqual({ field: 'Permissions', from: null, to: 'View experiences' });
    expect(JSON.stringify(entries)).not.toContain(key.secret);
  });

  it('an issued invoice, a resent confirmation and a ticket check-in are on the order', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, a, offer, DAY, { adults: 2 });
    const bookingId = order.lines[0].booking.id as string;
    const issued = await send('POST', `/api/orders/${order.id}/invoice/`);
    expect(issued.statusCode, issued.body).toBe(201);
    expect((await send('POST', `/api/orders/${order.id}/resend-confirmation/`)).statusCode).toBe(202);
    const ticket = (await t.app.inject({ url: `/api/bookings/${bookingId}/ticket/`, headers: a.owner.headers })).json();
    const scan = await send('POST', `/api/o/${ticket.code}/`);
    expect(scan.statusCode, scan.body).toBe(200);
    // A second scan checks nothing in: no second entry.
    await send('POST', `/api/o/${ticket.code}/`);

    const res = await t.app.inject({ url: `/api/orders/${order.id}/audit-entries/?page_size=100`, headers: a.owner.headers });
    const entries = res.json().results as AuditEntry[];
    const invoice = entries.find((e) => e.entity_type === 'invoice');
    expect(invoice).toMatchObject({ action: 'issued', actor: OWNER, order_id: order.id });
    expect(entries.filter((e) => e.action === 'confirmation_resent')).toEqual([
      expect.objectContaining({ entity_type: 'order', changes: [{ field: 'Sent to', from: null, to: order.contact.email }] }),
    ]);
    const checkIns = entries.filter((e) => e.action === 'checked_in');
    expect(checkIns).toHaveLength(1);
    expect(checkIns[0]).toMatchObject({ entity_type: 'booking', entity_id: bookingId, actor: OWNER });
    expect(checkIns[0].changes).toContainEqual({ field: 'Attendance', from: 'open', to: 'arrived' });
  });
});

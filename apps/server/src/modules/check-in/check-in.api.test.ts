import type { CheckInManifest, CheckInSyncResponse } from '@excursio/contract/check-in';
import type { BookingTicket } from '@excursio/contract/qr-codes';
import { parseScannedCode, verifyTicketToken } from '@excursio/contract/tickets';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns } from '../../db/schema/qr-codes.ts';
import { orderLines } from '../../db/schema/sales.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount } from '../../test/factories.ts';
import { createOrder } from '../../test/order-factories.ts';

const t = useTestApp();
const DAY = '2026-12-01';
/** 10:00 Berlin on DAY. */
const START = '2026-12-01T09:00:00.000Z';

beforeAll(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterAll(() => {
  t.clock.now = null;
});

type Headers = Record<string, string>;
const manifest = async (account: TestAccount, date = DAY, headers: Headers = account.owner.headers) => {
  const res = await t.app.inject({ url: `/api/check-in/manifest/?date=${date}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CheckInManifest;
};
/** One queued check-in as a device sends it (a fresh event id unless one is given). */
const item = (code: string, at: string, extra: { token?: string; client_event_id?: string } = {}) => ({
  client_event_id: `evt-${crypto.randomUUID()}`,
  code,
  checked_in_at: at,
  ...extra,
});
const sync = (account: TestAccount, device: string, items: object[], sentAt?: string, headers = account.owner.headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/check-in/sync/',
    headers,
    payload: { device_id: device, sent_at: sentAt ?? (t.clock.now as Date).toISOString(), items },
  });
const results = async (res: Awaited<ReturnType<typeof sync>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CheckInSyncResponse).results;
};
const ticketOf = async (account: TestAccount, bookingId: string) =>
  (await t.app.inject({ url: `/api/bookings/${bookingId}/ticket/`, headers: account.owner.headers })).json() as BookingTicket;
/** Two confirmed bookings on DAY at 10:00 Berlin (2 adults + a child; 1 adult) and their tickets. */
const twoBookings = async (account: TestAccount) => {
  const offer = await createSellableOffer(t, account, { lines: [{ time: '10:00', capacity: 20 }] });
  const first = await createOrder(t, account, offer, DAY, { adults: 2, children: 1 });
  const second = await createOrder(t, account, offer, DAY, { adults: 1 });
  const ids = [first.lines[0].booking.id as string, second.lines[0].booking.id as string];
  return { offer, first, second, ids, tickets: await Promise.all(ids.map((id) => ticketOf(account, id))) };
};

describe('the check-in manifest', () => {
  it("has the day's bookings with codes, party, answers and state, the public keys and the server time", async () => {
    const b = await createAccount(t);
    // The organization's own reference prefix is what the guide sees, as everywhere else.
    const { updated_at: _, ...settings } = (
      await t.app.inject({ url: '/api/product-configuration/', headers: b.owner.headers })
    ).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/product-configuration/',
      headers: b.owner.headers,
      payload: { ...settings, booking_reference_prefix: 'CK-' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const { offer, first, ids, tickets } = await twoBookings(b);
    expect(first.reference).toBe(`CK-${first.number}`);
    await t.db
      .update(orderLines)
      .set({ answers: [{ question_id: crypto.randomUUID(), question: 'Dietary needs', answer: 'Vegetarian' }] })
      .where(eq(orderLines.bookingId, ids[0]));
    const other = await createOrder(t, b, offer, '2026-12-02', { adults: 1 });
    const m = await manifest(b);
    expect(m.date).toBe(DAY);
    expect(m.server_time).toBe('2026-11-30T09:00:00.000Z');
    expect(m.organization).toBe(b.account.name);
    expect(m.bookings.map((x) => x.booking_id).sort()).toEqual([...ids].sort());
    expect(m.bookings.map((x) => x.booking_id)).not.toContain(other.lines[0].booking.id);
    const one = m.bookings.find((x) => x.booking_id === ids[0]);
    expect(one).toMatchObject({
      code: tickets[0].code,
      order_reference: first.reference,
      name: `${first.contact.first_name} ${first.contact.last_name}`,
      experience_title: offer.offer.title,
      starts_at: START,
      local_date: DAY,
      time: '10:00',
      time_zone: 'Europe/Berlin',
      participants: 3,
      party: [
        { category: offer.adult.name, quantity: 2 },
        { category: offer.child.name, quantity: 1 },
      ],
      answers: [{ question: 'Dietary needs', answer: 'Vegetarian' }],
      status: 'confirmed',
      attendance_status: 'open',
      checked_in_at: null,
      checked_in_by: null,
    });
    // The keys in it verify the tickets offline.
    const token = parseScannedCode(tickets[0].content)?.token ?? '';
    expect(await verifyTicketToken(token, m.keys)).toMatchObject({ valid: true, claims: { booking_id: ids[0] } });
    // Another organization's manifest holds none of these, and its keys verify none of them.
    const c = await createAccount(t);
    await twoBookings(c);
    const theirs = await manifest(c);
    expect(theirs.bookings.map((x) => x.booking_id)).not.toContain(ids[0]);
    expect(await verifyTicketToken(token, theirs.keys)).toEqual({ valid: false, reason: 'unknown_key' });
    // A day without bookings: empty, and only 'Manage orders' may read it.
    expect((await manifest(b, '2027-01-01')).bookings).toEqual([]);
    const marketing = await createMember(t, b, ['Manage stores']);
    expectError(await t.app.inject({ url: `/api/check-in/manifest/?date=${DAY}`, headers: marketing.headers }), 403, {
      code: 'permission_denied',
    });
    expectError(await t.app.inject({ url: '/api/check-in/manifest/?date=tomorrow', headers: b.owner.headers }), 400, {
      attr: 'date',
    });
  });
});

describe('syncing queued check-ins', () => {
  it('checks both parties in at the times the device recorded, and a retried sync changes nothing', async () => {
    const b = await createAccount(t);
    const { ids, tickets } = await twoBookings(b);
    t.clock.now = new Date('2026-12-01T09:30:00Z');
    const token = parseScannedCode(tickets[0].content)?.token ?? undefined;
    const queued = [item(tickets[0].code, '2026-12-01T08:50:00Z', { token }), item(tickets[1].code, '2026-12-01T08:52:30Z')];
    const first = await results(await sync(b, 'phone-aaaa', queued));
    expect(first.map((r) => [r.booking_id, r.result, r.checked_in?.at])).toEqual([
      [ids[0], 'checked_in', '2026-12-01T08:50:00.000Z'],
      [ids[1], 'checked_in', '2026-12-01T08:52:30.000Z'],
    ]);
    const m = await manifest(b);
    for (const booking of m.bookings) {
      expect(booking).toMatchObject({ attendance_status: 'arrived', checked_in_device_id: 'phone-aaaa' });
      expect(booking.checked_in_by).toBeTruthy();
    }
    // The same batch again (the answer was lost on the way): the same answers, nothing new stored.
    const again = await results(await sync(b, 'phone-aaaa', queued));
    expect(again).toEqual(first);
    const rows = await t.db.select().from(checkIns).where(eq(checkIns.accountId, b.account.id));
    expect(rows).toHaveLength(2);
    expect(await manifest(b)).toEqual({ ...m, server_time: m.server_time });
    t.clock.now = new Date('2026-11-30T09:00:00Z');
  });

  it('keeps the earliest check-in of a ticket and reports the other as a conflict, to either device', async () => {
    const b = await createAccount(t);
    const { tickets } = await twoBookings(b);
    t.clock.now = new Date('2026-12-01T09:30:00Z');
    // Phone A (offline until now) checked the first party in at 08:55; phone B at 08:50, synced after A.
    const [a1] = await results(await sync(b, 'phone-aaaa', [item(tickets[0].code, '2026-12-01T08:55:00Z')]));
    expect(a1.result).toBe('checked_in');
    const [b1] = await results(await sync(b, 'phone-bbbb', [item(tickets[0].code, '2026-12-01T08:50:00Z')]));
    expect(b1).toMatchObject({
      result: 'checked_in',
      checked_in: { at: '2026-12-01T08:50:00.000Z', device_id: 'phone-bbbb' },
      replaced: { at: '2026-12-01T08:55:00.000Z', device_id: 'phone-aaaa' },
      detail: expect.stringContaining('also checked in later, at 09:55'),
    });
    // A later one from a third device: already checked in, by whom, when (the earliest), on another device.
    const [c1] = await results(await sync(b, 'phone-cccc', [item(tickets[0].code, '2026-12-01T09:10:00Z')]));
    expect(c1).toMatchObject({
      result: 'already_checked_in',
      reason: 'already_checked_in',
      checked_in: { at: '2026-12-01T08:50:00.000Z', device_id: 'phone-bbbb' },
    });
    expect(c1.detail).toMatch(/^Already checked in at 09:50 by .+ on another device: the earlier check-in counts\.$/);
    const standing = (await manifest(b)).bookings.find((x) => x.code === tickets[0].code);
    expect(standing).toMatchObject({ checked_in_at: '2026-12-01T08:50:00.000Z', checked_in_device_id: 'phone-bbbb' });
    // Scanned online later: refused as before, saying when and by whom it was used.
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/o/${tickets[0].code}/`, headers: b.owner.headers, payload: {} }),
      409,
      { code: 'already_checked_in', detail: 'Already checked in at 09:50 by Olive Owner: this ticket was used before.' },
    );
    t.clock.now = new Date('2026-11-30T09:00:00Z');
  });

  it('refuses forged, altered, other-organization, canceled and mistimed check-ins, each with its reason', async () => {
    const b = await createAccount(t);
    const { first, tickets } = await twoBookings(b);
    const c = await createAccount(t);
    const theirs = (await twoBookings(c)).tickets[0];
    t.clock.now = new Date('2026-12-01T09:30:00Z');
    const token = parseScannedCode(tickets[1].content)?.token ?? '';
    const altered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    const otherToken = parseScannedCode(theirs.content)?.token ?? '';
    const cancel = await t.app.inject({ method: 'POST', url: `/api/orders/${first.id}/cancel/`, headers: b.owner.headers });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const answers = await results(
      await sync(b, 'phone-aaaa', [
        item(tickets[1].code, '2026-12-01T08:50:00Z', { token: altered }),
        item(tickets[1].code, '2026-12-01T08:50:00Z', { token: otherToken }),
        item(theirs.code, '2026-12-01T08:50:00Z', { token: otherToken }),
        item('ZZZZ-ZZZZ-ZZZZ', '2026-12-01T08:50:00Z'),
        item(tickets[0].code, '2026-12-01T08:50:00Z'),
        item(tickets[1].code, '2026-12-01T09:45:00Z'),
        item(tickets[1].code, '2026-11-29T09:00:00Z'),
      ]),
    );
    expect(answers.map((r) => [r.result, r.reason])).toEqual([
      ['refused', 'bad_signature'],
      ['refused', 'bad_signature'],
      ['refused', 'other_organization'],
      ['refused', 'not_found'],
      ['refused', 'booking_canceled'],
      ['refused', 'invalid_time'],
      ['refused', 'invalid_time'],
    ]);
    // None of them checked anyone in, here or in the other organization.
    expect((await manifest(b)).bookings.map((x) => x.attendance_status)).toEqual(['open', 'open']);
    expect((await manifest(c)).bookings.map((x) => x.attendance_status)).toEqual(['open', 'open']);
    t.clock.now = new Date('2026-11-30T09:00:00Z');
  });

  it("corrects a device's clock by its offset at sending, and needs 'Manage orders'", async () => {
    const b = await createAccount(t);
    const { tickets } = await twoBookings(b);
    t.clock.now = new Date('2026-12-01T09:30:00Z');
    // The phone's clock is 40 minutes ahead: what it calls 10:15 was 09:35 Berlin.
    const [r] = await results(
      await sync(b, 'phone-aaaa', [item(tickets[0].code, '2026-12-01T09:15:00Z')], '2026-12-01T10:10:00Z'),
    );
    expect(r).toMatchObject({ result: 'checked_in', checked_in: { at: '2026-12-01T08:35:00.000Z' } });
    const marketing = await createMember(t, b, ['Manage stores']);
    expectError(await sync(b, 'phone-aaaa', [item(tickets[1].code, '2026-12-01T09:15:00Z')], undefined, marketing.headers), 403, {
      code: 'permission_denied',
    });
    expectError(await sync(b, 'x', [item(tickets[1].code, '2026-12-01T09:15:00Z')]), 400, { attr: 'device_id' });
    const rows = await t.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.accountId, b.account.id), eq(checkIns.outcome, 'checked_in')));
    expect(rows).toHaveLength(1);
    t.clock.now = new Date('2026-11-30T09:00:00Z');
  });
});

import type { BookingTicket, QrCode, TicketSummary } from '@excursio/contract/qr-codes';
import { parseScannedCode, verifyTicketToken } from '@excursio/contract/tickets';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { createApiKey } from '../../test/api-key-factories.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount } from '../../test/factories.ts';
import { createOrder } from '../../test/order-factories.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createLink, storeWithOffer } from '../../test/qr-factories.ts';
import { ticketPdfSettings } from './ticket-pdf.ts';

const t = useTestApp();
const DAY = '2026-12-01';

beforeAll(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterAll(() => {
  t.clock.now = null;
});

type Headers = Record<string, string>;
const get = (headers: Headers, url: string) => t.app.inject({ url, headers });
const checkIn = (headers: Headers, code: string) =>
  t.app.inject({ method: 'POST', url: `/api/o/${code}/`, headers, payload: {} });
/** A booking of 2 adults and a child on DAY at 10:00 Berlin, confirmed. */
const bookedOrder = async (account: TestAccount) => {
  const offer = await createSellableOffer(t, account, { lines: [{ time: '10:00' }] });
  const order = await createOrder(t, account, offer, DAY, { adults: 2, children: 1 });
  return { offer, order, bookingId: order.lines[0].booking.id as string };
};
const ticketOf = async (account: TestAccount, bookingId: string) => {
  const res = await get(account.owner.headers, `/api/bookings/${bookingId}/ticket/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BookingTicket;
};
const keysOf = async (account: TestAccount) =>
  (await get(account.owner.headers, '/api/tickets/keys/')).json().keys as {
    key_id: string;
    algorithm: 'Ed25519';
    public_key: string;
  }[];

describe('tickets', () => {
  it("gives a confirmed booking one ticket, signed so that the organization's key alone verifies it", async () => {
    const b = await createAccount(t);
    const { offer, order, bookingId } = await bookedOrder(b);
    const ticket = await ticketOf(b, bookingId);
    expect(ticket).toMatchObject({
      type: 'ticket',
      booking_id: bookingId,
      organization: b.account.name,
      reference: order.reference,
      first_name: 'Ada',
      experience_title: offer.offer.title,
      starts_at: '2026-12-01T09:00:00.000Z',
      local_date: DAY,
      time: '10:00',
      time_zone: 'Europe/Berlin',
      participants: 3,
      party: [
        { category: offer.adult.name, quantity: 2 },
        { category: offer.child.name, quantity: 1 },
      ],
      status: 'confirmed',
      attendance_status: 'open',
      checked_in_at: null,
    });
    const scanned = parseScannedCode(ticket.content);
    expect(scanned?.code).toBe(ticket.code);
    expect(ticket.content.startsWith(`http://${b.subdomain}.excursio.test/api/o/${ticket.code}/#`)).toBe(true);

    const keys = await keysOf(b);
    expect(keys).toHaveLength(1);
    const verdict = await verifyTicketToken(scanned?.token ?? '', keys);
    expect(verdict).toMatchObject({
      valid: true,
      claims: { key_id: keys[0].key_id, booking_id: bookingId, starts_at: '2026-12-01T09:00:00.000Z', participants: 3 },
    });
    // Another organization's key does not verify it.
    const c = await createAccount(t);
    await ticketOf(c, (await bookedOrder(c)).bookingId);
    expect(await verifyTicketToken(scanned?.token ?? '', await keysOf(c))).toEqual({ valid: false, reason: 'unknown_key' });

    // Asked again: the same ticket, the same key.
    expect(await ticketOf(b, bookingId)).toEqual(ticket);
    expect(await keysOf(b)).toEqual(keys);

    // It is listed with the QR codes, and cannot be changed or deleted there.
    const listed = (await get(b.owner.headers, '/api/qr-codes/?type=ticket')).json().results as QrCode[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      code: ticket.code,
      content: ticket.content,
      booking: { id: bookingId, order_id: order.id, order_reference: order.reference, status: 'confirmed' },
      target_url: null,
      scans: 0,
    });
    const url = `/api/qr-codes/${listed[0].id}/`;
    expectError(await t.app.inject({ method: 'PATCH', url, headers: b.owner.headers, payload: { name: 'X' } }), 409, {
      code: 'ticket_fixed',
    });
    expectError(await t.app.inject({ method: 'DELETE', url, headers: b.owner.headers }), 409, { code: 'ticket_fixed' });
  });

  it('renders the ticket as a PDF with the booking, the full name, the meeting point and the code to type in', async () => {
    const b = await createAccount(t);
    const point = await t.app.inject({
      method: 'POST',
      url: '/api/meeting-points/',
      headers: b.owner.headers,
      payload: { name: 'Harbour kiosk', address: 'Pier 3, 20457 Hamburg', instructions: 'Look for the yellow flag.' },
    });
    expect(point.statusCode, point.body).toBe(201);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00' }], overrides: { meetingPointId: point.json().id } });
    const order = await createOrder(t, b, offer, DAY, { adults: 2, children: 1 });
    const bookingId = order.lines[0].booking.id as string;
    const ticket = await ticketOf(b, bookingId);
    expect(ticket).toMatchObject({
      name: `Ada ${order.contact.last_name}`,
      meeting_point: { name: 'Harbour kiosk', address: 'Pier 3, 20457 Hamburg', instructions: 'Look for the yellow flag.' },
    });
    ticketPdfSettings.compress = false;
    try {
      const pdf = await get(b.owner.headers, `/api/bookings/${bookingId}/ticket/pdf/`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="ticket-${order.number}.pdf"`);
      const text = pdf.rawPayload.toString('latin1');
      expect(text.startsWith('%PDF')).toBe(true);
      // pdfkit writes text as hex glyph strings: look for the words in them.
      const hex = (s: string) => Buffer.from(s, 'latin1').toString('hex');
      for (const words of [order.reference, `${ticket.code.slice(0, 4)}-${ticket.code.slice(4, 8)}-${ticket.code.slice(8)}`]) {
        expect(text.toLowerCase(), words).toContain(hex(words));
      }
      const shown = pdfText(pdf.rawPayload).split('\n');
      expect(shown).toContain(`Ada ${order.contact.last_name}`);
      expect(shown).toContain('Meeting point');
      expect(shown).toContain('Harbour kiosk, Pier 3, 20457 Hamburg');
      expect(shown).toContain('Look for the yellow flag.');
    } finally {
      ticketPdfSettings.compress = true;
    }
  });

  it('has none before the booking is confirmed, and none for a booking of another organization', async () => {
    const b = await createAccount(t);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00' }], overrides: { confirmationMode: 'on_request' } });
    const order = await createOrder(t, b, offer, DAY);
    expect(order.status).toBe('created');
    expectError(await get(b.owner.headers, `/api/bookings/${order.lines[0].booking.id}/ticket/`), 409, { code: 'no_ticket' });
    expect((await get(b.owner.headers, '/api/tickets/keys/')).json()).toEqual({ keys: [] });
    const c = await createAccount(t);
    expectError(await get(c.owner.headers, `/api/bookings/${order.lines[0].booking.id}/ticket/`), 404, { code: 'not_found' });
    // Confirmed: now it has one.
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/confirm/`, headers: b.owner.headers });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await ticketOf(b, order.lines[0].booking.id)).status).toBe('confirmed');
  });
});

describe('a ticket’s address', () => {
  it('shows anyone holding the ticket the booking without personal data beyond the first name', async () => {
    const b = await createAccount(t);
    const { order, bookingId } = await bookedOrder(b);
    const ticket = await ticketOf(b, bookingId);
    const host = hostHeaders(b.subdomain).host;
    const res = await t.app.inject({ url: `/api/o/${ticket.code}/`, headers: { host, accept: 'application/json' } });
    expect(res.statusCode, res.body).toBe(200);
    const { booking_id: _, content: __, name: ___, meeting_point: ____, ...summary } = ticket;
    expect(res.json()).toEqual(summary satisfies TicketSummary);
    for (const secret of [order.contact.last_name, order.contact.email]) expect(res.body).not.toContain(secret);
    // A phone's camera opening it lands on the check-in page.
    const browser = await t.app.inject({ url: `/api/o/${ticket.code}/`, headers: { host, accept: 'text/html,*/*' } });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe(`/bookings/check-in?code=${ticket.code}`);
    // On another organization's address it is not found.
    const c = await createAccount(t);
    expectError(await t.app.inject({ url: `/api/o/${ticket.code}/`, headers: hostHeaders(c.subdomain) }), 404, {
      code: 'not_found',
    });
  });

  it('checks the party in once, and refuses the wrong tickets with a clear code', async () => {
    const b = await createAccount(t);
    const { bookingId } = await bookedOrder(b);
    const ticket = await ticketOf(b, bookingId);
    t.clock.now = new Date('2026-12-01T08:47:00Z');

    const done = await checkIn(b.owner.headers, ticket.code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      code: ticket.code,
      name: ticket.name,
      attendance_status: 'arrived',
      checked_in_at: '2026-12-01T08:47:00.000Z',
      checked_in_by: 'Olive Owner',
    });
    const day = (await get(b.owner.headers, `/api/bookings/by-date/?date=${DAY}`)).json();
    expect(day.results.map((r: { id: string; attendance_status: string }) => [r.id, r.attendance_status])).toEqual([
      [bookingId, 'arrived'],
    ]);
    // A second scan: refused, saying when (in the offer's zone) and by whom it was used.
    t.clock.now = new Date('2026-12-01T09:02:00Z');
    expectError(await checkIn(b.owner.headers, ticket.code.toLowerCase()), 409, {
      code: 'already_checked_in',
      detail: 'Already checked in at 09:47 by Olive Owner: this ticket was used before.',
    });
    // In the organization's time format; with the date when it was not today.
    await t.db
      .update(baseAccounts)
      .set({ profile: sql`${baseAccounts.profile} || '{"time_format":"12h"}'::jsonb` })
      .where(eq(baseAccounts.id, b.account.id));
    t.clock.now = new Date('2026-12-02T09:00:00Z');
    expectError(await checkIn(b.owner.headers, ticket.code), 409, {
      code: 'already_checked_in',
      detail: 'Already checked in on 1 December 2026 at 09:47 AM by Olive Owner: this ticket was used before.',
    });
    t.clock.now = new Date('2026-12-01T08:47:00Z');

    // Looked up by staff on the check-in page: the full name, and when and by whom it was checked in.
    const lookUp = (headers: Headers, code: string) => get(headers, `/api/check-in/tickets/${code}/`);
    const looked = await lookUp(b.owner.headers, ticket.code.toLowerCase());
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json()).toMatchObject({
      code: ticket.code,
      name: ticket.name,
      first_name: 'Ada',
      attendance_status: 'arrived',
      checked_in_at: '2026-12-01T08:47:00.000Z',
      checked_in_by: 'Olive Owner',
    });

    // Not a ticket, not a code, not ours.
    const { store } = await storeWithOffer(t, b);
    const link = await createLink(t, b, { type: 'store', store_id: store.id });
    expectError(await checkIn(b.owner.headers, link.code), 409, { code: 'not_a_ticket' });
    expectError(await lookUp(b.owner.headers, link.code), 409, { code: 'not_a_ticket' });
    expectError(await lookUp(b.owner.headers, 'ZZZZ-ZZZZ-ZZZZ'), 404, { code: 'not_found' });
    expectError(await lookUp((await createMember(t, b, ['Manage stores'])).headers, ticket.code), 403, {
      code: 'permission_denied',
    });
    expectError(await checkIn(b.owner.headers, 'ZZZZ-ZZZZ-ZZZZ'), 404, { code: 'not_found' });
    expectError(await checkIn(b.owner.headers, 'hello'), 404, { code: 'not_found' });
    const c = await createAccount(t);
    const theirs = await ticketOf(c, (await bookedOrder(c)).bookingId);
    expectError(await checkIn(b.owner.headers, theirs.code), 403, {
      code: 'other_organization',
      detail: 'This ticket belongs to another organization: it is not valid here.',
    });
    expectError(await lookUp(b.owner.headers, theirs.code), 403, { code: 'other_organization' });
    expect((await ticketOf(c, theirs.booking_id)).attendance_status).toBe('open');

    // Staff with 'Manage orders' may; others may not.
    const second = await ticketOf(b, (await bookedOrder(b)).bookingId);
    const marketing = await createMember(t, b, ['Manage stores']);
    expectError(await checkIn(marketing.headers, second.code), 403, { code: 'permission_denied' });
    const guide = await createMember(t, b, ['Manage orders']);
    expect((await checkIn(guide.headers, second.code)).statusCode).toBe(200);
    // A scanning system with an API key holding 'Manage orders' may too (recorded without a person).
    const third = await ticketOf(b, (await bookedOrder(b)).bookingId);
    const key = await createApiKey(t, b, ['Manage orders']);
    const byKey = await checkIn(key.headers, third.code);
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json()).toMatchObject({ attendance_status: 'arrived', checked_in_at: '2026-12-01T08:47:00.000Z' });
    t.clock.now = new Date('2026-11-30T09:00:00Z');
  });

  it('refuses a canceled booking and a party already marked Arrived on the bookings list', async () => {
    const b = await createAccount(t);
    const canceled = await bookedOrder(b);
    const ticket = await ticketOf(b, canceled.bookingId);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${canceled.order.id}/cancel/`,
      headers: b.owner.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expectError(await checkIn(b.owner.headers, ticket.code), 409, {
      code: 'booking_canceled',
      detail: 'This booking is canceled: the ticket is not valid.',
    });
    expect((await ticketOf(b, canceled.bookingId)).status).toBe('canceled');
    const summary = await t.app.inject({ url: `/api/o/${ticket.code}/`, headers: hostHeaders(b.subdomain) });
    expect(summary.json()).toMatchObject({ status: 'canceled', attendance_status: 'open' });

    const listed = await bookedOrder(b);
    const arrived = await ticketOf(b, listed.bookingId);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${listed.bookingId}/`,
      headers: b.owner.headers,
      payload: { attendance_status: 'arrived' },
    });
    expect(patch.statusCode).toBe(200);
    expectError(await checkIn(b.owner.headers, arrived.code), 409, {
      code: 'already_checked_in',
      detail: 'Already marked Arrived on the bookings list: this party is checked in.',
    });
  });
});

describe('the visitor’s tickets', () => {
  it('come with the checkout’s session: on the confirmation page and as one PDF', async () => {
    const b = await createAccount(t);
    const { order, bookingId } = await bookedOrder(b);
    const host = hostHeaders(b.subdomain);
    const res = await t.app.inject({ url: `/api/order/tickets/?session_id=${order.session_id}`, headers: host });
    expect(res.statusCode, res.body).toBe(200);
    // On screen the first name only (the printed ticket carries the full name).
    const { name: _, ...shown } = await ticketOf(b, bookingId);
    expect(res.json().tickets).toEqual([shown]);
    expect(res.body).not.toContain(order.contact.last_name);
    const pdf = await t.app.inject({ url: `/api/order/tickets/pdf/?session_id=${order.session_id}`, headers: host });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="tickets-${order.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const c = await createAccount(t);
    expectError(
      await t.app.inject({ url: `/api/order/tickets/?session_id=${order.session_id}`, headers: hostHeaders(c.subdomain) }),
      404,
      {
        code: 'not_found',
      },
    );
    expectError(await t.app.inject({ url: `/api/order/tickets/?session_id=cs_${'x'.repeat(32)}`, headers: host }), 404, {
      code: 'not_found',
    });
    // Canceled: no valid tickets left.
    await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel/`, headers: b.owner.headers });
    expect((await t.app.inject({ url: `/api/order/tickets/?session_id=${order.session_id}`, headers: host })).json()).toEqual({
      tickets: [],
    });
    expectError(await t.app.inject({ url: `/api/order/tickets/pdf/?session_id=${order.session_id}`, headers: host }), 404, {
      code: 'not_found',
    });
  });
});

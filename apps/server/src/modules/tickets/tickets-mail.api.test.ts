import type { BookingTicket } from '@excursio/contract/qr-codes';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../integrations/mail.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { useAccount } from '../../test/factories.ts';
import { book, contact, reserveParty } from '../../test/order-factories.ts';
import { qrPng } from './qr-render.ts';

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-01';

beforeEach(() => {
  t.clock.now = new Date('2026-11-30T08:59:00Z');
});

const mailsTo = async (to: string) => {
  await t.settled();
  return (t.mailer.outbox ?? []).filter((m: MailMessage) => m.to === to);
};
const ticketOf = async (bookingId: string) =>
  (await t.app.inject({ url: `/api/bookings/${bookingId}/ticket/`, headers: a.owner.headers })).json() as BookingTicket;

describe('the confirmation email carries the tickets', () => {
  it('as a code in the text, its QR code inline in the HTML part, and a PDF', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    // Whatever the buyer typed is text in the HTML part, never markup.
    const who = { ...contact(), first_name: '<b>Ada</b>' };
    const hold = await reserveParty(t, a, offer, DAY, { adults: 2 });
    const order = (await book(t, a, hold.id, who)).json();
    const [mail] = await mailsTo(who.email);
    const ticket = await ticketOf(order.lines[0].booking.id);
    const grouped = `${ticket.code.slice(0, 4)}-${ticket.code.slice(4, 8)}-${ticket.code.slice(8)}`;

    expect(mail.text).toContain(`Ticket: ${grouped}`);
    expect(mail.text).toContain('Show your ticket’s QR code at the start');
    expect(mail.html).toContain(`<img src="cid:ticket-${ticket.code}@excursio"`);
    expect(mail.html).toContain(grouped);
    expect(mail.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Ada</b>');

    const files = new Map((mail.attachments ?? []).map((f) => [f.filename, f]));
    expect([...files.keys()].sort()).toEqual([
      `booking-${order.number}.ics`,
      `ticket-${ticket.code}.png`,
      `tickets-${order.number}.pdf`,
    ]);
    const image = files.get(`ticket-${ticket.code}.png`);
    expect(image).toMatchObject({ contentType: 'image/png', cid: `ticket-${ticket.code}@excursio` });
    // The inline image is the ticket's QR code: the same rendering of the same signed content.
    expect(Buffer.compare(image?.content as Buffer, await qrPng(ticket.content, 400, 'M'))).toBe(0);
    const pdf = files.get(`tickets-${order.number}.pdf`)?.content as Buffer;
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('only once the booking is confirmed', async () => {
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }], overrides: { confirmationMode: 'on_request' } });
    const who = contact();
    const order = (await book(t, a, (await reserveParty(t, a, offer, DAY, { adults: 1 })).id, who)).json();
    const [requested] = await mailsTo(who.email);
    expect(requested.subject).toMatch(/received your booking request/);
    expect(requested.text).not.toContain('Ticket:');
    expect(requested.html).toBeUndefined();
    expect(requested.attachments ?? []).toHaveLength(0);

    const confirm = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/confirm/`, headers: a.owner.headers });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [, confirmed] = await mailsTo(who.email);
    const ticket = await ticketOf(order.lines[0].booking.id);
    expect(confirmed.text).toContain(`Ticket: ${ticket.code.slice(0, 4)}-`);
    expect(confirmed.html).toContain(`cid:ticket-${ticket.code}@excursio`);
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { experiences, meetingPoints } from '../../db/schema/catalog.ts';
import { productConfigurations } from '../../db/schema/product-configuration.ts';
import type { MailMessage } from '../../integrations/mail.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { cartOf, lineBody } from '../../test/cart-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, useAccount } from '../../test/factories.ts';
import { book, contact, createOrder, reserveParty, usePolicy } from '../../test/order-factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';

const t = useTestApp();
const a = useAccount(t);
beforeAll(async () => {
  await connectTestProvider(t.db, a.account.id);
});
const DAY = '2026-12-01';

beforeEach(() => {
  t.clock.now = new Date('2026-11-30T08:59:00Z');
});

const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: a.owner.headers, payload });
/** The mails sent to `to` once the work after the answers has run. */
const mailsTo = async (to: string) => {
  await t.settled();
  return (t.mailer.outbox ?? []).filter((m: MailMessage) => m.to === to);
};
const calendarOf = (mail: MailMessage) => String(mail.attachments?.find((f) => f.filename.endsWith('.ics'))?.content ?? '');

const harbourOffer = async () => {
  const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
  const [point] = await t.db
    .insert(meetingPoints)
    .values({
      accountId: a.account.id,
      name: 'Old harbour kiosk',
      address: 'Hafenstraße 1, Hamburg',
      instructions: 'Look for the orange flag.',
      latitude: 53.54,
      longitude: 9.98,
    })
    .returning();
  await t.db.update(experiences).set({ meetingPointId: point.id }).where(eq(experiences.id, offer.offer.id));
  return offer;
};

describe('order emails', () => {
  it('confirms a booking to its buyer: reference, local start, party, meeting point and a calendar file', async () => {
    const offer = await harbourOffer();
    const who = contact();
    const hold = await reserveParty(t, a, offer, DAY, { adults: 2, children: 1 });
    const order = (await book(t, a, hold.id, who)).json();

    const [mail, ...more] = await mailsTo(who.email);
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe(`Your booking ${order.reference} with ${a.account.name} is confirmed`);
    expect(mail.text).toContain(`Hello ${who.first_name},`);
    expect(mail.text).toContain('When: Tuesday, 01. December 2026, 10:00 (Europe/Berlin)');
    expect(mail.text).toContain(`Who: 2 × ${offer.adult.name}, 1 × ${offer.child.name}`);
    expect(mail.text).toContain('Meeting point: Old harbour kiosk, Hafenstraße 1, Hamburg');
    expect(mail.text).toContain('Look for the orange flag.');
    expect(mail.text).toContain('Total: €85.00');
    expect(mail.text).toContain('Still to pay: €85.00');

    const ics = calendarOf(mail);
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain(`UID:booking-${order.lines[0].booking.id}@excursio`);
    // 10:00 in Berlin in winter is 09:00 UTC; the offer lasts 120 minutes.
    expect(ics).toContain('DTSTART:20261201T090000Z');
    expect(ics).toContain('DTEND:20261201T110000Z');
    expect(ics).toContain('GEO:53.54;9.98');
  });

  it("writes the start, and the ticket's time, in the organization's 12-hour time and date display formats", async () => {
    const b = await createAccount(t);
    await t.db
      .update(baseAccounts)
      .set({ profile: sql`${baseAccounts.profile} || '{"time_format":"12h"}'::jsonb` })
      .where(eq(baseAccounts.id, b.account.id));
    await t.db.insert(productConfigurations).values({ accountId: b.account.id, dateFormat: 'DD.MM.YYYY' });
    const offer = await createSellableOffer(t, b, { lines: [{ time: '14:30' }] });
    const who = contact();
    const hold = await reserveParty(t, b, offer, DAY, { adults: 1 });
    const order = (await book(t, b, hold.id, who)).json();
    const [mail] = await mailsTo(who.email);
    expect(mail.text).toContain('When: Tuesday, 01.12.2026, 02:30 PM (Europe/Berlin)');
    const ticket = await t.app.inject({ url: `/api/bookings/${order.lines[0].booking.id}/ticket/`, headers: b.owner.headers });
    expect(ticket.json().time).toBe('02:30 PM');
  });

  it('a phone booking without an email writes nobody; a failing mailer never fails the booking', async () => {
    const offer = await createSellableOffer(t, a);
    const cart = await cartOf(t, a.owner);
    expect((await post(`/api/cart/${cart.id}/lines/`, lineBody(offer, DAY, { adults: 1 }))).statusCode).toBe(201);
    const phoneOnly = { first_name: 'Grace', last_name: 'Hopper', phone: '+49 40 123456' };
    const before = t.mailer.outbox?.length ?? 0;
    expect((await post('/api/orders/', { cart_id: cart.id, contact: phoneOnly })).statusCode).toBe(201);
    await t.settled();
    expect(t.mailer.outbox?.length).toBe(before);

    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('SMTP is down');
    };
    try {
      const hold = await reserveParty(t, a, offer, DAY, { adults: 1 });
      const res = await book(t, a, hold.id);
      expect(res.statusCode, res.body).toBe(201);
      await t.settled();
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.mailer.send = send;
    }
    expect(t.mailer.outbox?.length).toBe(before);
  });

  it('tells of a cancellation with the refund the policy proposes and removes it from the calendar; a refund once', async () => {
    const offer = await harbourOffer();
    await usePolicy(t, a, offer, [{ hours_before: 24, refund_percent: 50 }]);
    const order = await createOrder(t, a, offer, DAY, { adults: 2 });
    const email = order.contact.email as string;
    const paid = await post(`/api/orders/${order.id}/payments/`, {
      kind: 'payment',
      method: 'cash',
      amount: order.total,
      idempotency_key: crypto.randomUUID(),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await post(`/api/orders/${order.id}/cancel/`)).json().proposed_refund).toBe(3500);

    const canceled = (await mailsTo(email)).find((m) => m.subject.includes('canceled'));
    expect(canceled?.subject).toBe(`Your booking ${order.reference} with ${a.account.name} is canceled`);
    // Paid in cash: the mail says the organization owes the refund (recorded as due), not that it is on its way.
    expect(canceled?.text).toContain(`${a.account.name} owes you a refund of €35.00 and will send it`);
    const ics = calendarOf(canceled as MailMessage);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain(`UID:booking-${order.lines[0].booking.id}@excursio`);

    const refund = { kind: 'refund', method: 'cash', amount: 3500, idempotency_key: crypto.randomUUID() };
    expect((await post(`/api/orders/${order.id}/payments/`, refund)).statusCode).toBe(201);
    expect((await post(`/api/orders/${order.id}/payments/`, refund)).statusCode).toBe(201); // the same request again
    const refunds = (await mailsTo(email)).filter((m) => m.subject.startsWith('Refund'));
    expect(refunds.map((m) => m.subject)).toEqual([`Refund of €35.00 for your booking ${order.reference}`]);
    expect(refunds[0].text).toContain('Refunded in total: €35.00 of €70.00 paid.');
  });

  it('an on-request booking is acknowledged, then confirmed (or declined) in a second email', async () => {
    const offer = await harbourOffer();
    await t.db.update(experiences).set({ confirmationMode: 'on_request' }).where(eq(experiences.id, offer.offer.id));
    const first = await createOrder(t, a, offer, DAY, { adults: 1 });
    const second = await createOrder(t, a, offer, DAY, { adults: 1 });
    expect((await post(`/api/orders/${first.id}/confirm/`)).statusCode).toBe(200);
    expect((await post(`/api/orders/${second.id}/decline/`)).statusCode).toBe(200);

    const firstMails = (await mailsTo(first.contact.email)).map((m) => m.subject);
    expect(firstMails).toEqual([
      `We received your booking request ${first.reference}`,
      `Your booking ${first.reference} with ${a.account.name} is confirmed`,
    ]);
    const secondMails = (await mailsTo(second.contact.email)).map((m) => m.subject);
    expect(secondMails).toEqual([
      `We received your booking request ${second.reference}`,
      `Your booking request ${second.reference} could not be accepted`,
    ]);
  });

  it('sends the confirmation again on request; refuses a canceled order, one without email, and a member without the right', async () => {
    const offer = await harbourOffer();
    const order = await createOrder(t, a, offer, DAY, { adults: 1 });
    const email = order.contact.email as string;
    const resend = await post(`/api/orders/${order.id}/resend-confirmation/`);
    expect(resend.statusCode, resend.body).toBe(202);
    expect(resend.json()).toEqual({ sent_to: email });
    const subjects = (await mailsTo(email)).map((m) => m.subject);
    expect(subjects).toEqual([
      `Your booking ${order.reference} with ${a.account.name} is confirmed`,
      `Your booking ${order.reference} with ${a.account.name} is confirmed`,
    ]);

    const viewer = await createMember(t, a, ['View experiences']);
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/resend-confirmation/`, headers: viewer.headers }),
      403,
      { code: 'permission_denied' },
    );
    expect((await post(`/api/orders/${order.id}/cancel/`)).statusCode).toBe(200);
    expectError(await post(`/api/orders/${order.id}/resend-confirmation/`), 409, { code: 'order_canceled' });

    const cart = await cartOf(t, a.owner);
    expect((await post(`/api/cart/${cart.id}/lines/`, lineBody(offer, DAY, { adults: 1 }))).statusCode).toBe(201);
    const phoneOnly = await post('/api/orders/', {
      cart_id: cart.id,
      contact: { first_name: 'Kim', last_name: 'Lee', phone: '+1 555 0100' },
    });
    expect(phoneOnly.json().seller).toEqual({ id: a.owner.id, name: expect.any(String) }); // taken at the desk
    expect(order.seller).toBeNull(); // booked through the public API
    expectError(await post(`/api/orders/${phoneOnly.json().id}/resend-confirmation/`), 409, { code: 'no_email' });
    await t.settled();
    expect((await mailsTo(email)).length).toBe(3); // + the cancellation, nothing else
  });
});

import { type DisplayDateFormat, formatCalendarDate, formatClockTime, formatMoney } from '@excursio/contract/format';
import type { CancellationRefundWay, OrderDetail, OrderLine } from '@excursio/contract/orders';
import { groupShortCode } from '@excursio/contract/tickets';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MailAttachment, MailMessage } from '../../integrations/mail.ts';
import { confirmationHtml, ticketImageId } from './order-mail-html.ts';
import type { MailFacts } from './order-mails.repository.ts';

/** What a cancellation did with the refund it owes (refund-due.service.ts). */
export type CancellationRefund = { amount: number; way: CancellationRefundWay };

/**
 * What really happens to a cancellation's refund, in the buyer's words: refunded to the card now,
 * to be refunded by the organization (recorded as due on the order), or nothing under the policy.
 */
export const refundSentence = (
  refund: CancellationRefund,
  money: (minor: number) => string,
  org: string,
  paidNothing: boolean,
) =>
  refund.way === 'card'
    ? `${money(refund.amount)} has been refunded to the card you paid with. Depending on your bank, it can take a few days to reach your account.`
    : refund.way === 'operator'
      ? `${org} owes you a refund of ${money(refund.amount)} and will send it; you will get a separate notice when it is sent.`
      : paidNothing
        ? 'Nothing was paid, so there is nothing to refund.'
        : 'Under the cancellation policy, nothing is refunded.';

/** What happened to an order that its buyer is told about. */
export type OrderNotice =
  | { kind: 'confirmed' }
  | { kind: 'requested' }
  | { kind: 'declined'; refund: CancellationRefund }
  | { kind: 'canceled'; lineIds: string[]; refund: CancellationRefund }
  | { kind: 'refunded'; amount: number };

type Booked = OrderLine & { booking: NonNullable<OrderLine['booking']> };
const booked = (lines: OrderLine[]): Booked[] => lines.filter((l): l is Booked => l.booking !== null);

/**
 * 'Thursday, 26. November 2026, 10:00 (Europe/Lisbon)' in the organization's date and time formats
 * ('… 26.11.2026, 10:00 AM …'): the start as the traveller's watch will show it there.
 */
export const localStart = (
  startsAt: string,
  timeZone: string,
  timeFormat: '24h' | '12h' = '24h',
  dateFormat?: DisplayDateFormat,
) => {
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long' }).format(new Date(startsAt));
  return `${weekday}, ${formatCalendarDate(startsAt, timeZone, dateFormat)}, ${formatClockTime(startsAt, timeZone, timeFormat)} (${timeZone})`;
};

const partyText = (line: Booked, facts: MailFacts) =>
  line.booking.party
    .filter((p) => p.quantity > 0)
    .map((p) => `${p.quantity} × ${facts.categories.get(p.pricing_category_id) ?? 'Participant'}`)
    .join(', ');

const meetingText = (line: Booked, facts: MailFacts) => {
  const offer = line.experience_id ? facts.offers.get(line.experience_id) : undefined;
  const point = offer?.meetingPoint;
  if (!point) return offer?.address ? [`Where: ${offer.address}`] : [];
  const map =
    point.latitude !== null && point.longitude !== null
      ? [
          `Map: https://www.openstreetmap.org/?mlat=${point.latitude}&mlon=${point.longitude}#map=17/${point.latitude}/${point.longitude}`,
        ]
      : [];
  return [
    `Meeting point: ${[point.name, point.address].filter(Boolean).join(', ')}`,
    ...(point.instructions ? [point.instructions] : []),
    ...map,
  ];
};

const bookingBlock = (line: Booked, facts: MailFacts) => [
  line.description,
  `When: ${localStart(line.booking.starts_at, line.booking.time_zone, facts.organization.timeFormat, facts.organization.dateFormat)}`,
  `Who: ${partyText(line, facts) || `${line.booking.participants} participant(s)`}`,
  ...meetingText(line, facts),
  ...line.extras.map((e) => `Extra: ${e.quantity} × ${e.name}`),
];

const moneyLines = (order: OrderDetail) => {
  const due = Math.max(0, order.total - order.paid + order.refunded);
  return [
    `Total: ${formatMoney(order.total, order.currency, 'en-GB')}`,
    `Paid: ${formatMoney(order.paid - order.refunded, order.currency, 'en-GB')}`,
    ...(due > 0 && order.status !== 'canceled' ? [`Still to pay: ${formatMoney(due, order.currency, 'en-GB')}`] : []),
  ];
};

/** One calendar entry per booking, keyed by the booking so a later cancellation replaces it in the calendar. */
export const bookingsCalendar = (lines: Booked[], facts: MailFacts, order: OrderDetail, cancel: boolean) => {
  const calendar = ical({
    prodId: { company: 'Excursio', product: 'Bookings', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  for (const line of lines) {
    const offer = line.experience_id ? facts.offers.get(line.experience_id) : undefined;
    const start = new Date(line.booking.starts_at);
    const point = offer?.meetingPoint;
    calendar.createEvent({
      id: `booking-${line.booking.id}@excursio`,
      sequence: cancel ? 1 : 0,
      start,
      end: new Date(start.getTime() + (offer?.durationMinutes ?? 60) * 60_000),
      summary: line.description,
      description: `${facts.organization.name}, booking ${order.reference}\n${partyText(line, facts)}`,
      location: point
        ? {
            title: point.name,
            address: point.address || undefined,
            geo: point.latitude !== null && point.longitude !== null ? { lat: point.latitude, lon: point.longitude } : undefined,
          }
        : offer?.address || null,
      status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
};

const calendarAttachment = (content: string, order: OrderDetail, cancel: boolean): MailAttachment => ({
  filename: `booking-${order.number}.ics`,
  content,
  contentType: `text/calendar; charset=utf-8; method=${cancel ? 'CANCEL' : 'PUBLISH'}`,
});

const body = (facts: MailFacts, ...lines: string[]) => `${lines.join('\n')}\n\n— ${facts.organization.name}\n`;

/** The email telling the buyer what happened to their order, or null when there is nobody to write to. */
export const orderMail = (order: OrderDetail, notice: OrderNotice, facts: MailFacts): MailMessage | null => {
  const to = order.contact.email;
  if (!to) return null;
  const org = facts.organization.name;
  const hello = `Hello ${order.contact.first_name || 'there'},`;
  const active = booked(order.lines.filter((l) => l.status === 'active'));
  const blocks = (lines: Booked[]) => lines.flatMap((l) => ['', ...bookingBlock(l, facts)]);
  const money = (amount: number) => formatMoney(amount, order.currency, 'en-GB');
  switch (notice.kind) {
    case 'confirmed': {
      const intro = `Thank you for booking with ${org}. Your booking reference is ${order.reference}.`;
      const ticketOf = (l: Booked) => facts.tickets?.byBooking.get(l.booking.id);
      const withTicket = (l: Booked) => {
        const ticket = ticketOf(l);
        return [...bookingBlock(l, facts), ...(ticket ? [`Ticket: ${groupShortCode(ticket.code)}`] : [])];
      };
      const showTicket = facts.tickets
        ? ['Show your ticket’s QR code at the start, on your phone or printed from the attached PDF.']
        : [];
      const closing = [
        ...showTicket,
        'The attached calendar file adds the date to your calendar. Please be at the meeting point a few minutes early.',
      ];
      const tickets = facts.tickets;
      return {
        to,
        subject: `Your booking ${order.reference} with ${org} is confirmed`,
        text: body(
          facts,
          hello,
          '',
          intro,
          ...active.flatMap((l) => ['', ...withTicket(l)]),
          '',
          ...moneyLines(order),
          '',
          ...closing,
        ),
        ...(tickets
          ? {
              html: confirmationHtml(
                [[hello], [intro]],
                active.map((l) => ({ lines: bookingBlock(l, facts), ticket: ticketOf(l) })),
                [moneyLines(order), closing, [`— ${org}`]],
              ),
            }
          : {}),
        attachments: [
          calendarAttachment(bookingsCalendar(active, facts, order, false), order, false),
          ...(tickets
            ? [
                { filename: `tickets-${order.number}.pdf`, content: tickets.pdf, contentType: 'application/pdf' },
                ...[...tickets.byBooking.values()].map((t) => ({
                  filename: `ticket-${t.code}.png`,
                  content: t.png,
                  contentType: 'image/png',
                  cid: ticketImageId(t.code),
                })),
              ]
            : []),
        ],
      };
    }
    case 'requested':
      return {
        to,
        subject: `We received your booking request ${order.reference}`,
        text: body(
          facts,
          hello,
          '',
          `${org} has received your booking request ${order.reference} and will confirm it shortly. Your places are held; you will get another email once it is confirmed.`,
          ...blocks(active),
          '',
          ...moneyLines(order),
        ),
      };
    case 'declined':
      return {
        to,
        subject: `Your booking request ${order.reference} could not be accepted`,
        text: body(
          facts,
          hello,
          '',
          `We are sorry: ${org} could not accept your booking request ${order.reference}.`,
          '',
          refundSentence(notice.refund, money, org, order.paid === 0),
        ),
      };
    case 'canceled': {
      const canceled = booked(order.lines.filter((l) => notice.lineIds.includes(l.id)));
      return {
        to,
        subject:
          order.status === 'canceled'
            ? `Your booking ${order.reference} with ${org} is canceled`
            : `Part of your booking ${order.reference} with ${org} is canceled`,
        text: body(
          facts,
          hello,
          '',
          `The following ${canceled.length === 1 ? 'booking was' : 'bookings were'} canceled (reference ${order.reference}):`,
          ...blocks(canceled),
          '',
          refundSentence(notice.refund, money, org, order.paid === 0),
          ...(active.length ? ['', 'Still booked:', ...blocks(active)] : []),
        ),
        attachments: canceled.length ? [calendarAttachment(bookingsCalendar(canceled, facts, order, true), order, true)] : [],
      };
    }
    case 'refunded':
      return {
        to,
        subject: `Refund of ${money(notice.amount)} for your booking ${order.reference}`,
        text: body(
          facts,
          hello,
          '',
          `${org} has refunded ${money(notice.amount)} for your booking ${order.reference}.`,
          `Refunded in total: ${money(order.refunded)} of ${money(order.paid)} paid.`,
          '',
          'Depending on how you paid, it can take a few days to reach your account.',
        ),
      };
  }
};

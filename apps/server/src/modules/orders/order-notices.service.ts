import type { OrderDetail } from '@excursio/contract/orders';
import { notFound, refusedByState } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { recordChange } from '../audit/audit.service.ts';
import { pricingCategoryNames } from '../pricing/pricing-categories.service.ts';
import { qrPng } from '../tickets/qr-render.ts';
import { renderTicketsPdf } from '../tickets/ticket-pdf.ts';
import { bookingTickets } from '../tickets/tickets.service.ts';
import { type MailFacts, mailFactsOf } from './order-mails.repository.ts';
import { bookingsCalendar, type OrderNotice, orderMail } from './order-mails.ts';
import { categoryIdsOf, getOrder } from './orders.service.ts';
import { orderOfCheckout } from './place-order.service.ts';

/** A confirmation's tickets: each confirmed booking's, its QR code as an image, and all of them as a PDF. */
const ticketsForMail = async (ctx: AppContext, accountId: string, order: OrderDetail): Promise<MailFacts['tickets']> => {
  const bookingIds = order.lines.flatMap((l) =>
    l.status === 'active' && l.booking?.status === 'confirmed' ? [l.booking.id] : [],
  );
  const tickets = (await bookingTickets(ctx, accountId, bookingIds)).filter((t) => t.status === 'confirmed');
  if (!tickets.length) return undefined;
  const images = await Promise.all(tickets.map((t) => qrPng(t.content, 400, 'M')));
  return {
    byBooking: new Map(tickets.map((t, i) => [t.booking_id, { code: t.code, png: images[i] }])),
    pdf: await renderTicketsPdf(tickets),
  };
};

const sendNotice = async (ctx: AppContext, accountId: string, orderId: string, notice: OrderNotice) => {
  const order = await getOrder(ctx.db, accountId, orderId);
  const experienceIds = [...new Set(order.lines.flatMap((l) => (l.experience_id ? [l.experience_id] : [])))];
  const facts: MailFacts = {
    ...(await mailFactsOf(ctx.db, accountId, experienceIds)),
    categories: await pricingCategoryNames(ctx.db, accountId, categoryIdsOf(order)),
    tickets: notice.kind === 'confirmed' ? await ticketsForMail(ctx, accountId, order) : undefined,
  };
  const mail = orderMail(order, notice, facts);
  if (mail) await ctx.mailer.send(mail);
};

/** Per order, the last notice on its way: an order's notices go out in the order they happened. */
const inFlight = new Map<string, Promise<unknown>>();

/**
 * Tells the order's buyer (its contact email) what happened, without the answer waiting for it: the change
 * is committed whatever the mail does, and a mail that fails is logged, never the request's error.
 * Notices of one order are chained (a confirmation never overtakes the request received); the
 * background tracks them for shutdown and tests. Not durable yet (the job queue of the operations
 * issue takes it over).
 */
export const noticeOrder = (ctx: AppContext, accountId: string, orderId: string, notice: OrderNotice) => {
  const previous = inFlight.get(orderId) ?? Promise.resolve();
  // Settles with the failure instead of rejecting, so the chain goes on and nothing is left unhandled.
  const sent = previous
    .then(() => sendNotice(ctx, accountId, orderId, notice))
    .then(
      () => null,
      (error: unknown) => error,
    );
  inFlight.set(orderId, sent);
  void sent.finally(() => inFlight.get(orderId) === sent && inFlight.delete(orderId));
  ctx.background.run(`order mail: ${notice.kind}`, async () => {
    const failure = await sent;
    if (failure) throw failure;
  });
};

/**
 * Sends the buyer their confirmation again (or, while an on-request order waits, the request
 * received): answers where it goes. A canceled order or one without an email is refused.
 */
export const resendConfirmation = async (ctx: AppContext, accountId: string, orderId: string) => {
  const order = await getOrder(ctx.db, accountId, orderId);
  if (order.status === 'canceled') throw refusedByState('order_canceled', 'This order is canceled: there is nothing to confirm.');
  if (!order.contact.email) {
    throw refusedByState('no_email', 'This order has no contact email: add one to the customer, or call them.');
  }
  const email = order.contact.email;
  // No row changes: the entry is the record that (and to whom) it was sent again, by whom.
  await ctx.db.transaction((tx) =>
    recordChange(
      tx,
      accountId,
      { type: 'order', id: order.id, label: `#${order.number}`, orderId: order.id },
      null,
      {
        'Sent to': email,
      },
      'confirmation_resent',
    ),
  );
  noticeOrder(ctx, accountId, orderId, { kind: order.status === 'confirmed' ? 'confirmed' : 'requested' });
  return { sent_to: email };
};

/**
 * The iCal file of the bookings a checkout made (the confirmation page's "Add to calendar"):
 * the same events as the confirmation email's attachment.
 */
export const calendarOfCheckout = async (db: AppContext['db'], accountId: string, sessionId: string) => {
  const order = await orderOfCheckout(db, accountId, sessionId);
  if (!order) throw notFound('No order was made by this checkout.');
  const experienceIds = [...new Set(order.lines.flatMap((l) => (l.experience_id ? [l.experience_id] : [])))];
  const facts = {
    ...(await mailFactsOf(db, order.ownerAccountId, experienceIds)),
    categories: await pricingCategoryNames(db, order.ownerAccountId, categoryIdsOf(order)),
  };
  const lines = order.lines.filter(
    (l): l is typeof l & { booking: NonNullable<typeof l.booking> } => l.booking !== null && l.status === 'active',
  );
  return { filename: `booking-${order.number}.ics`, content: bookingsCalendar(lines, facts, order, false) };
};

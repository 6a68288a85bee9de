import { randomUUID } from 'node:crypto';
import type { OrderDetail } from '@excursio/contract/orders';
import type { FastifyBaseLogger } from 'fastify';
import { notFound, refusedByState } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { RETRY_LIMIT } from '../../jobs/queue.ts';
import { recordChange } from '../audit/audit.service.ts';
import { pricingCategoryNames } from '../pricing/pricing-categories.service.ts';
import { qrPng } from '../tickets/qr-render.ts';
import { renderTicketsPdf } from '../tickets/ticket-pdf.ts';
import { bookingTickets } from '../tickets/tickets.service.ts';
import { type MailFacts, mailFactsOf } from './order-mails.repository.ts';
import { bookingsCalendar, type OrderNotice, orderMail } from './order-mails.ts';
import {
  claimNotice,
  firstWaitingNotice,
  insertOrderNotice,
  markNoticeSent,
  ordersWithStaleNotices,
  recordNoticeFailure,
} from './order-notices.repository.ts';
import { categoryIdsOf, getOrder } from './orders.service.ts';
import { orderOfCheckout } from './place-order.service.ts';

type Log = Pick<FastifyBaseLogger, 'error'>;

type SendDeps = Pick<AppContext, 'db' | 'config' | 'mailer' | 'clock'>;

/** The job that sends an order's waiting notices, and the sweep that queues the ones a lost job left. */
export const ORDER_NOTICES_JOB = 'order-notices-send';
export const ORDER_NOTICES_SWEEP_JOB = 'order-notices-sweep';
/** A notice failing this many times (the first run and the queue's retries) is given up: the next ones go on. */
export const GIVE_UP_AFTER = RETRY_LIMIT + 1;

/** A confirmation's tickets: each confirmed booking's, its QR code as an image, and all of them as a PDF. */
const ticketsForMail = async (deps: SendDeps, accountId: string, order: OrderDetail): Promise<MailFacts['tickets']> => {
  const bookingIds = order.lines.flatMap((l) =>
    l.status === 'active' && l.booking?.status === 'confirmed' ? [l.booking.id] : [],
  );
  const tickets = (await bookingTickets(deps, accountId, bookingIds)).filter((t) => t.status === 'confirmed');
  if (!tickets.length) return undefined;
  return {
    // PNG for the mail's inline images (cached by content); the PDF draws the same grids as vectors.
    byBooking: new Map(tickets.map((t) => [t.booking_id, { code: t.code, png: qrPng(t.content, 400, 'M') }])),
    pdf: await renderTicketsPdf(tickets),
  };
};

/** The mail of one notice as the order stands now (null: nobody to write to). */
const renderNotice = async (deps: SendDeps, accountId: string, orderId: string, notice: OrderNotice) => {
  const order = await getOrder(deps.db, accountId, orderId);
  const experienceIds = [...new Set(order.lines.flatMap((l) => (l.experience_id ? [l.experience_id] : [])))];
  const facts: MailFacts = {
    ...(await mailFactsOf(deps.db, accountId, experienceIds)),
    categories: await pricingCategoryNames(deps.db, accountId, categoryIdsOf(order)),
    tickets: notice.kind === 'confirmed' ? await ticketsForMail(deps, accountId, order) : undefined,
  };
  return orderMail(order, notice, facts);
};

/**
 * Records what happened to the order for its buyer (its contact email) and queues the job that
 * mails it. The answer waits for the one-row insert only (the notice is durable and takes its place
 * among the order's notices before the client hears of the change), never for rendering or mail;
 * neither a failed insert nor a failed queueing fails the committed change (the sweep queues a
 * notice whose job was lost).
 */
export const noticeOrder = async (ctx: AppContext, accountId: string, orderId: string, notice: OrderNotice) => {
  try {
    await insertOrderNotice(ctx.db, { accountId, orderId, kind: notice.kind, notice });
  } catch (error) {
    // Logged through the background runner (the context has no logger of its own).
    ctx.background.run(`order notice not recorded: ${notice.kind}`, () => Promise.reject(error));
    return;
  }
  ctx.jobs.send(ORDER_NOTICES_JOB, { accountId, orderId }).catch((error: unknown) => {
    ctx.background.run(`order notice not queued: ${notice.kind}`, () => Promise.reject(error));
  });
};

/** How long a sender's claim on a notice lasts (rendering and mailing take far less; a crashed sender's claim lapses). */
const CLAIM_SECONDS = 120;

/**
 * The job's sender: sends the order's waiting notices in their order, each once. It only ever takes the
 * order's first notice neither sent nor given up: claims it (a conditional update, a lease: no
 * transaction stays open while mailing, which on PGlite would hold up every request), renders it,
 * mails it, marks it sent. A notice another sender holds is left to that sender (it goes on with the
 * next ones). A failure counts an attempt, releases the claim and fails the job, which the queue
 * retries (a later notice never overtakes it); the last attempt gives it up. Within one app, one run
 * per order at a time (a second job of the order waits, then finds it done).
 */
export const createOrderNoticeSender = (deps: SendDeps, log?: Log) => {
  const sending = new Map<string, Promise<number>>();
  return (accountId: string, orderId: string): Promise<number> => {
    const again = () => sendWaiting(deps, accountId, orderId, log);
    const run = (sending.get(orderId) ?? Promise.resolve(0)).then(again, again);
    sending.set(orderId, run);
    const forget = () => void (sending.get(orderId) === run && sending.delete(orderId));
    run.then(forget, forget);
    return run;
  };
};

const sendWaiting = async (deps: SendDeps, accountId: string, orderId: string, log?: Log) => {
  const claimant = randomUUID();
  let sent = 0;
  for (;;) {
    const next = await firstWaitingNotice(deps.db, orderId);
    if (!next || next.accountId !== accountId || next.claimed) return sent;
    if (!(await claimNotice(deps.db, next.id, claimant, CLAIM_SECONDS))) continue; // taken meanwhile: look again
    try {
      const mail = await renderNotice(deps, accountId, orderId, next.notice as OrderNotice);
      if (mail) await deps.mailer.send(mail);
      await markNoticeSent(deps.db, next.id, claimant);
      if (mail) sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givenUp = await recordNoticeFailure(deps.db, next.id, claimant, message, GIVE_UP_AFTER);
      if (!givenUp) throw error;
      log?.error({ err: error, notice: next.id, order: orderId, kind: next.kind }, 'order notice given up');
    }
  }
};

/** The sweep: orders whose notices wait since a minute or more (a job lost in a crash) get their job again. */
export const queueStaleNotices = async (deps: Pick<AppContext, 'db'>, queue: JobQueue) => {
  const stale = await ordersWithStaleNotices(deps.db, 60, 200);
  for (const { accountId, orderId } of stale) await queue.send(ORDER_NOTICES_JOB, { accountId, orderId });
  return stale.length;
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
  await noticeOrder(ctx, accountId, orderId, { kind: order.status === 'confirmed' ? 'confirmed' : 'requested' });
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

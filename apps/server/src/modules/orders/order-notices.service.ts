import { refusedByState } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { mailFactsOf } from './order-mails.repository.ts';
import { type OrderNotice, orderMail } from './order-mails.ts';
import { getOrder } from './orders.service.ts';

const sendNotice = async (ctx: AppContext, accountId: string, orderId: string, notice: OrderNotice) => {
  const order = await getOrder(ctx.db, accountId, orderId);
  const experienceIds = [...new Set(order.lines.flatMap((l) => (l.experience_id ? [l.experience_id] : [])))];
  const categoryIds = [...new Set(order.lines.flatMap((l) => l.booking?.party.map((p) => p.pricing_category_id) ?? []))];
  const mail = orderMail(order, notice, await mailFactsOf(ctx.db, accountId, experienceIds, categoryIds));
  if (mail) await ctx.mailer.send(mail);
};

/**
 * Tells the order's buyer (its contact email) what happened, after the answer is sent: the change
 * is committed whatever the mail does, and a mail that fails is logged, never the request's error.
 * Not durable yet (the job queue of the operations issue takes it over).
 */
export const noticeOrder = (ctx: AppContext, accountId: string, orderId: string, notice: OrderNotice) =>
  ctx.background.run(`order mail: ${notice.kind}`, () => sendNotice(ctx, accountId, orderId, notice));

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
  noticeOrder(ctx, accountId, orderId, { kind: order.status === 'confirmed' ? 'confirmed' : 'requested' });
  return { sent_to: order.contact.email };
};

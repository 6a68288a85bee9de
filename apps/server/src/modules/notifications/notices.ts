import { formatMoney } from '@excursio/contract/format';
import type { Executor } from '../../db/client.ts';
import { insertNotices, type NewNotice, organizationName, resaleOfOrder } from './notifications.repository.ts';

/**
 * The organization's notices, recorded in the caller's transaction (an outbox: the notice exists
 * exactly when the change it reports commits; a rolled-back order notifies nobody). The integrator
 * webhooks' emit points call these (modules/webhooks/events.ts), so every place that reports an
 * order's creation, cancellation or a failed movement to integrators reports it here too. The job
 * queue mails them later (notification-jobs.ts).
 */

type OrderFacts = {
  id: string;
  accountId: string;
  number: number;
  status: string;
  channel: string;
  currency: string;
  totalMinor: number;
  contactFirstName: string;
  contactLastName: string;
  sellerUserId?: string | null;
};

const CHANNEL_WORDS: Record<string, string> = {
  backoffice: 'in the back office',
  webstore: 'in the webstore',
  api: 'through the API',
};

const contactOf = (o: OrderFacts) => `${o.contactFirstName} ${o.contactLastName}`.trim() || 'A guest';
const money = (minor: number, currency: string) => formatMoney(minor, currency, 'en-GB');
const orderLink = (orderId: string) => `/orders/editor/${orderId}/details`;
const RESALES_LINK = '/resales/overview?pageSize=25';

/**
 * A new order: the organization's new booking — or, for a resale, the supplier's resale and the
 * reseller's sale. `resold: false`: the caller knows no resale was recorded with it (nothing to read).
 */
export const noticeOrderCreated = async (tx: Executor, order: OrderFacts, options: { resold?: boolean } = {}) => {
  const total = money(order.totalMinor, order.currency);
  const waiting = order.status === 'created' ? ' It waits for your confirmation.' : '';
  const resale = options.resold === false ? null : await resaleOfOrder(tx, order.id);
  if (!resale) {
    await insertNotices(tx, [
      {
        accountId: order.accountId,
        kind: 'new_booking',
        title: `New booking #${order.number}`,
        message: `${contactOf(order)} booked ${total} ${CHANNEL_WORDS[order.channel] ?? ''}.${waiting}`.replace(' .', '.'),
        orderId: order.id,
        link: orderLink(order.id),
        actorUserId: order.sellerUserId ?? null,
      },
    ]);
    return;
  }
  await insertNotices(tx, [
    {
      accountId: order.accountId,
      kind: 'resale',
      title: `Resale #${order.number} by ${resale.resellerName}`,
      message: `${resale.resellerName} sold ${total} of your offers to ${contactOf(order)}.${waiting}`,
      orderId: order.id,
      link: orderLink(order.id),
    },
    {
      accountId: resale.resellerAccountId,
      kind: 'new_booking',
      title: `New sale #${order.number} of ${resale.supplierName}`,
      message: `${contactOf(order)} booked ${total} of ${resale.supplierName}'s offers.`,
      link: RESALES_LINK,
      actorUserId: resale.sellerUserId,
    },
  ]);
};

/**
 * A canceled order. The organization hears of it when someone outside it canceled (a reseller, later
 * the guest); a reseller hears when the supplier canceled its sale. Its own members' cancellations
 * are not news to it.
 */
export const noticeOrderCanceled = async (tx: Executor, order: OrderFacts, byAccountId: string) => {
  const resale = await resaleOfOrder(tx, order.id);
  const notices: NewNotice[] = [];
  if (byAccountId !== order.accountId) {
    const by = resale?.resellerAccountId === byAccountId ? resale.resellerName : await organizationName(tx, byAccountId);
    notices.push({
      accountId: order.accountId,
      kind: 'cancellation',
      title: `Booking #${order.number} canceled by ${by}`,
      message: `${by} canceled the booking of ${contactOf(order)}: its places are free again.`,
      orderId: order.id,
      link: orderLink(order.id),
    });
  }
  if (resale && byAccountId !== resale.resellerAccountId) {
    notices.push({
      accountId: resale.resellerAccountId,
      kind: 'resale',
      title: `${resale.supplierName} canceled sale #${order.number}`,
      message: `${resale.supplierName} canceled the booking of ${contactOf(order)} that you sold.`,
      link: RESALES_LINK,
    });
  }
  await insertNotices(tx, notices);
};

/** A card payment or refund the provider did not make. */
export const noticeMovementFailed = async (
  tx: Executor,
  movement: {
    accountId: string;
    orderId: string;
    kind: 'payment' | 'refund';
    amountMinor: number;
    createdByUserId?: string | null;
  },
  order: { number: number; currency: string },
) => {
  const amount = money(movement.amountMinor, order.currency);
  const refund = movement.kind === 'refund';
  await insertNotices(tx, [
    {
      accountId: movement.accountId,
      kind: 'payment_failed',
      title: refund ? `Card refund failed for #${order.number}` : `Card payment failed for #${order.number}`,
      message: refund
        ? `The card refund of ${amount} did not go through: nothing was refunded.`
        : `The card payment of ${amount} did not go through: nothing was charged.`,
      orderId: movement.orderId,
      link: orderLink(movement.orderId),
      actorUserId: movement.createdByUserId ?? null,
    },
  ]);
};

/** A visitor paid by card, but no order could be made (the checkout is flagged; the money goes back). */
export const noticeCheckoutFlagged = async (
  tx: Executor,
  checkout: { accountId: string; amountMinor: number; currency: string; problem: string },
) => {
  await insertNotices(tx, [
    {
      accountId: checkout.accountId,
      kind: 'payment_failed',
      title: `A card payment of ${money(checkout.amountMinor, checkout.currency)} made no booking`,
      message: `${checkout.problem} It is being refunded in full: the reconciliation under Payment providers shows it if the refund fails.`,
      link: '/settings/payment-providers',
    },
  ]);
};

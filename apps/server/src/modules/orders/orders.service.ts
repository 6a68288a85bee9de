import { randomBytes } from 'node:crypto';
import type { BookInput, OrderDetail } from '@excursio/contract/orders';
import type { Db, Executor } from '../../db/client.ts';
import { notFound, refusedByState } from '../../http/app-error.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import { type OfferForAvailability, offersForAvailability, offersOfHold } from '../availability/availability.repository.ts';
import { cancelBookingInTx, convertHoldInTx } from '../availability/reservations.service.ts';
import { answersForOffer } from '../cart/cart.service.ts';
import { customerForContact } from '../customers/customers.service.ts';
import { emitOrderCreated, emitOrderEvent } from '../webhooks/events.ts';
import { confirmBookingsOfOrder } from './bookings.repository.ts';
import { hoursBefore, orderMoney, proposedRefund } from './money.ts';
import { auditBooking, auditOrder } from './order-audit.ts';
import { linesOfOrders, sellingOfOrders } from './order-list-facts.repository.ts';
import { moneyOfOrder, restateOrder } from './order-money.service.ts';
import { cancellationPolicyOf } from './order-policies.repository.ts';
import { memberName, toOrder, toOrderDetail, toPublicOrder } from './order-wire.ts';
import {
  cancelOrderLineRow,
  findOrder,
  insertOrder,
  insertOrderLine,
  linesOfOrder,
  listOrders,
  lockOrder,
  nextOrderNumber,
  type OrderRow,
  orderFilterValues,
  paymentsOfOrder,
  paymentsOfOrders,
  sellerOfOrder,
  sellersOfOrders,
  storeSlugOf,
  storesOfOrders,
  updateOrder,
  updateOrderLineAnswers,
} from './orders.repository.ts';
import { oweRefundInTx, refundOwedToCard } from './refund-due.service.ts';
import { duesOfOrder, duesOfOrders, invoiceNumberOf } from './refund-dues.repository.ts';
import { findOrderBySessionFor, resaleStoreOf, resellerOfOrder, resellersOfOrders } from './resale-record.repository.ts';

/**
 * Orders. Every change of an order runs in one transaction behind the order's row lock; capacity
 * moves only through the availability engine (a hold converted into a booking, a booking canceled
 * under its slot's lock), and money only as recorded movements (payments.service.ts; money.ts
 * derives the rest).
 */

export const orderDetail = async (db: Executor, accountId: string, order: OrderRow): Promise<OrderDetail> =>
  toOrderDetail(
    order,
    await linesOfOrder(db, accountId, order.id),
    await paymentsOfOrder(db, accountId, order.id),
    // The team member who sold it, or the reseller organization of a resale.
    order.sellerUserId
      ? await sellerOfOrder(db, accountId, order.sellerUserId).then((u) => (u ? { id: u.id, name: memberName(u) } : null))
      : await resellerOfOrder(db, order.id).then((r) => (r ? { id: r.id, name: `${r.name} (reseller)` } : null)),
    (await sellingOfOrders(db, accountId, [order.id]))[0] ?? null,
    await duesOfOrder(db, accountId, order.id),
    await invoiceNumberOf(db, accountId, order.id),
  );

/** The pricing categories an order's bookings name (for their names in mails and invoices). */
export const categoryIdsOf = (order: OrderDetail) => [
  ...new Set(order.lines.flatMap((l) => l.booking?.party.map((p) => p.pricing_category_id) ?? [])),
];

/** Locks an order's row in `tx`: the first lock of every change of an order (invoices issue behind it too). */
export const lockOrderInTx = lockOrder;

export const getOrder = async (db: Db, accountId: string, orderId: string) => {
  const order = await findOrder(db, accountId, orderId);
  if (!order) throw notFound('This order does not exist.');
  return orderDetail(db, accountId, order);
};

/** An unguessable id for the checkout that makes an order (the confirmation page's key). */
export const newCheckoutSession = () => `cs_${randomBytes(24).toString('base64url')}`;

/** GET /api/order?session_id=: the public summary of the order a checkout produced. */
export const orderOfSession = async (db: Db, accountId: string, sessionId: string) => {
  // The host's own order, or a resale it made (the order is then its supplier's).
  const order = await findOrderBySessionFor(db, accountId, sessionId);
  if (!order) throw notFound('No order was made by this checkout.');
  const storeId = order.accountId === accountId ? order.storeId : await resaleStoreOf(db, order.id);
  const [lines, movements, store] = await Promise.all([
    linesOfOrder(db, order.accountId, order.id),
    paymentsOfOrder(db, order.accountId, order.id),
    storeId ? storeSlugOf(db, accountId, storeId) : null,
  ]);
  return toPublicOrder(order, lines, movements, store);
};

/**
 * POST /api/1/book/: turns a hold into a confirmed order of one booking, exactly once (the hold's
 * conversion is the engine's; a second attempt finds it converted and is refused).
 */
export const bookHold = async (
  db: Db,
  accountId: string,
  input: BookInput,
  options: { now: Date; channel: OrderRow['channel']; sellerUserId?: string | null },
) => {
  const order = await db.transaction(async (tx) => {
    const [held] = await offersOfHold(tx, accountId, input.holdId);
    const status = statusFor(held ? [held] : []);
    const booking = await convertHoldInTx(tx, accountId, input.holdId, { now: options.now, status, offer: held ?? null });
    // A reseller's hold books only in the reseller's store, where the resale is recorded with it.
    if (booking.partnershipId) {
      throw refusedByState(
        'resale_hold',
        'This reservation was made in a partner’s store: complete the booking there.',
        'holdId',
      );
    }
    const [offer] = await offersForAvailability(tx, accountId, { experienceId: booking.experienceId });
    const customerId = await customerForContact(tx, accountId, input.contact);
    const created = await insertOrder(tx, {
      accountId,
      number: await nextOrderNumber(tx, accountId),
      channel: options.channel,
      sellerUserId: options.sellerUserId ?? null,
      customerId,
      contactFirstName: input.contact.first_name,
      contactLastName: input.contact.last_name,
      contactEmail: input.contact.email,
      contactPhone: input.contact.phone ?? '',
      note: input.note ?? '',
      status,
      currency: booking.currency,
      totalMinor: booking.totalMinor,
      paymentStatus: orderMoney(booking.totalMinor, []).status,
      // The app's clock (the date ranges of the list are measured on it).
      createdAt: options.now,
      checkoutSessionId: newCheckoutSession(),
    });
    await insertOrderLine(tx, {
      accountId,
      orderId: created.id,
      bookingId: booking.id,
      experienceId: booking.experienceId,
      description: offer?.title ?? 'Booking',
      totalMinor: booking.totalMinor,
    });
    await auditOrder(tx, null, created);
    await emitOrderCreated(tx, created, { resold: false });
    return created;
  });
  return orderDetail(db, accountId, order);
};

/** An order (or booking) of on-request offers waits as Created until the operator confirms it. */
export const statusFor = (offers: readonly (Pick<OfferForAvailability, 'confirmationMode'> | undefined)[]) =>
  offers.some((o) => o?.confirmationMode === 'on_request') ? ('created' as const) : ('confirmed' as const);

/** Confirms an order waiting for confirmation: its bookings and the order become Confirmed, once. */
export const confirmOrder = async (db: Db, accountId: string, orderId: string) => {
  const order = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, accountId, orderId);
    if (!locked) throw notFound('This order does not exist.');
    if (locked.status !== 'created') {
      throw refusedByState('order_not_waiting', `This order is ${locked.status}: there is nothing to confirm.`);
    }
    await confirmBookingsOfOrder(tx, accountId, orderId);
    const confirmed = await updateOrder(tx, orderId, { status: 'confirmed' });
    await auditOrder(tx, locked, confirmed, 'confirmed');
    await emitOrderEvent(tx, 'order.confirmed', confirmed);
    return confirmed;
  });
  return orderDetail(db, accountId, order);
};

/** Where a cancellation's refund goes: the card provider's client (Stripe) and who acted, for the record. */
export type CancelOptions = {
  stripe?: StripeClient | null;
  userId?: string | null;
  /** The organization acting when it is not the order's own (a reseller canceling its sale). */
  canceledBy?: string;
};

/**
 * After a cancelling transaction committed: the refund it owes goes to the card (paid through a
 * provider) or stays due for the operator; answers the order as it is now and what happened.
 */
export const afterCancel = async (
  db: Db,
  accountId: string,
  canceled: Awaited<ReturnType<typeof cancelLines>>,
  options: CancelOptions,
) => {
  const movements = await paymentsOfOrder(db, accountId, canceled.order.id);
  const refund = await refundOwedToCard(db, canceled.order, canceled.due, movements, options);
  const order = (await findOrder(db, accountId, canceled.order.id)) ?? canceled.order;
  return {
    order: await orderDetail(db, accountId, order),
    proposed_refund: canceled.proposed,
    refund,
    canceledLineIds: canceled.canceledLineIds,
  };
};

/**
 * Declines an order waiting for confirmation: canceled like any order (its places come back once),
 * and everything paid is owed back, whatever the cancellation policy says.
 */
export const declineOrder = async (db: Db, accountId: string, orderId: string, now: Date, options: CancelOptions = {}) => {
  const canceled = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, accountId, orderId);
    if (!locked) throw notFound('This order does not exist.');
    if (locked.status !== 'created') {
      throw refusedByState(
        'order_not_waiting',
        `This order is ${locked.status}: only an order waiting for confirmation can be declined.`,
      );
    }
    return cancelLines(tx, accountId, locked, await linesOfOrder(tx, accountId, orderId), null, now, { owe: 'everything' });
  });
  return afterCancel(db, accountId, canceled, options);
};

export type LineRow = Awaited<ReturnType<typeof linesOfOrder>>[number];

/**
 * THE cancellation path (orders, lines, declines; resales through `cancelOrder`): cancels lines (all
 * active ones, or one) of a locked order, read behind its lock, and records the refund it owes in the
 * refund-due ledger — the policies' share of each canceled line (`policy`) or everything paid
 * (`everything`: a declined request) — bounded by what can still be refunded and is not owed already.
 * The order's total and payment status follow in the same transaction.
 * With `part`, the line `lineId` stays and only `part.removedMinor` of it is canceled: participants
 * removed, whose places the engine already gave back (order-party.service.ts); the refund and the
 * order's total follow exactly as for a whole line.
 */
export const cancelLines = async (
  tx: Executor,
  accountId: string,
  order: OrderRow,
  all: LineRow[],
  lineId: string | null,
  now: Date,
  options: {
    part?: { removedMinor: number };
    /** The organization whose person or key cancels (the order's own unless a reseller cancels its sale). */
    canceledBy?: string;
    /** What is owed: the policies' share of each canceled line, or everything paid (a declined request). */
    owe?: 'policy' | 'everything';
  } = {},
) => {
  const { part, canceledBy, owe = 'policy' } = options;
  const { money } = await moneyOfOrder(tx, order);
  let refundable = Math.max(0, money.refundableMinor - money.refundDueMinor);
  let proposed = 0;
  let canceledMinor = 0;
  const canceled = new Set<string>();
  const reasons: string[] = [];
  for (const { line, booking, startsAt } of all) {
    if (line.status !== 'active' || (lineId !== null && line.id !== lineId)) continue;
    const amountMinor = part ? part.removedMinor : line.totalMinor;
    if (!part) {
      if (!(await cancelOrderLineRow(tx, line.id, now))) continue;
      canceled.add(line.id);
    }
    canceledMinor += amountMinor;
    if (booking && !part) {
      await cancelBookingInTx(tx, accountId, booking.id, now);
      const audited = { id: booking.id, orderId: order.id, orderNumber: order.number, title: line.description };
      await auditBooking(tx, accountId, audited, { Status: booking.status }, { Status: 'canceled' }, 'canceled');
    }
    if (owe === 'everything') continue;
    const policy = line.experienceId ? await cancellationPolicyOf(tx, accountId, line.experienceId) : null;
    const hours = startsAt ? hoursBefore(startsAt.getTime(), now.getTime()) : 0;
    const share = proposedRefund(policy, amountMinor, hours, refundable);
    proposed += share.amountMinor;
    refundable -= share.amountMinor;
    reasons.push(`${line.description} (${share.percent} %)`);
  }
  if (owe === 'everything') proposed = refundable;
  const due = await oweRefundInTx(
    tx,
    order,
    proposed,
    owe === 'everything' ? 'Declined: everything paid is refunded.' : `Canceled under the policy: ${reasons.join(', ')}.`,
  );
  const remaining = all.some((l) => l.line.status === 'active' && !canceled.has(l.line.id));
  const updated = await restateOrder(tx, order, {
    totalMinor: order.totalMinor - canceledMinor,
    ...(remaining ? {} : { status: 'canceled', canceledAt: now }),
  });
  await auditOrder(tx, order, updated, remaining ? undefined : 'canceled');
  if (!remaining) await emitOrderEvent(tx, 'order.canceled', updated, canceledBy);
  return { order: updated, proposed, canceledLineIds: [...canceled], due };
};

/** Changes a line's answers: each must answer one of its offer's questions, the required ones stay answered. */
export const changeOrderLineAnswers = async (
  db: Db,
  accountId: string,
  orderId: string,
  lineId: string,
  given: { question_id: string; answer: string }[],
) => {
  const order = await getOrder(db, accountId, orderId);
  const line = order.lines.find((l) => l.id === lineId);
  if (!line) throw notFound('This order line does not exist.');
  const answers = await answersForOffer(db, accountId, line.experience_id, given);
  await updateOrderLineAnswers(db, accountId, orderId, lineId, answers);
  const updated = (await getOrder(db, accountId, orderId)).lines.find((l) => l.id === lineId);
  if (!updated) throw notFound('This order line does not exist.');
  return updated;
};

/** Cancels a whole order once: its bookings' places come back exactly once; the policy's refund is owed. */
export const cancelOrder = async (db: Db, accountId: string, orderId: string, now: Date, options: CancelOptions = {}) => {
  const canceled = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, accountId, orderId);
    if (!locked) throw notFound('This order does not exist.');
    if (locked.status === 'canceled') throw refusedByState('order_canceled', 'This order is already canceled.');
    return cancelLines(tx, accountId, locked, await linesOfOrder(tx, accountId, orderId), null, now, {
      canceledBy: options.canceledBy,
    });
  });
  return afterCancel(db, accountId, canceled, options);
};

/** Cancels one line of an order; the order is canceled with its last line. */
export const cancelOrderLine = async (
  db: Db,
  accountId: string,
  orderId: string,
  lineId: string,
  now: Date,
  options: CancelOptions = {},
) => {
  const canceled = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, accountId, orderId);
    if (!locked) throw notFound('This order does not exist.');
    const all = await linesOfOrder(tx, accountId, orderId);
    const line = all.find((l) => l.line.id === lineId);
    if (!line) throw notFound('This order line does not exist.');
    if (line.line.status === 'canceled') throw refusedByState('line_canceled', 'This line is already canceled.');
    return cancelLines(tx, accountId, locked, all, lineId, now);
  });
  return afterCancel(db, accountId, canceled, options);
};

/**
 * A page of orders (newest first unless ordered otherwise), each with its money, its lines' offer and
 * first start, and who sold it: one query each for the page's ids (payments, lines, sellers and stores).
 */
export const listOrdersPage = async (db: Db, accountId: string, query: Parameters<typeof listOrders>[2]) => {
  const { rows, count, capped } = await listOrders(db, accountId, query);
  const ids = rows.map((r) => r.id);
  const [movements, lines, selling, dues] = await Promise.all([
    paymentsOfOrders(db, accountId, ids),
    linesOfOrders(db, accountId, ids),
    sellingOfOrders(db, accountId, ids),
    duesOfOrders(db, accountId, ids),
  ]);
  const sellingOf = new Map(selling.map((s) => [s.orderId, s]));
  return {
    results: rows.map((r) =>
      toOrder(
        r,
        movements.filter((m) => m.orderId === r.id),
        { lines: lines.filter((l) => l.orderId === r.id), selling: sellingOf.get(r.id) ?? null },
        dues.filter((d) => d.orderId === r.id),
      ),
    ),
    lines,
    count,
    capped,
  };
};

/** The values each order filter offers, from the organization's orders ('created' is shown as Unconfirmed). */
export const orderFilterOptions = async (db: Db, accountId: string) => {
  const [rows, sellers, sold, resellers] = await Promise.all([
    orderFilterValues(db, accountId),
    sellersOfOrders(db, accountId),
    storesOfOrders(db, accountId),
    resellersOfOrders(db, accountId),
  ]);
  const distinct = (values: string[]) => [...new Set(values)].sort();
  return {
    status: distinct(rows.map((r) => (r.status === 'created' ? 'unconfirmed' : r.status))),
    payment_status: distinct(rows.map((r) => r.paymentStatus)),
    channel: distinct(rows.map((r) => r.channel)),
    seller: [
      ...sellers.map((u) => ({ value: u.id, label: memberName(u) })),
      ...resellers.map((r) => ({ value: r.id, label: `${r.name} (reseller)` })),
    ],
    store: sold.map((s) => ({ value: s.id, label: s.name })),
  };
};

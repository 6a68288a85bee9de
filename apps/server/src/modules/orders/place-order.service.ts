import type { Db, Executor } from '../../db/client.ts';
import type { CartAnswer, CartExtra } from '../../db/schema/carts.ts';
import { refusedByState } from '../../http/app-error.ts';
import { offersOfHold } from '../availability/availability.repository.ts';
import { convertHoldInTx } from '../availability/reservations.service.ts';
import { customerForContact } from '../customers/customers.service.ts';
import { emitOrderCreated, emitPaymentEvent } from '../webhooks/events.ts';
import { orderMoney } from './money.ts';
import { auditOrder, auditOrderPaid } from './order-audit.ts';
import { insertOrder, insertOrderLine, insertPayment, nextOrderNumber, updateOrder } from './orders.repository.ts';
import { orderDetail, statusFor } from './orders.service.ts';
import { findOrderBySessionOf } from './resale-record.repository.ts';
import { type ResaleInput, recordResaleInTx } from './resale-record.service.ts';

export type PlacedLine = { holdId: string; extras: CartExtra[]; extrasMinor: number; answers: CartAnswer[] };
/** A card payment the provider already took for this order (recorded with it, in its transaction). */
export type TakenPayment = {
  amountMinor: number;
  provider: string;
  reference: string | null;
  idempotencyKey: string;
  /** The connected account the money went to (Stripe `acct_…`), when not the platform's. */
  providerAccount?: string | null;
};

export type PlaceOrderInput = {
  lines: PlacedLine[];
  contact: { first_name: string; last_name: string; email: string; phone: string };
  note: string;
  storeId: string | null;
  /** The webstore's language at checkout (else the organization's default). */
  language?: string;
  sessionId: string;
  payment: TakenPayment | null;
  /** Sold by a reseller: the order is this (the supplier's) account's, the resale recorded beside it. */
  resale?: ResaleInput | null;
};

/**
 * The order an earlier attempt with this checkout session made, if any (a repeated request answers
 * it): the host organization's own, or a resale it made in a supplier's account.
 */
export const orderOfCheckout = async (db: Db, accountId: string, sessionId: string) => {
  const order = await findOrderBySessionOf(db, accountId, sessionId);
  return order ? { ...(await orderDetail(db, order.accountId, order)), ownerAccountId: order.accountId } : null;
};

/**
 * A visitor's holds become one order, exactly once, in one transaction: every hold is converted by
 * the engine (under its slot's lock; an expired hold converts only while its places are still
 * free), the order and its lines are written with the store and the checkout session, and a
 * payment the provider already took is recorded beside them. Any refusal rolls everything back.
 */
export const placeOrderFromHolds = async (db: Db, accountId: string, input: PlaceOrderInput, now: Date) =>
  orderDetail(db, accountId, await placeOrderFromHoldsRow(db, accountId, input, now));

/** The same, answering the order's row as written (a caller that needs no detail reads nothing back). */
export const placeOrderFromHoldsRow = (db: Db, accountId: string, input: PlaceOrderInput, now: Date) =>
  db.transaction((tx) => placeOrderFromHoldsInTx(tx, accountId, input, now));

/**
 * The same inside a transaction of the caller's (a paid card checkout converts its holds behind its
 * own row lock, in a savepoint, so a refusal keeps the lock and lets it record why).
 */
export const placeOrderFromHoldsInTx = async (tx: Executor, accountId: string, input: PlaceOrderInput, now: Date) => {
  const held = [];
  for (const line of input.lines) {
    const [offer] = await offersOfHold(tx, accountId, line.holdId);
    held.push(offer);
  }
  const status = statusFor(held);
  const converted = [];
  for (const [index, line] of input.lines.entries()) {
    const offer = held[index] ?? null;
    const booking = await convertHoldInTx(tx, accountId, line.holdId, { now, status: statusFor([offer]), offer });
    // A reseller's hold becomes an order only as that reseller's resale (never the supplier's own sale).
    if (booking.partnershipId && booking.partnershipId !== input.resale?.partnershipId) {
      throw refusedByState('resale_hold', 'This reservation was made in a partner’s store: complete the booking there.', 'lines');
    }
    converted.push({ line, booking });
  }
  const totalMinor = converted.reduce((sum, c) => sum + c.booking.totalMinor + c.line.extrasMinor, 0);
  const customerId = await customerForContact(tx, accountId, input.contact);
  const created = await insertOrder(tx, {
    accountId,
    number: await nextOrderNumber(tx, accountId),
    channel: 'webstore',
    storeId: input.storeId,
    language: input.language,
    customerId,
    contactFirstName: input.contact.first_name,
    contactLastName: input.contact.last_name,
    contactEmail: input.contact.email,
    contactPhone: input.contact.phone,
    note: input.note,
    status,
    currency: converted[0].booking.currency,
    totalMinor,
    paymentStatus: orderMoney(totalMinor, []).status,
    createdAt: now,
    checkoutSessionId: input.sessionId,
  });
  for (const [index, { line, booking }] of converted.entries()) {
    await insertOrderLine(tx, {
      accountId,
      orderId: created.id,
      bookingId: booking.id,
      experienceId: booking.experienceId,
      description: held[index]?.title ?? 'Booking',
      totalMinor: booking.totalMinor + line.extrasMinor,
      extras: line.extras,
      answers: line.answers,
    });
  }
  if (input.resale) {
    const sold = converted.map(({ line, booking }) => ({
      rateId: booking.rateId,
      party: booking.party,
      extrasMinor: line.extrasMinor,
    }));
    await recordResaleInTx(tx, accountId, created.id, input.resale, sold, now);
  }
  await emitOrderCreated(tx, created, { resold: Boolean(input.resale) });
  if (!input.payment) {
    await auditOrder(tx, null, created);
    return created;
  }
  const payment = await insertPayment(tx, {
    accountId,
    orderId: created.id,
    kind: 'payment',
    method: 'card',
    amountMinor: input.payment.amountMinor,
    status: 'succeeded',
    provider: input.payment.provider,
    providerReference: input.payment.reference,
    providerAccount: input.payment.providerAccount ?? null,
    idempotencyKey: input.payment.idempotencyKey,
    note: 'Paid in the webstore',
    createdByUserId: null,
  });
  await emitPaymentEvent(tx, payment, created.currency);
  const paid = await updateOrder(tx, created.id, { paymentStatus: orderMoney(totalMinor, [payment]).status });
  await auditOrderPaid(tx, paid, payment);
  return paid;
};

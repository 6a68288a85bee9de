import type { WebhookEvent } from '@excursio/contract/webhooks';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../../db/client.ts';
import { noticeMovementFailed, noticeOrderCanceled, noticeOrderCreated } from '../notifications/notices.ts';
import { endpointsListeningInTx, insertDeliveries } from './webhooks.repository.ts';

/**
 * Records an event for the organization's endpoints that listen to it: one outbox row each, in the
 * caller's transaction — the event exists exactly when the change it reports commits. The worker
 * (`delivery.service.ts`) sends them. The body is fixed here, so every attempt and replay sends the
 * same bytes (only the signature's timestamp changes).
 */
export const emitWebhookEvent = async (tx: Executor, accountId: string, type: WebhookEvent, data: object) => {
  const endpoints = await endpointsListeningInTx(tx, accountId, type);
  if (!endpoints.length) return;
  const id = uuidv7();
  const payload = JSON.stringify({ id, type, created_at: new Date().toISOString(), data });
  await insertDeliveries(
    tx,
    endpoints.map((endpointId) => ({ accountId, endpointId, eventId: id, eventType: type, payload })),
  );
};

type OrderFacts = {
  id: string;
  number: number;
  status: string;
  paymentStatus: string;
  channel: string;
  currency: string;
  totalMinor: number;
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
  contactPhone: string;
  createdAt: Date;
  canceledAt?: Date | null;
  sellerUserId?: string | null;
};

/** An order as events carry it (the API's names; amounts in minor units). */
const orderData = (o: OrderFacts) => ({
  order: {
    id: o.id,
    number: o.number,
    reference: `#${o.number}`,
    status: o.status,
    payment_status: o.paymentStatus,
    channel: o.channel,
    currency: o.currency,
    total: o.totalMinor,
    contact: { first_name: o.contactFirstName, last_name: o.contactLastName, email: o.contactEmail, phone: o.contactPhone },
    created_at: o.createdAt.toISOString(),
    canceled_at: o.canceledAt?.toISOString() ?? null,
  },
});

/**
 * A new order: `order.created`, and `order.confirmed` too when it is confirmed from the start
 * (instant confirmation), so `order.confirmed` always means "a firm booking now". The organization's
 * notice of it (and a resale's, for both sides) is recorded at the same point.
 */
export const emitOrderCreated = async (
  tx: Executor,
  order: OrderFacts & { accountId: string },
  options: { resold?: boolean } = {},
) => {
  await emitWebhookEvent(tx, order.accountId, 'order.created', orderData(order));
  if (order.status === 'confirmed') await emitWebhookEvent(tx, order.accountId, 'order.confirmed', orderData(order));
  await noticeOrderCreated(tx, order, options);
};

/**
 * An order changed state (`order.confirmed`, `order.canceled`). A cancellation names the
 * organization whose person or key made it (`canceledBy`, the order's own by default): the notices
 * go to the organizations it is news to.
 */
export const emitOrderEvent = async (
  tx: Executor,
  type: 'order.confirmed' | 'order.canceled',
  order: OrderFacts & { accountId: string },
  canceledBy?: string,
) => {
  await emitWebhookEvent(tx, order.accountId, type, orderData(order));
  if (type === 'order.canceled') await noticeOrderCanceled(tx, order, canceledBy ?? order.accountId);
};

/**
 * A succeeded movement: `payment.recorded` or `refund.recorded`; pending ones report nothing. A
 * failed one (the provider declined it) is no webhook event: the organization gets a notice of it.
 */
export const emitPaymentEvent = async (
  tx: Executor,
  payment: {
    id: string;
    accountId: string;
    orderId: string;
    kind: 'payment' | 'refund';
    method: string;
    amountMinor: number;
    status: string;
    provider: string;
    createdAt: Date;
    createdByUserId?: string | null;
  },
  currency: string,
  order?: { number: number },
) => {
  if (payment.status === 'failed' && order) await noticeMovementFailed(tx, payment, { number: order.number, currency });
  if (payment.status !== 'succeeded') return;
  await emitWebhookEvent(tx, payment.accountId, payment.kind === 'refund' ? 'refund.recorded' : 'payment.recorded', {
    payment: {
      id: payment.id,
      order_id: payment.orderId,
      kind: payment.kind,
      method: payment.method,
      amount: payment.amountMinor,
      currency,
      provider: payment.provider,
      created_at: payment.createdAt.toISOString(),
    },
  });
};

/** A booking's party arrived (ticket scanned or marked Arrived). */
export const emitBookingCheckedIn = (tx: Executor, accountId: string, bookingId: string, at: Date, via: 'ticket' | 'list') =>
  emitWebhookEvent(tx, accountId, 'booking.checked_in', {
    booking: { id: bookingId, attendance_status: 'arrived', checked_in_at: at.toISOString(), via },
  });

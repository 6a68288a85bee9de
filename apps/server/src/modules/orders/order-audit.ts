import type { Executor } from '../../db/client.ts';
import { money, recordChange, recordChanges } from '../audit/audit.service.ts';
import type { OrderRow, PaymentRow } from './orders.repository.ts';

/**
 * The audit trail's view of orders and their money (see `audit/`): each helper records one change
 * on the caller's transaction. Entries carry the order id, so the order's Audit trail tab lists them.
 */
const orderSnapshot = (o: OrderRow) => ({
  Status: o.status,
  'Payment status': o.paymentStatus.replaceAll('_', ' '),
  Total: money(o.totalMinor, o.currency),
  Contact: `${o.contactFirstName} ${o.contactLastName}`.trim(),
  Email: o.contactEmail,
  Phone: o.contactPhone,
  Note: o.note,
});

/** An order created (`before` null) or changed; `action` names what happened ('confirmed', 'canceled'). */
export const auditOrder = (tx: Executor, before: OrderRow | null, after: OrderRow, action?: string) =>
  recordChange(
    tx,
    after.accountId,
    { type: 'order', id: after.id, label: `#${after.number}`, orderId: after.id },
    before && orderSnapshot(before),
    orderSnapshot(after),
    action,
  );

/** An order created with the payment taken for it: `auditOrder` then `auditMovement`, in one statement. */
export const auditOrderPaid = (tx: Executor, order: OrderRow, payment: PaymentRow) =>
  recordChanges(tx, [
    {
      accountId: order.accountId,
      entity: { type: 'order', id: order.id, label: `#${order.number}`, orderId: order.id },
      before: null,
      after: orderSnapshot(order),
    },
    {
      accountId: payment.accountId,
      entity: { type: payment.kind, id: payment.id, label: `of order #${order.number}`, orderId: order.id },
      before: null,
      after: movementSnapshot(payment, order.currency),
    },
  ]);

const movementSnapshot = (p: PaymentRow, currency: string) => ({
  Amount: money(p.amountMinor, currency),
  Method: p.method.replaceAll('_', ' '),
  Status: p.status,
  Provider: p.provider,
  Reference: p.providerReference,
  Note: p.note,
});

/** A payment or refund recorded (`before` null) or settled. */
export const auditMovement = (
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'number' | 'currency'>,
  before: PaymentRow | null,
  after: PaymentRow,
) =>
  recordChange(
    tx,
    after.accountId,
    { type: after.kind, id: after.id, label: `of order #${order.number}`, orderId: order.id },
    before && movementSnapshot(before, order.currency),
    movementSnapshot(after, order.currency),
  );

/** A booking's status or attendance changed. */
export const auditBooking = (
  tx: Executor,
  accountId: string,
  booking: { id: string; orderId: string; orderNumber: number; title: string },
  before: Record<string, string>,
  after: Record<string, string>,
  action?: string,
) =>
  recordChange(
    tx,
    accountId,
    { type: 'booking', id: booking.id, label: `${booking.title} (order #${booking.orderNumber})`, orderId: booking.orderId },
    before,
    after,
    action,
  );

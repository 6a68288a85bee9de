import type { Order, OrderDetail, OrderLine, OrderPayment, PublicOrder } from '@excursio/contract/orders';
import { type DueEntry, orderMoney } from './money.ts';
import type { linesOfOrder, OrderRow, PaymentRow } from './orders.repository.ts';

type LineRow = Awaited<ReturnType<typeof linesOfOrder>>[number];

/** A team member as orders name them: their name, or their email when they gave none. */
export const memberName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/** `#1042`, or with the prefix the order was made under (product configuration). */
export const orderReference = (number: number, prefix = '#') => `${prefix}${number}`;

export const toPayment = (p: PaymentRow): OrderPayment => ({
  id: p.id,
  kind: p.kind,
  method: p.method,
  amount: p.amountMinor,
  status: p.status,
  provider: p.provider,
  test_mode: p.provider === 'test',
  note: p.note,
  created_at: p.createdAt.toISOString(),
});

export const toOrderLine = ({ line, booking, startsAt, localDate, timeZone }: LineRow): OrderLine => ({
  id: line.id,
  description: line.description,
  status: line.status,
  total: line.totalMinor,
  experience_id: line.experienceId,
  booking:
    booking && startsAt && localDate
      ? {
          id: booking.id,
          status: booking.status,
          attendance_status: booking.attendanceStatus,
          starts_at: startsAt.toISOString(),
          local_date: localDate,
          time_zone: timeZone ?? 'UTC',
          participants: booking.participants,
          party: booking.party,
        }
      : null,
  extras: line.extras,
  answers: line.answers,
  canceled_at: line.canceledAt?.toISOString() ?? null,
});

/** The money of an order row from its movements and refund-due ledger (all of the order's): the one rule. */
export const moneyOf = (o: OrderRow, movements: readonly PaymentRow[], dues: readonly DueEntry[]) =>
  orderMoney(o.totalMinor, movements, { canceled: o.status === 'canceled', dues });

/** The list's view of an order: its money from the movements and ledger given (all of the order's). */
export const toOrder = (
  o: OrderRow,
  movements: readonly PaymentRow[],
  storeName: string | null = null,
  dues: readonly DueEntry[] = [],
): Order => {
  const money = moneyOf(o, movements, dues);
  return {
    id: o.id,
    number: o.number,
    reference: orderReference(o.number, o.referencePrefix),
    channel: o.channel,
    status: o.status,
    payment_status: o.paymentStatus,
    currency: o.currency,
    total: o.totalMinor,
    paid: money.paidMinor,
    refunded: money.refundedMinor,
    due: money.dueMinor,
    refund_due: money.refundDueMinor,
    customer_id: o.customerId,
    contact: { first_name: o.contactFirstName, last_name: o.contactLastName, email: o.contactEmail, phone: o.contactPhone },
    store: o.storeId && storeName !== null ? { id: o.storeId, name: storeName } : null,
    created_at: o.createdAt.toISOString(),
    canceled_at: o.canceledAt?.toISOString() ?? null,
  };
};

export const toOrderDetail = (
  o: OrderRow,
  lines: LineRow[],
  movements: PaymentRow[],
  seller: OrderDetail['seller'],
  storeName: string | null,
  dues: readonly DueEntry[] = [],
  invoiceNumber: number | null = null,
): OrderDetail => ({
  ...toOrder(o, movements, storeName, dues),
  note: o.note,
  lines: lines.map(toOrderLine),
  payments: movements.map(toPayment),
  refundable: moneyOf(o, movements, dues).refundableMinor,
  session_id: o.checkoutSessionId,
  seller,
  invoice_number: invoiceNumber,
});

/** The confirmation page's view: the reference, the state, what was booked — no contact details beyond a first name. */
export const toPublicOrder = (
  o: OrderRow,
  lines: LineRow[],
  movements: readonly PaymentRow[],
  storeSlug: string | null,
): PublicOrder => ({
  reference: orderReference(o.number, o.referencePrefix),
  status: o.status,
  payment_status: o.paymentStatus,
  currency: o.currency,
  total: o.totalMinor,
  paid: orderMoney(o.totalMinor, movements).paidMinor,
  store_slug: storeSlug,
  first_name: o.contactFirstName,
  bookings: lines.flatMap(({ line, booking, startsAt, localDate, timeZone }) =>
    booking && startsAt && localDate
      ? [
          {
            title: line.description,
            status: booking.status,
            starts_at: startsAt.toISOString(),
            local_date: localDate,
            time_zone: timeZone ?? 'UTC',
            participants: booking.participants,
          },
        ]
      : [],
  ),
  created_at: o.createdAt.toISOString(),
});

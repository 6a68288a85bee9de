import type { Order, OrderDetail, OrderLine, OrderPayment, PublicOrder } from '@excursio/contract/orders';
import { type DueEntry, orderMoney } from './money.ts';
import type { OrderSelling } from './order-list-facts.repository.ts';
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

/** A line as the list's columns need it (its offer and start). */
export type FactLine = {
  description: string;
  status: 'active' | 'canceled';
  startsAt: Date | null;
  localDate: string | null;
  timeZone: string | null;
};
/** What the list shows beside an order's row: its lines (in order) and who sold it where. */
export type OrderFacts = { lines: readonly FactLine[]; selling: OrderSelling | null };

const firstService = (lines: readonly FactLine[]): Order['first_service'] => {
  const dated = lines.filter((l) => l.startsAt && l.localDate);
  const standing = dated.filter((l) => l.status === 'active');
  const first = (standing.length ? standing : dated).reduce<FactLine | null>(
    (min, l) => (!min || (l.startsAt as Date) < (min.startsAt as Date) ? l : min),
    null,
  );
  return first?.startsAt && first.localDate
    ? { starts_at: first.startsAt.toISOString(), local_date: first.localDate, time_zone: first.timeZone ?? 'UTC' }
    : null;
};

const soldBy = (s: OrderSelling | null): Order['sold_by'] => {
  if (s?.resellerId) return { kind: 'reseller', id: s.resellerId, name: s.resellerName ?? '', store: s.resellerStoreName };
  if (s?.sellerId)
    return {
      kind: 'member',
      id: s.sellerId,
      name: memberName({ firstName: s.sellerFirstName ?? '', lastName: s.sellerLastName ?? '', email: s.sellerEmail ?? '' }),
      store: null,
    };
  return null;
};

/** The list's view of an order: its money from the movements and ledger given (all of the order's), its lines' and seller's facts. */
export const toOrder = (
  o: OrderRow,
  movements: readonly PaymentRow[],
  facts: OrderFacts = { lines: [], selling: null },
  dues: readonly DueEntry[] = [],
): Order => {
  const money = moneyOf(o, movements, dues);
  const storeName = facts.selling?.storeName ?? null;
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
    first_service: firstService(facts.lines),
    offer: facts.lines.length ? { title: facts.lines[0].description, more: facts.lines.length - 1 } : null,
    sold_by: soldBy(facts.selling),
    language: o.language,
    created_at: o.createdAt.toISOString(),
    canceled_at: o.canceledAt?.toISOString() ?? null,
  };
};

export const toOrderDetail = (
  o: OrderRow,
  lines: LineRow[],
  movements: PaymentRow[],
  seller: OrderDetail['seller'],
  selling: OrderSelling | null,
  dues: readonly DueEntry[] = [],
  invoiceNumber: number | null = null,
): OrderDetail => ({
  ...toOrder(
    o,
    movements,
    { lines: lines.map((l) => ({ ...l, description: l.line.description, status: l.line.status })), selling },
    dues,
  ),
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

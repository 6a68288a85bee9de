import { z } from 'zod';
import { MAX_PARTY_LINES } from './availability.ts';
import { choiceFilter } from './catalog-common.ts';
import { email, id, personName, requiredName, timestamp } from './common.ts';

/**
 * States of the sales side (specification §4), shared by server and web. Wire values are
 * snake_case; the labels are the specification's.
 */

export const ORDER_STATUSES = ['created', 'confirmed', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  created: 'Created',
  confirmed: 'Confirmed',
  canceled: 'Canceled',
};
/** The order list's status filter: 'Unconfirmed' = created, not yet confirmed. */
export const ORDER_STATUS_FILTERS = ['confirmed', 'unconfirmed', 'canceled'] as const;
export const ORDER_STATUS_FILTER_LABELS: Record<(typeof ORDER_STATUS_FILTERS)[number], string> = {
  confirmed: 'Confirmed',
  unconfirmed: 'Unconfirmed',
  canceled: 'Canceled',
};

/**
 * An order's payment state (the server's `orderMoney` derives it; see docs "Sales → the money rules"):
 * the specification's four, then Partially refunded (paid, nothing due, part given back: a refund is
 * never an unpaid balance) and Refund due (a cancellation owes the buyer a refund not made yet).
 */
export const PAYMENT_STATUSES = [
  'not_paid',
  'partially_paid',
  'fully_paid',
  'refunded',
  'partially_refunded',
  'refund_due',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  not_paid: 'Not paid',
  partially_paid: 'Partially paid',
  fully_paid: 'Fully paid',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  refund_due: 'Refund due',
};
/**
 * The payment-status filter: the specification's Not paid, Partially paid, Fully paid, Refunded, then
 * Partially refunded and Refund due. 'Refunded' finds every order that had a refund (wholly or in part,
 * or owing more); the others find that state exactly.
 */
export const PAYMENT_STATUS_FILTERS = PAYMENT_STATUSES;
export type PaymentStatusFilter = (typeof PAYMENT_STATUS_FILTERS)[number];

export const BOOKING_STATUSES = ['created', 'confirmed', 'canceled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** The bookings list's filter: 'In progress' and 'Completed' are confirmed bookings by time. */
export const BOOKING_STATUS_FILTERS = ['all', 'confirmed', 'in_progress', 'canceled', 'completed'] as const;

export const ATTENDANCE_STATUSES = ['open', 'arrived', 'no_show'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  open: 'Open',
  arrived: 'Arrived',
  no_show: 'No show',
};

export const ORDER_DATE_RANGES = ['last_7_days', 'last_30_days', 'last_2_months'] as const;
export const ORDER_DATE_RANGE_LABELS: Record<(typeof ORDER_DATE_RANGES)[number], string> = {
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  last_2_months: 'Last 2 months',
};
export const ORDER_CHANNELS = ['backoffice', 'api', 'webstore'] as const;
export const ORDER_CHANNEL_LABELS: Record<(typeof ORDER_CHANNELS)[number], string> = {
  backoffice: 'Back office',
  api: 'Booking API',
  webstore: 'Webstore',
};

/** How money moved: recorded by hand (cash, bank transfer) or through a payment provider. */
export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  card: 'Card',
};

// Wire shapes -------------------------------------------------------------------------------------

const money = z.number().int();
const contactFields = {
  first_name: personName,
  last_name: personName,
  email: email.optional(),
  phone: z.string().trim().max(40).optional(),
};

/** POST /api/1/book/ — turn a hold into an order (the public booking call). */
export const bookInput = z.strictObject({
  holdId: id,
  contact: z.strictObject({ ...contactFields, first_name: requiredName, last_name: requiredName, email }),
  note: z.string().trim().max(2000).optional(),
});
export type BookInput = z.infer<typeof bookInput>;

export const orderPayment = z.object({
  id,
  kind: z.enum(['payment', 'refund']),
  method: z.enum(PAYMENT_METHODS),
  amount: money,
  status: z.enum(['pending', 'succeeded', 'failed']),
  provider: z.string(),
  /** True for the built-in test-mode provider: no money moved. */
  test_mode: z.boolean(),
  note: z.string(),
  created_at: timestamp,
});
export type OrderPayment = z.infer<typeof orderPayment>;

export const orderLine = z.object({
  id,
  description: z.string(),
  status: z.enum(['active', 'canceled']),
  total: money,
  experience_id: id.nullable(),
  booking: z
    .object({
      id,
      status: z.enum(BOOKING_STATUSES),
      attendance_status: z.enum(ATTENDANCE_STATUSES),
      starts_at: timestamp,
      local_date: z.string(),
      time_zone: z.string(),
      participants: z.number().int(),
      party: z.array(z.object({ pricing_category_id: id, quantity: z.number().int(), unit_price: money, amount: money })),
    })
    .nullable(),
  /** Extras sold with the booking, at the item's price then. */
  extras: z.array(z.object({ item_id: id, name: z.string(), quantity: z.number().int(), unit_price: money, amount: money })),
  /** Answers to the offer's booking questions, as given at checkout. */
  answers: z.array(z.object({ question_id: id, question: z.string(), answer: z.string() })),
  canceled_at: timestamp.nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

export const order = z.object({
  id,
  number: z.number().int(),
  /** `#1042`: what customers and staff quote. */
  reference: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  currency: z.string(),
  total: money,
  paid: money,
  refunded: money,
  /** What the buyer still owes (total after cancellations − paid; a refund never reopens it). */
  due: money,
  /** A refund owed to the buyer (a cancellation) and not made yet. */
  refund_due: money,
  /** The customer the booking's email belongs to (found or created when booked). */
  customer_id: id.nullable(),
  contact: z.object({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string() }),
  /** The store it was sold through (webstore orders), or null. */
  store: z.object({ id, name: z.string() }).nullable(),
  /** The first start of its bookings (of the lines still standing, else of all), in the offer's zone. */
  first_service: z.object({ starts_at: timestamp, local_date: z.string(), time_zone: z.string() }).nullable(),
  /** The first line's offer, and how many lines more. */
  offer: z.object({ title: z.string(), more: z.number().int() }).nullable(),
  /**
   * Who sold it: the team member (back office), or for a resale the reseller organization and the
   * reseller's store it was sold in; null when booked online or through the API in its own store.
   */
  sold_by: z.object({ kind: z.enum(['member', 'reseller']), id, name: z.string(), store: z.string().nullable() }).nullable(),
  /** The language it was made in (two letters): the webstore's at checkout, else the organization's default. */
  language: z.string(),
  created_at: timestamp,
  canceled_at: timestamp.nullable(),
});
export type Order = z.infer<typeof order>;

export const orderDetail = order.extend({
  note: z.string(),
  lines: z.array(orderLine),
  payments: z.array(orderPayment),
  /** What can still be refunded: paid − refunded − pending refunds. */
  refundable: money,
  /** The checkout that produced it: `GET /api/order?session_id=` answers its public summary. */
  session_id: z.string().nullable(),
  /** The team member who took it in the back office (null: booked online or through the API). */
  seller: z.object({ id, name: z.string() }).nullable(),
  /** The number of its invoice once issued (null: none yet, so the editor does not ask for it). */
  invoice_number: z.number().int().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** POST /api/orders/{id}/resend-confirmation/ — where the email went. */
export const resendConfirmationResponse = z.object({ sent_to: z.string() });

export const bookResponse = orderDetail;

/** GET /api/order?session_id= — what a confirmation page may show a visitor, nothing more. */
export const orderSessionQuery = z.strictObject({ session_id: z.string().min(16).max(255) });
export const publicOrder = z.object({
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  currency: z.string(),
  total: money,
  /** Paid so far (payments − refunds). */
  paid: money,
  /** The webstore it was booked in (its slug), or null. */
  store_slug: z.string().nullable(),
  first_name: z.string(),
  bookings: z.array(
    z.object({
      title: z.string(),
      status: z.enum(BOOKING_STATUSES),
      starts_at: timestamp,
      local_date: z.string(),
      time_zone: z.string(),
      participants: z.number().int(),
    }),
  ),
  created_at: timestamp,
});
export type PublicOrder = z.infer<typeof publicOrder>;

export const ORDER_ORDERING = ['created_at', 'number', 'total'] as const;
/** List filters; each also accepts its label in any case, and 'All' / 'All time' / '' for none. */
export const orderListFilters = {
  status: choiceFilter(ORDER_STATUS_FILTERS, ORDER_STATUS_FILTER_LABELS),
  payment_status: choiceFilter(PAYMENT_STATUS_FILTERS, PAYMENT_STATUS_LABELS),
  date_range: z.preprocess(
    (raw) => (typeof raw === 'string' && ['all time', 'all_time'].includes(raw.trim().toLowerCase()) ? undefined : raw),
    choiceFilter(ORDER_DATE_RANGES, ORDER_DATE_RANGE_LABELS),
  ),
  channel: choiceFilter(ORDER_CHANNELS, ORDER_CHANNEL_LABELS),
  /** The team member who sold it (a user id; '' or 'all' is no filter). */
  seller: z.preprocess(
    (raw) => (typeof raw === 'string' && ['', 'all'].includes(raw.trim().toLowerCase()) ? undefined : raw),
    z.uuid({ error: 'Choose a seller from the list.' }).optional(),
  ),
  /** The store it was sold through (a store id; '' or 'all' is no filter). */
  store: z.preprocess(
    (raw) => (typeof raw === 'string' && ['', 'all'].includes(raw.trim().toLowerCase()) ? undefined : raw),
    z.uuid({ error: 'Choose a store from the list.' }).optional(),
  ),
  /** The customer who bought (a customer id; the customers drawer lists their orders). */
  customer: z.preprocess(
    (raw) => (typeof raw === 'string' && ['', 'all'].includes(raw.trim().toLowerCase()) ? undefined : raw),
    z.uuid({ error: 'Choose a customer from the list.' }).optional(),
  ),
};

/** GET /api/orders/filter-options/ — the values each filter offers, from the organization's orders. */
export const orderFilterOptions = z.object({
  status: z.array(z.string()),
  payment_status: z.array(z.string()),
  channel: z.array(z.string()),
  seller: z.array(z.object({ value: z.string(), label: z.string() })),
  store: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type OrderFilterOptions = z.infer<typeof orderFilterOptions>;

/**
 * What a cancellation did with the refund it owes: `card` — refunded to the card the order was paid
 * with, through the provider; `operator` — recorded as due, the operator refunds it (Payments tab);
 * `none` — the policy refunds nothing (or nothing was paid).
 */
export const CANCELLATION_REFUND_WAYS = ['card', 'operator', 'none'] as const;
export type CancellationRefundWay = (typeof CANCELLATION_REFUND_WAYS)[number];

/** POST /api/orders/{id}/cancel/ — what was released and the refund the policy owes. */
export const cancelOrderResponse = z.object({
  order: orderDetail,
  /** Sum over the canceled lines of their policy's share, bounded by what can be refunded: recorded as owed. */
  proposed_refund: money,
  /** Where that refund went: to the card now, or due for the operator to make. */
  refund: z.object({ amount: money, way: z.enum(CANCELLATION_REFUND_WAYS) }),
});

/**
 * POST /api/orders/{orderPk}/lines/{id}/change-party/ — the line's whole new party: participants per
 * pricing category of its rate (a category left out or at 0 is removed); `group_size` = people, for
 * per-group rates (the booking's own when left out). Prices come from the server.
 */
export const changePartyInput = z.strictObject({
  party: z
    .array(z.strictObject({ pricing_category_id: id, quantity: z.number().int().min(0).max(100_000) }))
    .min(1, { error: 'Give the participants per pricing category.' })
    .max(MAX_PARTY_LINES),
  group_size: z.number().int().min(1).max(100_000).optional(),
});
export type ChangePartyInput = z.infer<typeof changePartyInput>;
export const changePartyResponse = cancelOrderResponse.extend({
  /** The line's new total minus its old one: negative when participants were removed. */
  difference: money,
});
export type ChangePartyResponse = z.infer<typeof changePartyResponse>;

/**
 * GET /api/orders/{orderPk}/lines/{id}/options/ — what the line's party may become and what cancelling
 * costs now (read without locks: the change itself checks again under them).
 */
export const lineOptions = z.object({
  pricing_mode: z.enum(['per_person', 'per_group']),
  /** People in the party, for per-group rates (null per person). */
  group_size: z.number().int().nullable(),
  /** The rate's categories: a booked one at the price paid, another at the rate's price now. */
  categories: z.array(z.object({ pricing_category_id: id, name: z.string(), unit_price: money, quantity: z.number().int() })),
  /** Places left on the start now; null = no limit. */
  places_left: z.number().int().nullable(),
  /** False when people cannot be added (the start began, the cut-off passed, …): `cannot_add_reason` says why. */
  can_add: z.boolean(),
  cannot_add_reason: z.string().nullable(),
  /** The cancellation policy's share now, in percent, of what is canceled. */
  refund_percent: z.number().int(),
  /** What cancelling the whole line now would propose to refund (bounded by what can be refunded). */
  cancel_refund: money,
});
export type LineOptions = z.infer<typeof lineOptions>;

/** POST /api/orders/{orderPk}/payments/ — record money received, or refund it. */
export const paymentInput = z.strictObject({
  kind: z.enum(['payment', 'refund']).default('payment'),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int({ error: 'Enter an amount in minor units (cents).' }).min(1, { error: 'Enter an amount above 0.' }),
  note: z.string().trim().max(500).optional(),
  /** The client's own id for this operation: repeating a request with it records nothing twice. */
  idempotency_key: z.string().trim().min(8).max(100),
});
export type PaymentInput = z.infer<typeof paymentInput>;

/** PATCH of an order line: the answers to the offer's booking questions (a guide corrects them). */
export const orderLinePatch = z.strictObject({
  answers: z.array(z.strictObject({ question_id: id, answer: z.string().trim().max(2000) })).max(50),
});

import { countCap } from '@excursio/contract/list';
import type { ORDER_ORDERING } from '@excursio/contract/orders';
import { and, asc, count, desc, eq, exists, gte, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { nextNumber } from '../../db/counters.ts';
import { countOfShortPage, likePattern } from '../../db/query.ts';
import { bookings, slots } from '../../db/schema/availability.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { orderCounters, orderLines, orders, payments } from '../../db/schema/sales.ts';
import { stores } from '../../db/schema/stores.ts';
import { users } from '../../db/schema/users.ts';
import type { Ordering } from '../../http/paging.ts';
import { soldByReseller } from './resale-record.repository.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type OrderFilters = {
  search?: string;
  status?: 'confirmed' | 'unconfirmed' | 'canceled';
  payment_status?: OrderRow['paymentStatus'];
  date_range?: 'last_7_days' | 'last_30_days' | 'last_2_months';
  channel?: OrderRow['channel'];
  seller?: string;
  store?: string;
  customer?: string;
};

/** The next order number of an organization (`#N`). */
export const nextOrderNumber = (tx: Executor, accountId: string) => nextNumber(tx, orderCounters, accountId);

/**
 * Every order is made here: it takes the product configuration's reference prefix of the moment, and
 * unless the caller names the language (a webstore checkout), the organization's default language.
 */
export const insertOrder = async (tx: Executor, values: typeof orders.$inferInsert) =>
  (
    await tx
      .insert(orders)
      .values({
        referencePrefix: sql`coalesce((select pc.booking_reference_prefix from product_configurations pc
          where pc.account_id = ${values.accountId}), '#')`,
        ...values,
        language:
          values.language ??
          sql`coalesce((select nullif(a.profile->>'language', '') from base_accounts a
          where a.id = ${values.accountId}), 'en')`,
      })
      .returning()
  )[0];

export const insertOrderLine = async (tx: Executor, values: typeof orderLines.$inferInsert) =>
  (await tx.insert(orderLines).values(values).returning())[0];

export const findOrder = async (db: Executor, accountId: string, orderId: string) =>
  (
    await db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
  )[0] ?? null;

export const findOrderBySession = async (db: Executor, accountId: string, sessionId: string) =>
  (
    await db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.checkoutSessionId, sessionId)))
  )[0] ?? null;

/** Locks the order row: every change of an order's lines or money runs behind it. */
export const lockOrder = async (tx: Executor, accountId: string, orderId: string) =>
  (
    await tx
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
      .for('update')
  )[0] ?? null;

export const updateOrder = async (
  tx: Executor,
  orderId: string,
  values: Partial<Pick<OrderRow, 'status' | 'paymentStatus' | 'totalMinor' | 'canceledAt'>>,
) => (await tx.update(orders).set(values).where(eq(orders.id, orderId)).returning())[0];

/** An order's lines with their bookings and slots, in the order they were added. */
export const linesOfOrder = async (db: Executor, accountId: string, orderId: string) =>
  db
    .select({
      line: orderLines,
      booking: bookings,
      startsAt: slots.startsAt,
      localDate: slots.localDate,
      timeZone: experiences.timeZone,
    })
    .from(orderLines)
    .leftJoin(bookings, eq(bookings.id, orderLines.bookingId))
    .leftJoin(slots, eq(slots.id, bookings.slotId))
    .leftJoin(experiences, eq(experiences.id, orderLines.experienceId))
    .where(and(eq(orderLines.accountId, accountId), eq(orderLines.orderId, orderId)))
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));

/** Cancels an order line once: the conditional update answers it only for the call that changed it. */
export const cancelOrderLineRow = async (tx: Executor, lineId: string, now: Date) =>
  (
    await tx
      .update(orderLines)
      .set({ status: 'canceled', canceledAt: now })
      .where(and(eq(orderLines.id, lineId), ne(orderLines.status, 'canceled')))
      .returning()
  )[0] ?? null;

/** A line's new total (its booking's party changed; extras stay as sold). */
export const updateOrderLineTotal = async (tx: Executor, lineId: string, totalMinor: number) =>
  (await tx.update(orderLines).set({ totalMinor }).where(eq(orderLines.id, lineId)).returning())[0];

export const paymentsOfOrder = async (db: Executor, accountId: string, orderId: string) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.orderId, orderId)))
    .orderBy(asc(payments.createdAt), asc(payments.id));

export const paymentsOfOrders = async (db: Executor, accountId: string, orderIds: string[]) =>
  orderIds.length
    ? db
        .select()
        .from(payments)
        .where(and(eq(payments.accountId, accountId), inArray(payments.orderId, orderIds)))
    : [];

export const findPaymentByKey = async (db: Executor, accountId: string, idempotencyKey: string) =>
  (
    await db
      .select()
      .from(payments)
      .where(and(eq(payments.accountId, accountId), eq(payments.idempotencyKey, idempotencyKey)))
  )[0] ?? null;

export const insertPayment = async (tx: Executor, values: typeof payments.$inferInsert) =>
  (await tx.insert(payments).values(values).returning())[0];

export const updateOrderLineAnswers = async (
  tx: Executor,
  accountId: string,
  orderId: string,
  lineId: string,
  answers: (typeof orderLines.$inferSelect)['answers'],
) =>
  (
    await tx
      .update(orderLines)
      .set({ answers })
      .where(and(eq(orderLines.accountId, accountId), eq(orderLines.orderId, orderId), eq(orderLines.id, lineId)))
      .returning({ id: orderLines.id })
  ).length > 0;

/** A pending movement's outcome from the provider (the only change a movement ever gets). */
export const settlePayment = async (
  tx: Executor,
  paymentId: string,
  values: Pick<typeof payments.$inferInsert, 'status' | 'providerReference' | 'transfers'>,
) =>
  (
    await tx
      .update(payments)
      .set(values)
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning()
  )[0];

/** `#1042` is a reference: that order alone. Anything else: contained in number, contact name or email. */
export const searchOrders = (term: string | undefined) => {
  if (!term) return undefined;
  const reference = /^#(\d{1,9})$/.exec(term.trim());
  if (reference) return eq(orders.number, Number(reference[1]));
  return like(orders.searchText, likePattern(term.toLowerCase()));
};

/**
 * The payment-status filter: 'Refunded' finds every order that had a refund (all of it, part of it,
 * or while more is owed); any other value finds that state (the stored `payment_status`).
 */
const paymentStatusIs = (db: Executor, status: OrderFilters['payment_status']) =>
  status === 'refunded'
    ? exists(
        db
          .select({ one: sql`1` })
          .from(payments)
          .where(and(eq(payments.orderId, orders.id), eq(payments.kind, 'refund'), eq(payments.status, 'succeeded'))),
      )
    : status
      ? eq(orders.paymentStatus, status)
      : undefined;

const RANGE_DAYS = { last_7_days: 7, last_30_days: 30, last_2_months: 61 } as const;

export const listOrders = async (
  db: Executor,
  accountId: string,
  query: OrderFilters & { ordering: Ordering<(typeof ORDER_ORDERING)[number]>; limit: number; offset: number; now: Date },
) => {
  const where = and(
    eq(orders.accountId, accountId),
    query.status === 'unconfirmed' ? eq(orders.status, 'created') : query.status ? eq(orders.status, query.status) : undefined,
    paymentStatusIs(db, query.payment_status),
    query.channel ? eq(orders.channel, query.channel) : undefined,
    // A team member, or a reseller organization (its resales).
    query.seller ? or(eq(orders.sellerUserId, query.seller), soldByReseller(db, query.seller)) : undefined,
    query.store ? eq(orders.storeId, query.store) : undefined,
    query.customer ? eq(orders.customerId, query.customer) : undefined,
    query.date_range
      ? gte(orders.createdAt, new Date(query.now.getTime() - RANGE_DAYS[query.date_range] * 86_400_000))
      : undefined,
    searchOrders(query.search),
  );
  const column = { created_at: orders.createdAt, number: orders.number, total: orders.totalMinor }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(direction(column), direction(orders.number))
    .limit(query.limit)
    .offset(query.offset);
  const unfiltered =
    !query.status &&
    !query.payment_status &&
    !query.channel &&
    !query.seller &&
    !query.store &&
    !query.customer &&
    !query.date_range &&
    !query.search;
  if (unfiltered) return { rows, count: await orderCount(db, accountId), capped: false };
  const short = countOfShortPage(rows.length, query);
  if (short !== null) return { rows, count: short, capped: false };
  return { rows, ...(await countOrders(db, where, countCap(query))) };
};

/**
 * Counts matching orders up to `cap` (and says when there are more): a common search term over a
 * million orders would otherwise count a hundred thousand rows for a number nobody pages through.
 */
const countOrders = async (db: Executor, where: ReturnType<typeof and>, cap: number) => {
  const matching = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const total = (await db.select({ total: count() }).from(matching))[0].total;
  return total > cap ? { count: cap, capped: true } : { count: total, capped: false };
};

/**
 * How many orders an organization has: its order counter. Orders are never deleted and a number is
 * taken in the transaction that inserts the order, so the counter is the count — one row read
 * instead of counting a million.
 */
const orderCount = async (db: Executor, accountId: string) =>
  (await db.select({ last: orderCounters.lastNumber }).from(orderCounters).where(eq(orderCounters.accountId, accountId)))[0]
    ?.last ?? 0;

/** The values the order filters can take in this organization's data. */
export const orderFilterValues = async (db: Executor, accountId: string) => {
  const rows = await db
    .selectDistinct({ status: orders.status, paymentStatus: orders.paymentStatus, channel: orders.channel })
    .from(orders)
    .where(eq(orders.accountId, accountId));
  return rows;
};

/** The team member who sold an order. */
export const sellerOfOrder = async (db: Executor, accountId: string, userId: string | null) => {
  if (!userId) return null;
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
  return user ?? null;
};

/** The team members who sold at least one of the account's orders (an index probe per member, not a scan of the orders). */
export const sellersOfOrders = async (db: Executor, accountId: string) =>
  db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        exists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(and(eq(orders.accountId, accountId), eq(orders.sellerUserId, users.id))),
        ),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));

/** Names of the stores orders were sold through (the page's, or one order's). */
export const storeNames = async (db: Executor, accountId: string, storeIds: readonly (string | null)[]) => {
  const ids = [...new Set(storeIds.filter((v): v is string => v !== null))];
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.accountId, accountId), inArray(stores.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** The stores that sold at least one of the account's orders (an index probe per store). */
export const storesOfOrders = async (db: Executor, accountId: string) =>
  db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(
      and(
        eq(stores.accountId, accountId),
        exists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(and(eq(orders.accountId, accountId), eq(orders.storeId, stores.id))),
        ),
      ),
    )
    .orderBy(asc(stores.name));

/** The slug of the store an order was sold through (the confirmation page links back to it). */
export const storeSlugOf = async (db: Executor, accountId: string, storeId: string) =>
  (
    await db
      .select({ slug: stores.slug })
      .from(stores)
      .where(and(eq(stores.accountId, accountId), eq(stores.id, storeId)))
  )[0]?.slug ?? null;

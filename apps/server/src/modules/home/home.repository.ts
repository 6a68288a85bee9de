import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { bookings, slots } from '../../db/schema/availability.ts';
import { resales } from '../../db/schema/partners.ts';
import { orders, payments } from '../../db/schema/sales.ts';

/** The organization's zone (its profile's), and its type. */
export const accountBasics = async (db: Executor, accountId: string) => {
  const [row] = await db
    .select({ timeZone: sql<string>`coalesce(${baseAccounts.profile}->>'timezone', 'UTC')`, type: baseAccounts.type })
    .from(baseAccounts)
    .where(eq(baseAccounts.id, accountId));
  return row ?? { timeZone: 'UTC', type: 'supplier' as const };
};

/**
 * Per start of a local date: participants of the bookings not canceled and of those marked Arrived
 * (check-in by ticket or on the bookings list sets the same attendance). Through the day's slot rows
 * (`slots_account_date_idx`), then each slot's bookings (`bookings_slot_idx`).
 */
export const attendanceOfDay = (db: Executor, accountId: string, localDate: string) =>
  db
    .select({
      experienceId: slots.experienceId,
      slotKey: slots.slotKey,
      bookings: sql<number>`count(*)::int`,
      participants: sql<number>`coalesce(sum(${bookings.participants}), 0)::int`,
      arrived: sql<number>`coalesce(sum(${bookings.participants}) filter (where ${bookings.attendanceStatus} = 'arrived'), 0)::int`,
    })
    .from(slots)
    .innerJoin(bookings, eq(bookings.slotId, slots.id))
    .where(and(eq(slots.accountId, accountId), eq(slots.localDate, localDate), sql`${bookings.status} <> 'canceled'`))
    .groupBy(slots.experienceId, slots.slotKey);

export type Window = { thisFrom: Date; thisTo: Date; lastFrom: Date; lastToDate: Date };

const figures = (created: Column, gross: Column, commission: Column | SQL, window: Window) => {
  const inWindow = (from: Date, to: Date) =>
    sql`${created} >= ${from.toISOString()}::timestamptz and ${created} < ${to.toISOString()}::timestamptz`;
  const three = [
    ['this', inWindow(window.thisFrom, window.thisTo)],
    ['last', inWindow(window.lastFrom, window.thisFrom)],
    ['lastToDate', inWindow(window.lastFrom, window.lastToDate)],
  ] as const;
  return Object.fromEntries(
    three.flatMap(([name, where]) => [
      [`${name}Orders`, sql<number>`(count(*) filter (where ${where}))::int`],
      [`${name}Gross`, sql<number>`coalesce(sum(${gross}) filter (where ${where}), 0)::bigint`.mapWith(Number)],
      [`${name}Commission`, sql<number>`coalesce(sum(${commission}) filter (where ${where}), 0)::bigint`.mapWith(Number)],
    ]),
  ) as Record<`${'this' | 'last' | 'lastToDate'}${'Orders' | 'Gross' | 'Commission'}`, ReturnType<typeof sql<number>>>;
};

/**
 * The organization's own orders not canceled, created last month or this one, per currency
 * (an index-only scan of `orders_account_created_idx`, which carries status, currency and total). Named for what it is: the analytics module may take it over.
 */
export const ownSalesByMonth = (db: Executor, accountId: string, window: Window) =>
  db
    .select({ currency: orders.currency, ...figures(orders.createdAt, orders.totalMinor, sql`0`, window) })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        sql`${orders.createdAt} >= ${window.lastFrom.toISOString()}::timestamptz`,
        sql`${orders.createdAt} < ${window.thisTo.toISOString()}::timestamptz`,
        sql`${orders.status} <> 'canceled'`,
      ),
    )
    .groupBy(orders.currency);

/**
 * The orders of the same months (not canceled) that had money refunded, with what was paid and
 * refunded: the month revenue subtracts refunds. A refund comes after its order, so the
 * organization's refunds since the window's start (`payments_account_refunds_idx`, few rows) find them.
 */
export const refundedOrdersOfMonths = (db: Executor, accountId: string, window: Window) =>
  db
    // The sums name "orders"."id" outright: drizzle writes a selected column of the only table unqualified.
    .select({
      currency: orders.currency,
      createdAt: orders.createdAt,
      totalMinor: orders.totalMinor,
      paid: sql<number>`(select coalesce(sum(p.amount_minor), 0) from ${payments} p
        where p.order_id = "orders"."id" and p.kind = 'payment' and p.status = 'succeeded')::bigint`.mapWith(Number),
      refunded: sql<number>`(select coalesce(sum(p.amount_minor), 0) from ${payments} p
        where p.order_id = "orders"."id" and p.kind = 'refund' and p.status = 'succeeded')::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        sql`${orders.id} in (select r.order_id from ${payments} r where r.account_id = ${accountId} and r.kind = 'refund'
          and r.status = 'succeeded' and r.created_at >= ${window.lastFrom.toISOString()}::timestamptz)`,
        sql`${orders.createdAt} >= ${window.lastFrom.toISOString()}::timestamptz`,
        sql`${orders.createdAt} < ${window.thisTo.toISOString()}::timestamptz`,
        sql`${orders.status} <> 'canceled'`,
      ),
    );

/** What a reseller sold of its partners' offers in the same months (`resales_reseller_created_idx`). */
export const resaleSalesByMonth = (db: Executor, accountId: string, window: Window) =>
  db
    .select({
      currency: orders.currency,
      ...figures(resales.createdAt, orders.totalMinor, resales.commissionMinor, window),
    })
    .from(resales)
    .innerJoin(orders, eq(orders.id, resales.orderId))
    .where(
      and(
        eq(resales.resellerAccountId, accountId),
        sql`${resales.createdAt} >= ${window.lastFrom.toISOString()}::timestamptz`,
        sql`${resales.createdAt} < ${window.thisTo.toISOString()}::timestamptz`,
        sql`${orders.status} <> 'canceled'`,
      ),
    )
    .groupBy(orders.currency);

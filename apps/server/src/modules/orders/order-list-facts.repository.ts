import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { bookings, slots } from '../../db/schema/availability.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { resales } from '../../db/schema/partners.ts';
import { orderLines, orders } from '../../db/schema/sales.ts';
import { stores } from '../../db/schema/stores.ts';
import { users } from '../../db/schema/users.ts';

/**
 * What the orders list (and its exports) show beside an order's own row, for a page of ids at once:
 * one query for the lines (offer, service date in the offer's zone) and one for who sold it (the
 * team member, or the reseller and its store for a resale) and the store's name.
 */

/** The lines of the orders given, in each order's line order, with the start of each line's booking. */
export const linesOfOrders = async (db: Executor, accountId: string, orderIds: readonly string[]) =>
  orderIds.length
    ? db
        .select({
          id: orderLines.id,
          orderId: orderLines.orderId,
          description: orderLines.description,
          status: orderLines.status,
          totalMinor: orderLines.totalMinor,
          participants: bookings.participants,
          party: bookings.party,
          startsAt: slots.startsAt,
          localDate: slots.localDate,
          timeZone: experiences.timeZone,
        })
        .from(orderLines)
        .leftJoin(bookings, eq(bookings.id, orderLines.bookingId))
        .leftJoin(slots, eq(slots.id, bookings.slotId))
        .leftJoin(experiences, eq(experiences.id, orderLines.experienceId))
        .where(and(eq(orderLines.accountId, accountId), inArray(orderLines.orderId, [...orderIds])))
        .orderBy(asc(orderLines.orderId), asc(orderLines.createdAt), asc(orderLines.id))
    : [];
export type ListLine = Awaited<ReturnType<typeof linesOfOrders>>[number];

/**
 * Per order: its store's name, the team member who sold it, and for a resale the reseller and the
 * reseller's store (the supplier sees where its offer was sold; the store is not one of its own).
 */
export const sellingOfOrders = async (db: Executor, accountId: string, orderIds: readonly string[]) => {
  if (!orderIds.length) return [];
  const resellerStore = alias(stores, 'reseller_store');
  return db
    .select({
      orderId: orders.id,
      storeName: stores.name,
      sellerId: users.id,
      sellerFirstName: users.firstName,
      sellerLastName: users.lastName,
      sellerEmail: users.email,
      resellerId: baseAccounts.id,
      resellerName: baseAccounts.name,
      resellerStoreName: resellerStore.name,
    })
    .from(orders)
    .leftJoin(stores, and(eq(stores.id, orders.storeId), eq(stores.accountId, accountId)))
    .leftJoin(users, and(eq(users.id, orders.sellerUserId), eq(users.accountId, accountId)))
    .leftJoin(resales, eq(resales.orderId, orders.id))
    .leftJoin(baseAccounts, eq(baseAccounts.id, resales.resellerAccountId))
    .leftJoin(resellerStore, eq(resellerStore.id, resales.storeId))
    .where(and(eq(orders.accountId, accountId), inArray(orders.id, [...orderIds])));
};
export type OrderSelling = Awaited<ReturnType<typeof sellingOfOrders>>[number];

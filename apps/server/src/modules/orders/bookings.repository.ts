import type { BOOKINGS_BY_DATE_ORDERING } from '@excursio/contract/bookings';
import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { countOfShortPage, likePattern } from '../../db/query.ts';
import { bookings, slots } from '../../db/schema/availability.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { orderLines, orders } from '../../db/schema/sales.ts';
import type { Ordering } from '../../http/paging.ts';
import { searchOrders } from './orders.repository.ts';

export type BookingFilters = {
  date: string;
  search?: string;
  status?: 'confirmed' | 'in_progress' | 'canceled' | 'completed';
  attendance_status?: 'open' | 'arrived' | 'no_show';
};

/** Where a booking stands at `now`, as SQL: the list's status filter. */
const phaseIs = (status: NonNullable<BookingFilters['status']>, now: Date) => {
  const confirmed = eq(bookings.status, 'confirmed');
  switch (status) {
    case 'canceled':
      return eq(bookings.status, 'canceled');
    case 'confirmed':
      return and(confirmed, gt(slots.startsAt, now));
    case 'in_progress':
      return and(confirmed, lte(slots.startsAt, now), gt(slots.endsAt, now));
    case 'completed':
      return and(confirmed, lte(slots.endsAt, now));
  }
};

const columns = {
  booking: bookings,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  localDate: slots.localDate,
  experienceTitle: experiences.title,
  timeZone: experiences.timeZone,
  orderId: orders.id,
  orderNumber: orders.number,
  orderReferencePrefix: orders.referencePrefix,
  contactFirstName: orders.contactFirstName,
  contactLastName: orders.contactLastName,
  contactEmail: orders.contactEmail,
  contactPhone: orders.contactPhone,
};

/** Every booking answer joins its slot, its offer and its order. */
// biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builders differ only in their selection.
const withJoins = <Q extends PgSelect<any, any, any>>(query: Q) =>
  query
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(experiences, eq(experiences.id, bookings.experienceId))
    .innerJoin(orderLines, eq(orderLines.bookingId, bookings.id))
    .innerJoin(orders, eq(orders.id, orderLines.orderId));

/** One booking of the account, as the manifest shows it. */
export const bookingById = async (db: Executor, accountId: string, bookingId: string) =>
  (
    await withJoins(db.select(columns).from(bookings).$dynamic()).where(
      and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)),
    )
  )[0] ?? null;

/** The bookings starting on a local date (the slot's, in its offer's zone): a day's manifest. */
export const bookingsOfDay = async (
  db: Executor,
  accountId: string,
  query: BookingFilters & {
    ordering: Ordering<(typeof BOOKINGS_BY_DATE_ORDERING)[number]>;
    limit: number;
    offset: number;
    now: Date;
  },
) => {
  const term = query.search?.trim().toLowerCase();
  const where = and(
    eq(bookings.accountId, accountId),
    eq(slots.localDate, query.date),
    query.status ? phaseIs(query.status, query.now) : undefined,
    query.attendance_status ? eq(bookings.attendanceStatus, query.attendance_status) : undefined,
    term ? or(searchOrders(term), sql`lower(${experiences.title}) like ${likePattern(term)}`) : undefined,
  );
  const column = {
    starts_at: slots.startsAt,
    contact: orders.contactLastName,
    experience_title: experiences.title,
    participants: bookings.participants,
  }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const order = [direction(column), asc(slots.startsAt), asc(bookings.id)];
  if (term || column === orders.contactLastName || column === experiences.title) {
    // Searched or ordered by a joined column, every matching booking is joined and sorted anyway: the
    // total comes with the page as a window count, not from a second walk of the same joins.
    const found = await withJoins(
      db
        .select({ ...columns, total: sql<number>`(count(*) over ())::int` })
        .from(bookings)
        .$dynamic(),
    )
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);
    const rows = found.map(({ total: _, ...row }) => row);
    if (found.length) return { rows, count: found[0].total };
    const short = countOfShortPage(0, query);
    if (short !== null) return { rows, count: short };
    const [{ total }] = await withJoins(db.select({ total: count() }).from(bookings).$dynamic()).where(where);
    return { rows, count: total };
  }
  // Neither searched nor ordered by offer or contact: the day's bookings are counted and paged on
  // bookings and slots alone, and only the page is joined to its offer and order (a busy day has
  // thousands of bookings; joining each to its order line and order cost ~0.1 ms apiece).
  const page = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const total =
    countOfShortPage(page.length, query) ??
    (await db.select({ total: count() }).from(bookings).innerJoin(slots, eq(slots.id, bookings.slotId)).where(where))[0].total;
  const ids = page.map((p) => p.id);
  const found = ids.length
    ? await withJoins(db.select(columns).from(bookings).$dynamic()).where(
        and(eq(bookings.accountId, accountId), inArray(bookings.id, ids)),
      )
    : [];
  const byId = new Map(found.map((r) => [r.booking.id, r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), count: total };
};

/** Per local date of a month: bookings not canceled, their people and who arrived. */
export const bookingsPerDay = async (db: Executor, accountId: string, from: string, to: string) =>
  db
    .select({
      date: slots.localDate,
      bookings: sql<number>`count(*)::int`,
      participants: sql<number>`sum(${bookings.participants})::int`,
      arrived: sql<number>`(count(*) filter (where ${bookings.attendanceStatus} = 'arrived'))::int`,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(
      and(
        eq(bookings.accountId, accountId),
        ne(bookings.status, 'canceled'),
        gte(slots.localDate, from),
        lte(slots.localDate, to),
      ),
    )
    .groupBy(slots.localDate)
    .orderBy(asc(slots.localDate));

/** Sets attendance on a booking that is not canceled; null when there is no such booking. */
export const setAttendance = async (
  db: Executor,
  accountId: string,
  bookingId: string,
  attendance: 'open' | 'arrived' | 'no_show',
) =>
  (
    await db
      .update(bookings)
      .set({ attendanceStatus: attendance })
      .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId), ne(bookings.status, 'canceled')))
      .returning({ id: bookings.id })
  )[0] ?? null;

/** A booking's attendance, its row locked until the transaction ends (the state before a change). */
export const lockedAttendanceOf = async (tx: Executor, accountId: string, bookingId: string) =>
  (
    await tx
      .select({ attendance: bookings.attendanceStatus })
      .from(bookings)
      .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)))
      .for('update')
  )[0]?.attendance ?? null;

export const bookingStatusOf = async (db: Executor, accountId: string, bookingId: string) =>
  (
    await db
      .select({ status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)))
  )[0]?.status ?? null;

/** Confirms the bookings of an order that wait for confirmation (on-request offers); answers how many. */
export const confirmBookingsOfOrder = async (tx: Executor, accountId: string, orderId: string) =>
  (
    await tx
      .update(bookings)
      .set({ status: 'confirmed' })
      .where(
        and(
          eq(bookings.accountId, accountId),
          eq(bookings.status, 'created'),
          inArray(
            bookings.id,
            tx
              .select({ id: orderLines.bookingId })
              .from(orderLines)
              .where(and(eq(orderLines.orderId, orderId), eq(orderLines.status, 'active'))),
          ),
        ),
      )
      .returning({ id: bookings.id })
  ).length;

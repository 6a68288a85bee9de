import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { bookings, slots } from '../../db/schema/availability.ts';
import { experiences, meetingPoints } from '../../db/schema/catalog.ts';
import { qrCodes } from '../../db/schema/qr-codes.ts';
import { orderLines, orders } from '../../db/schema/sales.ts';
import { users } from '../../db/schema/users.ts';

export type TicketRow = typeof qrCodes.$inferSelect;

/**
 * What a ticket states and shows about its booking: the public summary uses the first name only;
 * staff and the ticket itself (PDF, mail) the full name and the offer's meeting point.
 */
export const bookingFacts = async (db: Executor, accountId: string, bookingIds: readonly string[]) =>
  bookingIds.length
    ? db
        .select({
          bookingId: bookings.id,
          status: bookings.status,
          attendance: bookings.attendanceStatus,
          participants: bookings.participants,
          party: bookings.party,
          slotId: bookings.slotId,
          startsAt: slots.startsAt,
          endsAt: slots.endsAt,
          localDate: slots.localDate,
          experienceTitle: experiences.title,
          timeZone: experiences.timeZone,
          orderId: orders.id,
          orderNumber: orders.number,
          orderReferencePrefix: orders.referencePrefix,
          firstName: orders.contactFirstName,
          lastName: orders.contactLastName,
          offerAddress: experiences.address,
          meetingPoint: {
            name: meetingPoints.name,
            address: meetingPoints.address,
            instructions: meetingPoints.instructions,
          },
        })
        .from(bookings)
        .innerJoin(slots, eq(slots.id, bookings.slotId))
        .innerJoin(experiences, eq(experiences.id, bookings.experienceId))
        .innerJoin(orderLines, eq(orderLines.bookingId, bookings.id))
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .leftJoin(meetingPoints, eq(meetingPoints.id, experiences.meetingPointId))
        .where(and(eq(bookings.accountId, accountId), inArray(bookings.id, [...bookingIds])))
    : Promise.resolve([]);
export type BookingFacts = Awaited<ReturnType<typeof bookingFacts>>[number];

export const organizationOf = async (db: Executor, accountId: string) =>
  (
    await db
      .select({
        name: baseAccounts.name,
        subdomain: baseAccounts.subdomain,
        timeFormat: sql<'24h' | '12h'>`coalesce(${baseAccounts.profile}->>'time_format', '24h')`,
      })
      .from(baseAccounts)
      .where(eq(baseAccounts.id, accountId))
  )[0];

export const ticketsOfBookings = async (db: Executor, accountId: string, bookingIds: readonly string[]) =>
  bookingIds.length
    ? db
        .select()
        .from(qrCodes)
        .where(and(eq(qrCodes.accountId, accountId), inArray(qrCodes.bookingId, [...bookingIds])))
    : [];

/** New tickets; a booking that got its ticket meanwhile (or a code taken already) is left as it is. */
export const insertTickets = async (
  db: Executor,
  accountId: string,
  tickets: readonly { code: string; bookingId: string; name: string }[],
) => {
  if (tickets.length) {
    await db
      .insert(qrCodes)
      .values(tickets.map((t) => ({ ...t, accountId, type: 'ticket' as const })))
      .onConflictDoNothing();
  }
};

/**
 * Checks the booking's party in: Arrived, only while it is confirmed and not Arrived already. One
 * conditional update, so of two check-ins at once the second finds it Arrived (it waits for the
 * first's row lock, then reads the committed row). Null when nothing changed.
 */
export const markArrived = async (tx: Executor, accountId: string, bookingId: string, options = { unsafeUnconditional: false }) =>
  (
    await tx
      .update(bookings)
      .set({ attendanceStatus: 'arrived' })
      .where(
        and(
          eq(bookings.accountId, accountId),
          eq(bookings.id, bookingId),
          options.unsafeUnconditional ? undefined : eq(bookings.status, 'confirmed'),
          options.unsafeUnconditional ? undefined : ne(bookings.attendanceStatus, 'arrived'),
        ),
      )
      .returning({ id: bookings.id })
  )[0] ?? null;

/** The standing check-in of a ticket: when, by whom, on which device, from which synced event. */
export const setCheckedIn = (
  tx: Executor,
  accountId: string,
  ticketId: string,
  by: { at: Date; userId: string | null; deviceId: string | null; checkInId: string | null },
) =>
  tx
    .update(qrCodes)
    .set({ checkedInAt: by.at, checkedInByUserId: by.userId, checkedInDeviceId: by.deviceId, checkInId: by.checkInId })
    .where(and(eq(qrCodes.accountId, accountId), eq(qrCodes.id, ticketId)));

/**
 * The booking's state for a check-in, its row locked until the transaction ends: check-ins of one
 * booking (scanned online, synced from a queue, set on the list) pass one at a time. `lock: false`
 * only for the concurrency test's control run.
 */
export const bookingForCheckIn = async (tx: Executor, accountId: string, bookingId: string, lock = true) => {
  const query = tx
    .select({ status: bookings.status, attendance: bookings.attendanceStatus })
    .from(bookings)
    .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)));
  return (await (lock ? query.for('update') : query))[0] ?? null;
};

/** A ticket's standing check-in, with the name of who made it (inside the check-in's transaction). */
export const ticketState = async (tx: Executor, accountId: string, ticketId: string) =>
  (
    await tx
      .select({
        checkedInAt: qrCodes.checkedInAt,
        userId: qrCodes.checkedInByUserId,
        deviceId: qrCodes.checkedInDeviceId,
        checkInId: qrCodes.checkInId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(qrCodes)
      .leftJoin(users, eq(users.id, qrCodes.checkedInByUserId))
      .where(and(eq(qrCodes.accountId, accountId), eq(qrCodes.id, ticketId)))
  )[0] ?? null;

/** Any organization's code (the caller decides what another organization's means). */
export const codeRowOf = async (db: Executor, code: string) =>
  (await db.select().from(qrCodes).where(eq(qrCodes.code, code)))[0] ?? null;

/** What the audit trail names a checked-in booking by: its offer and order (inside the check-in's transaction). */
export const bookingForAudit = async (tx: Executor, accountId: string, bookingId: string) =>
  (
    await tx
      .select({ title: experiences.title, orderId: orders.id, orderNumber: orders.number })
      .from(bookings)
      .innerJoin(experiences, eq(experiences.id, bookings.experienceId))
      .innerJoin(orderLines, eq(orderLines.bookingId, bookings.id))
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)))
      .limit(1)
  )[0] ?? null;

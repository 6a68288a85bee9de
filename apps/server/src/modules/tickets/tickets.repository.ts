import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { bookings, slots } from '../../db/schema/availability.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { qrCodes } from '../../db/schema/qr-codes.ts';
import { orderLines, orders } from '../../db/schema/sales.ts';

export type TicketRow = typeof qrCodes.$inferSelect;

/** What a ticket states and shows about its booking (no contact data beyond the first name). */
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
          localDate: slots.localDate,
          experienceTitle: experiences.title,
          timeZone: experiences.timeZone,
          orderId: orders.id,
          orderNumber: orders.number,
          orderReferencePrefix: orders.referencePrefix,
          firstName: orders.contactFirstName,
        })
        .from(bookings)
        .innerJoin(slots, eq(slots.id, bookings.slotId))
        .innerJoin(experiences, eq(experiences.id, bookings.experienceId))
        .innerJoin(orderLines, eq(orderLines.bookingId, bookings.id))
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(bookings.accountId, accountId), inArray(bookings.id, [...bookingIds])))
    : Promise.resolve([]);
export type BookingFacts = Awaited<ReturnType<typeof bookingFacts>>[number];

export const organizationOf = async (db: Executor, accountId: string) =>
  (
    await db
      .select({ name: baseAccounts.name, subdomain: baseAccounts.subdomain })
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

export const setCheckedIn = (tx: Executor, accountId: string, ticketId: string, at: Date, userId: string | null) =>
  tx
    .update(qrCodes)
    .set({ checkedInAt: at, checkedInByUserId: userId })
    .where(and(eq(qrCodes.accountId, accountId), eq(qrCodes.id, ticketId)));

/** A ticket and its booking's state, read again (inside the check-in's transaction). */
export const ticketState = async (tx: Executor, accountId: string, ticketId: string) =>
  (
    await tx
      .select({ status: bookings.status, attendance: bookings.attendanceStatus, checkedInAt: qrCodes.checkedInAt })
      .from(qrCodes)
      .innerJoin(bookings, eq(bookings.id, qrCodes.bookingId))
      .where(and(eq(qrCodes.accountId, accountId), eq(qrCodes.id, ticketId)))
  )[0] ?? null;

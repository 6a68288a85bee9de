import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, slots } from '../../db/schema/availability.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { checkIns, qrCodes } from '../../db/schema/qr-codes.ts';
import { orderLines, orders } from '../../db/schema/sales.ts';
import { users } from '../../db/schema/users.ts';

/** A day's bookings (the start's local date in the offer's zone) with their tickets and answers. */
export const manifestRows = (db: Executor, accountId: string, date: string) =>
  db
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      attendance: bookings.attendanceStatus,
      participants: bookings.participants,
      party: bookings.party,
      slotId: bookings.slotId,
      experienceId: bookings.experienceId,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      localDate: slots.localDate,
      experienceTitle: experiences.title,
      timeZone: experiences.timeZone,
      orderNumber: orders.number,
      orderReferencePrefix: orders.referencePrefix,
      firstName: orders.contactFirstName,
      lastName: orders.contactLastName,
      answers: orderLines.answers,
      code: qrCodes.code,
      checkedInAt: qrCodes.checkedInAt,
      checkedInDeviceId: qrCodes.checkedInDeviceId,
      byFirstName: users.firstName,
      byLastName: users.lastName,
      byEmail: users.email,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(experiences, eq(experiences.id, bookings.experienceId))
    .innerJoin(orderLines, eq(orderLines.bookingId, bookings.id))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(qrCodes, and(eq(qrCodes.bookingId, bookings.id), eq(qrCodes.accountId, accountId)))
    .leftJoin(users, eq(users.id, qrCodes.checkedInByUserId))
    .where(and(eq(bookings.accountId, accountId), eq(slots.localDate, date)))
    .orderBy(asc(slots.startsAt), asc(orders.contactLastName), asc(bookings.id));
export type ManifestRow = Awaited<ReturnType<typeof manifestRows>>[number];

/** The ids of a day's bookings (to issue the tickets they lack before the manifest is read). */
export const bookingIdsOfDay = async (db: Executor, accountId: string, date: string) =>
  (
    await db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .where(and(eq(bookings.accountId, accountId), eq(slots.localDate, date)))
  ).map((r) => r.id);

/**
 * Claims a device's event id: the new row's id, or null when the event was synced before (the
 * unique index decides; a parallel retry of the same event waits here for the first to commit).
 */
export const claimEvent = async (
  tx: Executor,
  accountId: string,
  event: { clientEventId: string; deviceId: string; userId: string | null; occurredAt: Date; receivedAt: Date },
) =>
  (
    await tx
      .insert(checkIns)
      .values({ accountId, ...event, outcome: 'refused', result: {} })
      .onConflictDoNothing()
      .returning({ id: checkIns.id })
  )[0]?.id ?? null;

export const eventResult = async (tx: Executor, accountId: string, clientEventId: string) =>
  (
    await tx
      .select({ result: checkIns.result })
      .from(checkIns)
      .where(and(eq(checkIns.accountId, accountId), eq(checkIns.clientEventId, clientEventId)))
  )[0]?.result ?? null;

export const recordOutcome = (
  tx: Executor,
  accountId: string,
  id: string,
  outcome: { qrCodeId: string | null; outcome: 'checked_in' | 'already_checked_in' | 'refused'; result: unknown },
) =>
  tx
    .update(checkIns)
    .set(outcome)
    .where(and(eq(checkIns.accountId, accountId), eq(checkIns.id, id)));

import type { Tx } from '../../db/client.ts';
import { recordChange } from '../audit/audit.service.ts';
import { emitBookingCheckedIn } from '../webhooks/events.ts';
import {
  bookingForAudit,
  bookingForCheckIn,
  markArrived,
  setCheckedIn,
  type TicketRow,
  ticketState,
} from './tickets.repository.ts';

/** The audit entry of a check-in (online or synced): the booking's attendance and the ticket's time. */
const auditCheckIn = async (tx: Tx, accountId: string, bookingId: string, at: Date, before: string, replaced: Date | null) => {
  const booking = await bookingForAudit(tx, accountId, bookingId);
  if (!booking) return;
  await recordChange(
    tx,
    accountId,
    { type: 'booking', id: bookingId, label: `${booking.title} (order #${booking.orderNumber})`, orderId: booking.orderId },
    { Attendance: before, 'Checked in at': replaced?.toISOString() ?? null },
    { Attendance: 'arrived', 'Checked in at': at.toISOString() },
    'checked_in',
  );
};

/**
 * The one rule for checking a ticket's party in, whichever way the check-in comes: scanned online
 * (`POST /api/o/{code}/`, at the server's clock) or synced from a device's queue
 * (`POST /api/check-in/sync/`, at the device's time). Inside the caller's transaction:
 *
 * - another organization's ticket, a link, a canceled or unconfirmed booking are refused;
 * - a party not Arrived yet is marked Arrived, and the ticket records when, by whom, on which device;
 * - a party Arrived already keeps the **earliest** check-in: a later one is told it was checked in
 *   before (a conflict), an earlier one (a device that was offline) replaces the standing time and
 *   says which later check-in it replaced. Arrived set on the bookings list has no time: any scan
 *   after it is "already checked in".
 *
 * The booking's row is locked first (`select … for update`), so check-ins of one booking pass one at
 * a time across sessions and instances.
 */

/** Tests only: read the booking without its lock and write without a condition (the race the lock closes). */
export const unsafeTesting = { readThenWrite: false };

export type CheckInAttempt = { at: Date; userId: string | null; deviceId: string | null; checkInId: string | null };
export type Standing = { at: Date; userId: string | null; by: string | null; deviceId: string | null; checkInId: string | null };
export type CheckInOutcome =
  | { kind: 'checked_in'; replaced: Standing | null }
  /** `standing` null: marked Arrived on the bookings list, without a time. */
  | { kind: 'already_checked_in'; standing: Standing | null }
  | { kind: 'refused'; status: 403 | 404 | 409; code: string; detail: string };

const refused = (status: 403 | 404 | 409, code: string, detail: string): CheckInOutcome => ({
  kind: 'refused',
  status,
  code,
  detail,
});

export const OTHER_ORGANIZATION = 'This ticket belongs to another organization: it is not valid here.';
export const NOWHERE = 'This code does not lead anywhere.';

/** Who checked a ticket in, as a guide reads it ("Dana Novak"; the e-mail address when the member has no name). */
export const checkerName = (who: {
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}) => (who.userId ? `${who.firstName ?? ''} ${who.lastName ?? ''}`.trim() || who.email || null : null);

/** What the ticket row says of its check-in, with a name to show. */
const standingOf = (state: NonNullable<Awaited<ReturnType<typeof ticketState>>>): Standing | null =>
  state.checkedInAt
    ? {
        at: state.checkedInAt,
        userId: state.userId,
        by: checkerName(state),
        deviceId: state.deviceId,
        checkInId: state.checkInId,
      }
    : null;

export const checkInRule = async (
  tx: Tx,
  accountId: string,
  row: TicketRow,
  attempt: CheckInAttempt,
): Promise<CheckInOutcome> => {
  if (row.accountId !== accountId) return refused(403, 'other_organization', OTHER_ORGANIZATION);
  if (row.type !== 'ticket' || !row.bookingId) {
    return refused(409, 'not_a_ticket', 'This code is a link to a store or an offer, not a ticket.');
  }
  const bookingId = row.bookingId;
  const unsafe = unsafeTesting.readThenWrite;
  const booking = await bookingForCheckIn(tx, accountId, bookingId, !unsafe);
  const state = await ticketState(tx, accountId, row.id);
  if (!booking || !state) return refused(404, 'not_found', NOWHERE);
  if (booking.status === 'canceled') {
    return refused(409, 'booking_canceled', 'This booking is canceled: the ticket is not valid.');
  }
  if (booking.status !== 'confirmed') {
    return refused(409, 'booking_not_confirmed', 'This booking is not confirmed yet: the ticket is not valid until it is.');
  }
  const standing = standingOf(state);
  if (booking.attendance === 'arrived') {
    if (!standing || standing.at.getTime() <= attempt.at.getTime()) return { kind: 'already_checked_in', standing };
    // A device that was offline checked the party in before the check-in that stands: the earlier one counts.
    await setCheckedIn(tx, accountId, row.id, attempt);
    await auditCheckIn(tx, accountId, bookingId, attempt.at, 'arrived', standing.at);
    return { kind: 'checked_in', replaced: standing };
  }
  if (!(await markArrived(tx, accountId, bookingId, { unsafeUnconditional: unsafe }))) {
    return refused(409, 'booking_not_confirmed', 'This booking is not confirmed yet: the ticket is not valid until it is.');
  }
  await setCheckedIn(tx, accountId, row.id, attempt);
  await emitBookingCheckedIn(tx, accountId, bookingId, attempt.at, 'ticket');
  await auditCheckIn(tx, accountId, bookingId, attempt.at, booking.attendance.replaceAll('_', ' '), null);
  return { kind: 'checked_in', replaced: null };
};

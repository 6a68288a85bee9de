import type { BookingListItem } from '@excursio/contract/bookings';
import type { Db } from '../../db/client.ts';
import { notFound, refusedByState } from '../../http/app-error.ts';
import { DAY_MS, formatIsoDate, formatWallTime, MINUTE_MS, monthDays } from '../availability/local-date.ts';
import { zoneTimeline } from '../availability/zone-timeline.ts';
import { emitBookingCheckedIn } from '../webhooks/events.ts';
import {
  bookingById,
  bookingStatusOf,
  bookingsOfDay,
  bookingsPerDay,
  lockedAttendanceOf,
  setAttendance,
} from './bookings.repository.ts';
import { auditBooking } from './order-audit.ts';
import { orderReference } from './order-wire.ts';

type Row = NonNullable<Awaited<ReturnType<typeof bookingById>>>;

const phaseOf = (row: Row, nowMs: number): BookingListItem['phase'] => {
  const { status } = row.booking;
  if (status !== 'confirmed') return status;
  if (row.endsAt.getTime() <= nowMs) return 'completed';
  if (row.startsAt.getTime() <= nowMs) return 'in_progress';
  return 'confirmed';
};

/** Local `HH:mm` of an instant in a zone. */
const wallTime = (epochMs: number, timeZone: string) => {
  const local = epochMs + zoneTimeline(timeZone).offsetAt(epochMs);
  return formatWallTime(Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS));
};

const toBooking = (row: Row, nowMs: number): BookingListItem => ({
  id: row.booking.id,
  order_id: row.orderId,
  order_reference: orderReference(row.orderNumber, row.orderReferencePrefix),
  experience_id: row.booking.experienceId,
  experience_title: row.experienceTitle,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt.toISOString(),
  local_date: row.localDate,
  time: wallTime(row.startsAt.getTime(), row.timeZone),
  time_zone: row.timeZone,
  status: row.booking.status,
  phase: phaseOf(row, nowMs),
  attendance_status: row.booking.attendanceStatus,
  participants: row.booking.participants,
  party: row.booking.party,
  contact: {
    first_name: row.contactFirstName,
    last_name: row.contactLastName,
    email: row.contactEmail,
    phone: row.contactPhone,
  },
});

export const bookingsOfDayPage = async (db: Db, accountId: string, query: Parameters<typeof bookingsOfDay>[2]) => {
  const { rows, count } = await bookingsOfDay(db, accountId, query);
  return { results: rows.map((r) => toBooking(r as Row, query.now.getTime())), count };
};

export const bookingsCalendar = async (db: Db, accountId: string, month: number, year: number) => {
  const { from, to } = monthDays(year, month);
  return { month, year, days: await bookingsPerDay(db, accountId, formatIsoDate(from), formatIsoDate(to)) };
};

/** Attendance in one tap; a canceled booking keeps its own. */
export const markAttendance = async (
  db: Db,
  accountId: string,
  bookingId: string,
  attendance: BookingListItem['attendance_status'],
  now: Date,
) => {
  const row = await db.transaction(async (tx) => {
    // Locked first: two taps on Arrived report one check-in to integrators.
    const previous = await lockedAttendanceOf(tx, accountId, bookingId);
    const before = await bookingById(tx, accountId, bookingId);
    if (!before || !(await setAttendance(tx, accountId, bookingId, attendance))) {
      const status = await bookingStatusOf(tx, accountId, bookingId);
      if (!status) throw notFound('This booking does not exist.');
      throw refusedByState('booking_canceled', 'This booking is canceled: attendance cannot be set.');
    }
    if (attendance === 'arrived' && previous !== 'arrived') await emitBookingCheckedIn(tx, accountId, bookingId, now, 'list');
    const after = await bookingById(tx, accountId, bookingId);
    if (!after) throw notFound('This booking does not exist.');
    const audited = { id: bookingId, orderId: after.orderId, orderNumber: after.orderNumber, title: after.experienceTitle };
    const attendanceOf = (r: typeof after) => ({ Attendance: r.booking.attendanceStatus.replaceAll('_', ' ') });
    await auditBooking(tx, accountId, audited, attendanceOf(before), attendanceOf(after));
    return after;
  });
  return toBooking(row as Row, now.getTime());
};

import { z } from 'zod';
import { isoDate } from './catalog-common.ts';
import { id, timestamp } from './common.ts';
import { ATTENDANCE_STATUSES, BOOKING_STATUSES } from './orders.ts';

/**
 * Check-in that keeps working offline (issue 15). A scanning device downloads a day's manifest
 * (`GET /api/check-in/manifest/?date=`: the bookings, their tickets' codes, the organization's
 * public keys, the server's time), checks tickets against it and the keys alone, queues the
 * check-ins it makes and syncs them (`POST /api/check-in/sync/`). The earliest check-in of a
 * ticket stands; a later one is reported to the device as a conflict.
 */

/** One booking of the day as a guide needs it at the start. */
export const manifestBooking = z.object({
  booking_id: id,
  /** The ticket's short code (a confirmed or canceled booking has one; one never confirmed has none). */
  code: z.string().nullable(),
  order_reference: z.string(),
  name: z.string(),
  experience_id: id.nullable(),
  experience_title: z.string(),
  slot_id: id,
  starts_at: timestamp,
  ends_at: timestamp,
  local_date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  participants: z.number().int(),
  party: z.array(z.object({ category: z.string(), quantity: z.number().int() })),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  status: z.enum(BOOKING_STATUSES),
  attendance_status: z.enum(ATTENDANCE_STATUSES),
  checked_in_at: timestamp.nullable(),
  checked_in_by: z.string().nullable(),
  checked_in_device_id: z.string().nullable(),
});
export type ManifestBooking = z.infer<typeof manifestBooking>;

export const checkInManifestQuery = z.strictObject({ date: isoDate });
export const checkInManifest = z.object({
  date: z.string(),
  organization: z.string(),
  server_time: timestamp,
  keys: z.array(z.object({ key_id: z.string(), algorithm: z.literal('Ed25519'), public_key: z.string() })),
  bookings: z.array(manifestBooking),
});
export type CheckInManifest = z.infer<typeof checkInManifest>;

/** A device's own id for itself and for each check-in it makes: random, opaque. */
const clientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Use 8–64 letters, digits, - or _.' });

export const CHECK_IN_SYNC_MAX_ITEMS = 200;
export const checkInSyncInput = z.strictObject({
  device_id: clientId,
  /** The device's clock when it sent the batch: the server corrects the items' times by its offset. */
  sent_at: z.iso.datetime({ offset: true }),
  items: z
    .array(
      z.strictObject({
        client_event_id: clientId,
        /** The ticket's short code (as typed or scanned). */
        code: z.string().min(1).max(40),
        /** The signed token the QR code carried, when it was scanned: checked again here. */
        token: z.string().max(400).nullish(),
        /** When the device checked the party in, by its clock. */
        checked_in_at: z.iso.datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(CHECK_IN_SYNC_MAX_ITEMS),
});
export type CheckInSyncInput = z.infer<typeof checkInSyncInput>;

/** A check-in as the device sees it: when, by whom, on which device. */
const standing = z.object({ at: timestamp, by: z.string().nullable(), device_id: z.string().nullable() });

export const CHECK_IN_SYNC_RESULTS = ['checked_in', 'already_checked_in', 'refused'] as const;
export const checkInSyncResult = z.object({
  client_event_id: z.string(),
  code: z.string(),
  booking_id: id.nullable(),
  result: z.enum(CHECK_IN_SYNC_RESULTS),
  /** A refusal's code (`booking_canceled`, `other_organization`, `bad_signature`, `invalid_time`, …). */
  reason: z.string().nullable(),
  /** A sentence for the guide. */
  detail: z.string(),
  /** The check-in that stands for this ticket now (the earliest), when there is one. */
  checked_in: standing.nullable(),
  /** The other check-in of a conflict: the later one this replaced, or (already checked in) none. */
  replaced: standing.nullable(),
});
export type CheckInSyncResult = z.infer<typeof checkInSyncResult>;
export const checkInSyncResponse = z.object({ server_time: timestamp, results: z.array(checkInSyncResult) });
export type CheckInSyncResponse = z.infer<typeof checkInSyncResponse>;

// The time a device gives a check-in -----------------------------------------------------------------

/** How far ahead of the server's clock a check-in's (corrected) time may be. */
export const CHECK_IN_CLOCK_SKEW_MS = 2 * 60_000;
/** How early before its start a party may be checked in on the day before (a tour starting just after midnight). */
export const CHECK_IN_EARLY_MS = 3 * 3_600_000;

/** `YYYY-MM-DD` of an instant in a zone. */
export const localDateIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * Whether a check-in at `at` belongs to the booking: on the booking's local date (its offer's zone),
 * or from 3 hours before its start until its end (just after midnight, several days long). The
 * server refuses a synced check-in outside it; the offline page does not queue one.
 */
export const checkInTimeFits = (
  at: Date,
  booking: { local_date: string; starts_at: string; ends_at: string; time_zone: string },
) => {
  if (localDateIn(at, booking.time_zone) === booking.local_date) return true;
  const ms = at.getTime();
  return ms >= Date.parse(booking.starts_at) - CHECK_IN_EARLY_MS && ms <= Date.parse(booking.ends_at);
};

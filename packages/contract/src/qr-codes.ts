import { z } from 'zod';
import { choiceFilter, isoDate, title } from './catalog-common.ts';
import { id, timestamp } from './common.ts';
import { ATTENDANCE_STATUSES, BOOKING_STATUSES } from './orders.ts';

/**
 * QR codes (`/api/qr-codes/`, specification §2 `/sales/qr-codes`, §7 CRUD `qr-codes`): every code
 * is a short address `…/api/o/{code}/`. A store link and an offer link send whoever scans them to
 * the store or straight to the offer's booking page (and count the scan); a booking ticket is the
 * booking's signed proof of purchase (see `tickets.ts`), issued with the booking, never by hand.
 */

export const QR_CODE_TYPES = ['store', 'offer', 'ticket'] as const;
export type QrCodeType = (typeof QR_CODE_TYPES)[number];
export const QR_CODE_TYPE_LABELS: Record<QrCodeType, string> = {
  store: 'Store link',
  offer: 'Offer link',
  ticket: 'Booking ticket',
};
/** The types a person creates; tickets come with their bookings. */
export const QR_LINK_TYPES = ['store', 'offer'] as const;
const linkType = z.enum(QR_LINK_TYPES, {
  error: 'Choose a store link or an offer link (tickets are issued with their bookings).',
});

export const qrCodeInput = z.strictObject({
  type: linkType,
  /** What the code is for, as the team calls it ("Poster at the harbour"). */
  name: title,
  /** The store the code leads to; for an offer link, the store whose booking page opens. */
  store_id: id,
  /** The offer of an offer link (it must be in the store). */
  experience_id: id.nullable().default(null),
});
export type QrCodeInput = z.input<typeof qrCodeInput>;
export const qrCodePatchInput = z
  .strictObject({ type: linkType, name: title, store_id: id, experience_id: id.nullable() })
  .partial();
export type QrCodePatchInput = z.infer<typeof qrCodePatchInput>;

export const qrCode = z.object({
  id,
  /** The short code (Crockford base32, 12 characters) of the address. */
  code: z.string(),
  type: z.enum(QR_CODE_TYPES),
  name: z.string(),
  /** What the QR code holds: the short address; a ticket's carries its signed token as the fragment. */
  content: z.string(),
  /** The short address itself. */
  short_url: z.string(),
  store: z.object({ id, name: z.string(), slug: z.string() }).nullable(),
  experience: z.object({ id, title: z.string() }).nullable(),
  /** A ticket's booking. */
  booking: z
    .object({
      id,
      order_id: id,
      order_reference: z.string(),
      experience_title: z.string(),
      starts_at: timestamp,
      time_zone: z.string(),
      status: z.enum(BOOKING_STATUSES),
      attendance_status: z.enum(ATTENDANCE_STATUSES),
    })
    .nullable(),
  /** Where a scan leads now (links); null for a ticket, or when the link leads nowhere any more. */
  target_url: z.string().nullable(),
  /** Why a link does not lead where it was made to (its store was deleted, the offer left the store). */
  target_problem: z.string().nullable(),
  /** Scans of a link counted so far, and the last one. */
  scans: z.number().int(),
  last_scanned_at: timestamp.nullable(),
  /** When the ticket was checked in by scanning it. */
  checked_in_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type QrCode = z.infer<typeof qrCode>;

export const QR_CODE_ORDERING = ['name', 'created_at', 'scans', 'type'] as const;
export const qrCodeListFilters = { type: choiceFilter(QR_CODE_TYPES, QR_CODE_TYPE_LABELS) };

/** GET /api/qr-codes/{id}/scans/ — scans per day (the organization's zone), both ends included. */
export const QR_SCAN_RANGE_MAX_DAYS = 366;
export const qrCodeScansQuery = z.strictObject({ from: isoDate.optional(), to: isoDate.optional() });
export const qrCodeScans = z.object({
  from: z.string(),
  to: z.string(),
  /** Every scan counted, whenever. */
  total: z.number().int(),
  days: z.array(z.object({ date: z.string(), scans: z.number().int() })),
});
export type QrCodeScans = z.infer<typeof qrCodeScans>;

/** GET /api/qr-codes/{id}/image/ — PNG (pixels, default 1200: 10 cm at 300 dpi) or SVG (vector). */
export const QR_IMAGE_FORMATS = ['png', 'svg'] as const;
export const qrCodeImageQuery = z.strictObject({
  format: z.enum(QR_IMAGE_FORMATS).default('png'),
  size: z.coerce.number().int().min(128).max(4096).default(1200),
});

/** `/api/o/{code}/`: the code as typed or scanned (normalized by the server). */
export const shortCodeParams = z.strictObject({ code: z.string().min(1).max(40) });

/**
 * GET /api/o/{code}/ of a ticket: what anyone holding the ticket may read — the booking without
 * personal data beyond the first name.
 */
export const ticketSummary = z.object({
  type: z.literal('ticket'),
  code: z.string(),
  organization: z.string(),
  reference: z.string(),
  first_name: z.string(),
  experience_title: z.string(),
  starts_at: timestamp,
  local_date: z.string(),
  /** Local `HH:mm` in the offer's zone. */
  time: z.string(),
  time_zone: z.string(),
  participants: z.number().int(),
  party: z.array(z.object({ category: z.string(), quantity: z.number().int() })),
  status: z.enum(BOOKING_STATUSES),
  attendance_status: z.enum(ATTENDANCE_STATUSES),
  checked_in_at: timestamp.nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

/**
 * A ticket as staff look at it (the check-in page's lookup `GET /api/check-in/tickets/{code}/` and the
 * answer of `POST /api/o/{code}/`): the public summary with the booker's full name and who checked
 * the party in (null: not checked in, marked Arrived on the bookings list, or by an API key).
 */
export const staffTicket = ticketSummary.extend({
  name: z.string(),
  checked_in_by: z.string().nullable(),
});
export type StaffTicket = z.infer<typeof staffTicket>;

/** Where the party meets: the offer's meeting point, or only its address when it has none. */
export const ticketMeetingPoint = z.object({ name: z.string(), address: z.string(), instructions: z.string() });

/** A booking's ticket for the visitor's confirmation (`GET /api/order/tickets/`): no name beyond the first. */
export const publicBookingTicket = ticketSummary.extend({
  booking_id: id,
  /** What the ticket's QR code holds (the short address with the signed token). */
  content: z.string(),
  meeting_point: ticketMeetingPoint.nullable(),
});
export type PublicBookingTicket = z.infer<typeof publicBookingTicket>;

/** A booking's ticket for staff (`GET /api/bookings/{id}/ticket/`) and on the printed ticket: the full name too. */
export const bookingTicket = publicBookingTicket.extend({ name: z.string() });
export type BookingTicket = z.infer<typeof bookingTicket>;

/** GET /api/order/tickets/?session_id= — the confirmed bookings' tickets of a checkout. */
export const orderTickets = z.object({ tickets: z.array(publicBookingTicket) });
export type OrderTickets = z.infer<typeof orderTickets>;

/** GET /api/tickets/keys/ — the keys that verify the organization's tickets (current and earlier). */
export const ticketKeys = z.object({
  keys: z.array(z.object({ key_id: z.string(), algorithm: z.literal('Ed25519'), public_key: z.string(), created_at: timestamp })),
});

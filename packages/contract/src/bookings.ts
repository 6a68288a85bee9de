import { z } from 'zod';
import { choiceFilter } from './catalog-common.ts';
import { id, timestamp } from './common.ts';
import { ATTENDANCE_STATUS_LABELS, ATTENDANCE_STATUSES, type BOOKING_STATUS_FILTERS, BOOKING_STATUSES } from './orders.ts';

const money = z.number().int();

/** Bookings of a day (the manifest), the bookings calendar and attendance. */
export const BOOKING_STATUS_FILTER_LABELS: Record<Exclude<(typeof BOOKING_STATUS_FILTERS)[number], 'all'>, string> = {
  confirmed: 'Confirmed',
  in_progress: 'In progress',
  canceled: 'Canceled',
  completed: 'Completed',
};
/** Where a booking stands at the app's clock: confirmed and not started, running, over, or canceled. */
export const BOOKING_PHASES = ['created', 'confirmed', 'in_progress', 'completed', 'canceled'] as const;
export const BOOKING_PHASE_LABELS: Record<(typeof BOOKING_PHASES)[number], string> = {
  created: 'Created',
  confirmed: 'Confirmed',
  in_progress: 'In progress',
  completed: 'Completed',
  canceled: 'Canceled',
};
export const BOOKINGS_BY_DATE_ORDERING = ['starts_at', 'contact', 'experience_title', 'participants'] as const;

export const bookingsByDateFilters = {
  date: z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' }),
  status: choiceFilter(['confirmed', 'in_progress', 'canceled', 'completed'] as const, BOOKING_STATUS_FILTER_LABELS),
  attendance_status: choiceFilter(ATTENDANCE_STATUSES, ATTENDANCE_STATUS_LABELS),
};

export const bookingListItem = z.object({
  id,
  order_id: id,
  order_reference: z.string(),
  experience_id: id,
  experience_title: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
  local_date: z.string(),
  /** Local `HH:mm` of the start, in `time_zone`. */
  time: z.string(),
  time_zone: z.string(),
  status: z.enum(BOOKING_STATUSES),
  phase: z.enum(BOOKING_PHASES),
  attendance_status: z.enum(ATTENDANCE_STATUSES),
  participants: z.number().int(),
  party: z.array(z.object({ pricing_category_id: id, quantity: z.number().int(), unit_price: money, amount: money })),
  contact: z.object({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string() }),
});
export type BookingListItem = z.infer<typeof bookingListItem>;

export const bookingsCalendarQuery = z.strictObject({
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(2000).max(2100),
});
export const bookingsCalendarResponse = z.object({
  month: z.number().int(),
  year: z.number().int(),
  /** Days with bookings not canceled: how many and how many people. */
  days: z.array(
    z.object({ date: z.string(), bookings: z.number().int(), participants: z.number().int(), arrived: z.number().int() }),
  ),
});

/** PATCH /api/bookings/{id}/ — attendance, set in one tap. */
export const bookingPatchInput = z.strictObject({ attendance_status: z.enum(ATTENDANCE_STATUSES) });

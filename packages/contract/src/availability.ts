import { z } from 'zod';
import { count, isoDate, shortText } from './catalog-common.ts';
import { id, timestamp } from './common.ts';
import { errorItem, listQuery, paginated } from './list.ts';
import { PRICING_MODES } from './pricing.ts';
import { storeSlug } from './stores.ts';

/**
 * DRAFT — shapes of the availability endpoints (issue "Availability and capacity"), written with
 * the pure engine (apps/server/src/modules/availability) before the routes exist. The routes may
 * still change them; change them here, in one place, when they do.
 *
 * Wire conventions: instants ISO 8601 UTC, beside them the local date, `HH:mm` and the offer's
 * IANA zone; money in integer minor units of the offer's currency. `/api/*` is snake_case; the
 * public `/api/1/*` feed is camelCase, as its specified query parameters (`fromDateTime`,
 * `productId`) are.
 */

/** Why a slot cannot be sold: the schedule's reasons, then the capacity's (`closed`, `full`). */
export const UNBOOKABLE_REASONS = ['not_active', 'past', 'cutoff', 'no_rate', 'closed', 'full'] as const;
export type UnbookableReason = (typeof UNBOOKABLE_REASONS)[number];

/**
 * A slot's id on the wire: its local date and schedule line (`day` for an open-dated pass day).
 * Stable for as long as the line exists, and readable in logs.
 */
export const slotKey = (slot: { date: string; start_time_id: string | null }) => `${slot.date}_${slot.start_time_id ?? 'day'}`;
const SLOT_KEY = /^(\d{4}-\d{2}-\d{2})_(day|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export const parseSlotKey = (key: string): { date: string; start_time_id: string | null } | null => {
  const m = SLOT_KEY.exec(key);
  if (!m || !isoDate.safeParse(m[1]).success) return null;
  return { date: m[1], start_time_id: m[2] === 'day' ? null : m[2].toLowerCase() };
};
export const slotKeySchema = z.string().refine((k) => parseSlotKey(k) !== null, { error: 'Unknown slot.' });

export const MAX_PARTY_LINES = 20;
const partyLine = z.strictObject({
  pricing_category_id: id,
  quantity: z.number().int().min(0).max(100_000),
});

/**
 * `pricing_options` in a query string: participants per pricing category, as JSON
 * (`{"<category id>": 2}` or `[{"pricing_category_id": …, "quantity": 2}]`) or as
 * `<category id>:2,<category id>:1`. Lines of 0 are dropped (a form sends every category).
 */
export const pricingOptions = z
  .preprocess((raw) => {
    if (typeof raw !== 'string') return raw;
    const text = raw.trim();
    if (text === '') return [];
    if (text.startsWith('{') || text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed;
        if (parsed && typeof parsed === 'object') {
          return Object.entries(parsed).map(([pricing_category_id, quantity]) => ({ pricing_category_id, quantity }));
        }
        return parsed;
      } catch {
        return raw;
      }
    }
    return text.split(',').map((pair) => {
      const [pricing_category_id, quantity] = pair.split(':');
      return { pricing_category_id: pricing_category_id?.trim(), quantity: Number(quantity) };
    });
  }, z.array(partyLine).max(MAX_PARTY_LINES))
  .transform((lines) => lines.filter((l) => l.quantity > 0));
export type PricingOptions = z.infer<typeof pricingOptions>;

const groupSize = z.coerce.number().int().min(1).max(100_000);

/** GET /api/bookings/check-availability/ */
export const checkAvailabilityQuery = z.strictObject({
  experience_id: id,
  date_from: isoDate,
  group_size: groupSize.optional(),
  /** Without it the first rate valid that day prices the party. */
  rate_id: id.optional(),
  pricing_options: pricingOptions.optional(),
  /** The cart line being edited: its own hold does not count against it. */
  cart_line_id: id.optional(),
});

export const partyPrice = z.object({
  rate_id: id,
  pricing_mode: z.enum(PRICING_MODES),
  currency: z.string(),
  total: z.number().int(),
  participants: z.number().int(),
  /** Groups booked under a per-group rate; 0 per person. */
  groups: z.number().int(),
  /** Places the party takes: people, or groups when the operator counts a group as one. */
  capacity_units: z.number().int(),
  lines: z.array(
    z.object({ pricing_category_id: id, quantity: z.number().int(), unit_price: z.number().int(), amount: z.number().int() }),
  ),
});

/** One slot with its capacity, as every availability answer carries it. */
export const availabilitySlot = z.object({
  id: z.string(),
  start_time_id: id.nullable(),
  date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
  /** Sales close here: start − the booking cut-off. */
  sales_end_at: timestamp,
  /** null = no limit (a pass without a daily cap). */
  capacity: z.number().int().nullable(),
  booked: z.number().int(),
  held: z.number().int(),
  available: z.number().int().nullable(),
  closed: z.boolean(),
  bookable: z.boolean(),
  unbookable_reason: z.enum(UNBOOKABLE_REASONS).nullable(),
  /** The rates that sell on this date. */
  rate_ids: z.array(id),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlot>;

export const checkAvailabilityResponse = z.object({
  experience_id: id,
  date: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  /** Problems of the party itself (unknown category, below the minimum…); empty when it is valid. */
  problems: z.array(errorItem),
  results: z.array(
    availabilitySlot.extend({
      /** The requested party fits (false as well when the party has problems). */
      fits: z.boolean(),
      price: partyPrice.nullable(),
    }),
  ),
});

const month = z.coerce.number().int().min(1).max(12);
const year = z.coerce.number().int().min(2000).max(2100);

export type CheckAvailabilityQuery = z.infer<typeof checkAvailabilityQuery>;
export type CheckAvailabilityResponse = z.infer<typeof checkAvailabilityResponse>;

/** GET /api/bookings/upcoming/ — the next bookable starts of an offer (the editor's preview). */
export const upcomingSlotsQuery = z.strictObject({
  experience_id: id,
  limit: z.coerce.number().int().min(1).max(50).default(8),
});
export const upcomingSlotsResponse = z.object({
  experience_id: id,
  time_zone: z.string(),
  /** False while the offer is not Active: the starts are what it would sell once published. */
  sellable: z.boolean(),
  results: z.array(availabilitySlot),
});
export type UpcomingSlotsResponse = z.infer<typeof upcomingSlotsResponse>;

/** GET /api/bookings/config/ — what a date picker needs for one month. */
export const bookingConfigQuery = z.strictObject({ experience_id: id, month, year });
export const bookingConfigResponse = z.object({
  experience_id: id,
  month: z.number().int(),
  year: z.number().int(),
  time_zone: z.string(),
  currency: z.string(),
  is_open_dated: z.boolean(),
  cutoff_minutes: z.number().int(),
  /** The offer's group size limits (people per booking). */
  min_group_size: z.number().int(),
  max_group_size: z.number().int().nullable(),
  /** Days with at least one bookable slot. */
  days: z.array(
    z.object({
      date: z.string(),
      slots: z.number().int(),
      /** Lowest remaining capacity among the day's bookable slots; null = no limit. */
      min_available: z.number().int().nullable(),
      max_available: z.number().int().nullable(),
    }),
  ),
  rates: z.array(
    z.object({
      id,
      name: z.string(),
      valid_from: z.string().nullable(),
      valid_to: z.string().nullable(),
      pricing_mode: z.enum(PRICING_MODES),
      min_participants: z.number().int(),
      max_participants: z.number().int().nullable(),
      prices: z.array(z.object({ pricing_category_id: id, pricing_category_name: z.string(), price: z.number().int() })),
    }),
  ),
});

export type BookingConfigResponse = z.infer<typeof bookingConfigResponse>;

/** GET /api/capacity/calendar/ — per-day use across the account (or one offer). */
export const capacityCalendarQuery = z.strictObject({ month, year, experience_id: id.optional() });
export const capacityCalendarResponse = z.object({
  month: z.number().int(),
  year: z.number().int(),
  days: z.array(
    z.object({
      date: z.string(),
      slots: z.number().int(),
      closed_slots: z.number().int(),
      /** Sum over the day's limited slots; null when every slot is unlimited. */
      capacity: z.number().int().nullable(),
      booked: z.number().int(),
      held: z.number().int(),
      available: z.number().int().nullable(),
      /** (booked + held) / capacity in whole percent, for the calendar's colour; null = no limit. */
      utilisation: z.number().int().nullable(),
    }),
  ),
});

export const CAPACITY_BY_DATE_ORDERING = ['starts_at', 'experience_title', 'available', 'booked'] as const;
/** GET /api/capacity/by-date/ — the slots of one day, paged. */
export const capacityByDateQuery = listQuery.extend({ date: isoDate, experience_id: id.optional() }).strict();
export const capacitySlot = availabilitySlot.extend({
  experience_id: id,
  experience_title: z.string(),
  /** The operator's note for staff. */
  note: z.string(),
  /** Capacity set by the operator for this slot (null = the schedule's). */
  capacity_override: z.number().int().nullable(),
});
/** An offer's note for a whole day ("Storm warning"), written by "Close whole day", removed by "Reopen day". */
export const capacityDayNote = z.object({ experience_id: id, experience_title: z.string(), note: z.string() });
export type CapacityDayNote = z.infer<typeof capacityDayNote>;
/** The day's slots (paged) and the day notes of the offers in view (not paged: one per offer at most). */
export const capacityByDateResponse = paginated(capacitySlot).extend({ day_notes: z.array(capacityDayNote) });
/** POST /api/capacity/close-day/ — the offer's slots of the day after the change, and its day note (null: none). */
export const closeDayResponse = z.object({ results: z.array(capacitySlot), day_note: z.string().nullable() });

/** PATCH /api/capacity/slots/ (draft path) — one slot's override; at least one change. */
export const slotOverrideInput = z
  .strictObject({
    experience_id: id,
    start_time_id: id.nullable(),
    date: isoDate,
    closed: z.boolean().optional(),
    /** null = back to the schedule's capacity. */
    capacity: count(0).nullable().optional(),
    note: shortText(500).optional(),
    /** Set a capacity below what is booked anyway (the operator accepts the overbooking). */
    force: z.boolean().default(false),
  })
  .refine((v) => v.closed !== undefined || v.capacity !== undefined || v.note !== undefined, {
    error: 'Change at least one of closed, capacity or note.',
  });

/**
 * POST /api/capacity/close-day/ (draft path) — close or reopen every slot of an offer on a date.
 * `note` is the day's own note (closing only; empty removes it); the slots' own notes are never
 * touched, and reopening removes the day's note.
 */
export const closeDayInput = z.strictObject({
  experience_id: id,
  date: isoDate,
  closed: z.boolean(),
  note: shortText(500).optional(),
});

/** The public feed answers at most this many days per call (it is paged, but generated per call). */
export const MAX_AVAILABILITY_WINDOW_DAYS = 62;
const instant = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date-time, e.g. 2026-05-01T00:00:00Z.' });

/** GET /api/1/get-availabilities/ (public, the organization from the subdomain). */
export const getAvailabilitiesQuery = listQuery
  .extend({ fromDateTime: instant, toDateTime: instant, productId: id.optional() })
  .strict()
  .refine((q) => Date.parse(q.toDateTime) > Date.parse(q.fromDateTime), {
    error: 'toDateTime must be after fromDateTime.',
    path: ['toDateTime'],
  })
  .refine((q) => Date.parse(q.toDateTime) - Date.parse(q.fromDateTime) <= MAX_AVAILABILITY_WINDOW_DAYS * 86_400_000, {
    error: `Ask for at most ${MAX_AVAILABILITY_WINDOW_DAYS} days at once.`,
    path: ['toDateTime'],
  });
export const GET_AVAILABILITIES_ORDERING = ['localDateTimeStart', 'productId', 'vacancies'] as const;

export const PUBLIC_AVAILABILITY_STATUSES = ['AVAILABLE', 'LIMITED', 'SOLD_OUT', 'CLOSED'] as const;
export const publicAvailability = z.object({
  /** The slot key (see slotKey). */
  id: z.string(),
  productId: id,
  /** Local date-time with offset (`2026-03-29T09:00:00+02:00`) and the zone it is in. */
  localDateTimeStart: z.string(),
  localDateTimeEnd: z.string(),
  timeZone: z.string(),
  utcStartAt: timestamp,
  utcCutoffAt: timestamp,
  /** An open-dated pass day. */
  allDay: z.boolean(),
  available: z.boolean(),
  status: z.enum(PUBLIC_AVAILABILITY_STATUSES),
  vacancies: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
});
export const getAvailabilitiesResponse = paginated(publicAvailability);

/** POST /api/1/reserve/ — hold places for a party on a slot. */
export const reserveInput = z.strictObject({
  productId: id,
  availabilityId: slotKeySchema,
  rateId: id,
  units: z
    .array(z.strictObject({ pricingCategoryId: id, quantity: z.number().int().min(1).max(100_000) }))
    .min(1)
    .max(MAX_PARTY_LINES),
  /** People in the party; required by per-group rates. */
  groupSize: z.number().int().min(1).max(100_000).optional(),
  /** The webstore the visitor books in (its slug): the offer must be sold there, and its hold time applies. */
  store: storeSlug.optional(),
});
export type ReserveInput = z.infer<typeof reserveInput>;
export const reserveResponse = z.object({
  id,
  status: z.literal('ON_HOLD'),
  availabilityId: z.string(),
  productId: id,
  utcExpiresAt: timestamp,
  price: z.object({
    currency: z.string(),
    total: z.number().int(),
    lines: z.array(
      z.object({ pricingCategoryId: id, quantity: z.number().int(), unitPrice: z.number().int(), amount: z.number().int() }),
    ),
  }),
});

/** POST /api/1/holds/{id}/extend/ */
export const holdResponse = z.object({ id, status: z.literal('ON_HOLD'), utcExpiresAt: timestamp });

import { z } from 'zod';
import { choiceFilter, isoDate } from './catalog-common.ts';
import { paginated } from './list.ts';

/**
 * Sales analytics (`GET /api/analytics/`, issue 15): rows of sales per offer, store, channel,
 * partner or day, each in one currency (amounts of different currencies are never added), over a
 * range of sale dates (UTC days). Figures in minor units:
 * - bookings / participants: booked lines still standing and their people;
 * - gross: everything sold at its sale price (lines canceled since included); canceled: the part
 *   of it canceled since; refunds: money refunded;
 * - net: what the sales are worth now — per order its total, or what was kept when more (paid −
 *   refunded); order-level money is spread over the order's lines by their gross;
 * - utilisation (offer rows of the organization's own offers): places booked on the offer's starts
 *   in the range (by start date) per place offered, in whole percent; null without limited starts.
 */

export const ANALYTICS_GROUPS = ['offer', 'store', 'channel', 'partner', 'day'] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];
export const ANALYTICS_GROUP_LABELS: Record<AnalyticsGroup, string> = {
  offer: 'Offer',
  store: 'Store',
  channel: 'Channel',
  partner: 'Reseller',
  day: 'Day',
};

export const ANALYTICS_ORDERING = [
  'label',
  'bookings',
  'participants',
  'gross',
  'canceled',
  'refunds',
  'net',
  'utilisation',
] as const;

/** The longest range one request covers (a bit over two years). */
export const ANALYTICS_MAX_DAYS = 800;
/** The range when none is given: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;

const optionalId = (error: string) =>
  z.preprocess(
    (raw) => (typeof raw === 'string' && ['', 'all'].includes(raw.trim().toLowerCase()) ? undefined : raw),
    z.uuid({ error }).optional(),
  );

/** Filters of every analytics request (the list, the timeline, the CSV). */
export const analyticsFilters = {
  /** First and last sale day (UTC), inclusive. */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  /** A store of the organization (its own sales there, or its resales made in it). */
  store: optionalId('Choose a store from the list.'),
  /** An offer. */
  experience: optionalId('Choose an offer from the list.'),
  group: choiceFilter(ANALYTICS_GROUPS, ANALYTICS_GROUP_LABELS),
};

export const analyticsFigures = z.object({
  currency: z.string(),
  bookings: z.number().int(),
  participants: z.number().int(),
  gross: z.number().int(),
  canceled: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
});
export type AnalyticsFigures = z.infer<typeof analyticsFigures>;

export const analyticsRow = analyticsFigures.extend({
  /** What the row is about: an offer, store or partner id (`none` for no store / direct sales), a channel, a day. */
  key: z.string(),
  label: z.string(),
  utilisation: z.number().int().nullable(),
});
export type AnalyticsRow = z.infer<typeof analyticsRow>;

export const analyticsPage = paginated(analyticsRow).extend({
  date_from: isoDate,
  date_to: isoDate,
  /** Totals over every row (not only the page), one per currency. */
  totals: z.array(analyticsFigures),
});
export type AnalyticsPage = z.infer<typeof analyticsPage>;

/** Sales per day of the range (every day, zero days included), per currency: the charts' series. */
export const analyticsTimeline = z.object({
  date_from: isoDate,
  date_to: isoDate,
  days: z.array(analyticsFigures.extend({ day: isoDate })),
});
export type AnalyticsTimeline = z.infer<typeof analyticsTimeline>;

/** An amount in minor units as a plain decimal (CSV cells, chart values). */
export const minorToDecimal = (minor: number, digits = 2) => (minor / 10 ** digits).toFixed(digits);

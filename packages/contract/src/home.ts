import { z } from 'zod';
import { capacitySlot } from './availability.ts';
import { id, timestamp } from './common.ts';
import type { Feature } from './permissions.ts';

/**
 * The dashboard home (`/dashboard`): departures of the coming days with check-in progress, sales
 * this month against last, and the onboarding checklist. The system notifications' read state is
 * in accounts.ts beside the notification itself.
 */

// Departures ------------------------------------------------------------------------------------

export const DEPARTURE_DAYS_MAX = 14;
export const departuresQuery = z.strictObject({
  /** Days from today (the organization's zone) on: today alone is 1; default a week. */
  days: z.coerce.number().int().min(1).max(DEPARTURE_DAYS_MAX).default(7),
});

/** A start of today that has bookings: the engine's slot plus the check-in progress of its party. */
export const departure = capacitySlot.extend({
  /** Participants of the bookings not canceled, and of those marked Arrived. */
  participants: z.number().int(),
  arrived: z.number().int(),
  bookings: z.number().int(),
});
export type Departure = z.infer<typeof departure>;

export const departureDay = z.object({
  date: z.string(),
  slots: z.number().int(),
  /** Starts with at least one place booked. */
  departures: z.number().int(),
  closed_slots: z.number().int(),
  /** Summed over the starts with a limit; null when none has one. */
  capacity: z.number().int().nullable(),
  booked: z.number().int(),
  held: z.number().int(),
  utilisation: z.number().int().nullable(),
});
export type DepartureDay = z.infer<typeof departureDay>;

export const TODAY_DEPARTURES_LIMIT = 50;
export const departuresResponse = z.object({
  /** The organization's today and zone: "today" everywhere on the home. */
  today: z.string(),
  time_zone: z.string(),
  /** Today's starts with bookings, in start order (at most `TODAY_DEPARTURES_LIMIT`). */
  today_departures: z.array(departure),
  /** How many of today's starts have bookings (may exceed the list), and how many have none. */
  today_departures_count: z.number().int(),
  today_empty_slots: z.number().int(),
  /** Today's check-in: participants arrived of those booked, over every start of the day. */
  today_participants: z.number().int(),
  today_arrived: z.number().int(),
  /** Every day asked for, today first, empty days included. */
  days: z.array(departureDay),
});
export type DeparturesResponse = z.infer<typeof departuresResponse>;

// Sales this month ---------------------------------------------------------------------------------

export const salesFigures = z.object({
  orders: z.number().int(),
  /** Totals of the orders not canceled, less their refunds that were not a cancellation's (analytics' net rule), minor units. */
  gross: z.number().int(),
  /** An affiliate's share of its resales (0 for a supplier's own orders). */
  commission: z.number().int(),
});
export type SalesFigures = z.infer<typeof salesFigures>;

export const monthSales = z.object({
  currency: z.string(),
  this_month: salesFigures,
  last_month: salesFigures,
  /** Last month up to the same day and time: a fair comparison while this month is under way. */
  last_month_to_date: salesFigures,
});
export type MonthSales = z.infer<typeof monthSales>;

export const monthSalesResponse = z.object({
  /** `own`: the organization's orders (a supplier); `resales`: what it sold of its partners' offers (an affiliate). */
  basis: z.enum(['own', 'resales']),
  month: z.string(),
  last_month: z.string(),
  time_zone: z.string(),
  /** One entry per currency sold in either month, the biggest this month first. */
  currencies: z.array(monthSales),
});
export type MonthSalesResponse = z.infer<typeof monthSalesResponse>;

// Onboarding ------------------------------------------------------------------------------------------

export const ONBOARDING_KINDS = ['supplier', 'affiliate'] as const;
export type OnboardingKind = (typeof ONBOARDING_KINDS)[number];

export const SUPPLIER_STEPS = ['create_offer', 'publish_offer', 'connect_payments', 'open_store', 'first_booking'] as const;
export const AFFILIATE_STEPS = ['find_partner', 'open_store', 'add_partner_offer', 'first_resale'] as const;
export const ONBOARDING_STEP_CODES = [...new Set([...SUPPLIER_STEPS, ...AFFILIATE_STEPS])] as [
  OnboardingStepCode,
  ...OnboardingStepCode[],
];
export type OnboardingStepCode = (typeof SUPPLIER_STEPS)[number] | (typeof AFFILIATE_STEPS)[number];
export const stepsOfKind = (kind: OnboardingKind): readonly OnboardingStepCode[] =>
  kind === 'supplier' ? SUPPLIER_STEPS : AFFILIATE_STEPS;

/** What each step says and where it is done (dashboard paths). */
export const ONBOARDING_STEP_TEXT: Record<
  OnboardingStepCode,
  { title: string; description: string; path: string; action: string }
> = {
  create_offer: {
    title: 'Create an offer',
    description: 'Describe a tour or activity: title, schedule and prices.',
    path: '/products/experiences/overview',
    action: 'Create offer',
  },
  publish_offer: {
    title: 'Publish it',
    description: 'Set an offer Active so that it can be booked.',
    path: '/products/experiences/overview',
    action: 'Open offers',
  },
  connect_payments: {
    title: 'Connect payments',
    description: 'Connect a payment provider to take card payments.',
    path: '/settings/payment-providers',
    action: 'Connect',
  },
  open_store: {
    title: 'Open a store',
    description: 'Make a store Active: your webstore or the widget on your own site.',
    path: '/sales/stores',
    action: 'Open stores',
  },
  first_booking: {
    title: 'Take the first booking',
    description: 'Book a customer at your desk, or wait for the first order from a store.',
    path: '/bookings/checkout-editor',
    action: 'New booking',
  },
  find_partner: {
    title: 'Partner with a supplier',
    description: 'Invite a supplier, or accept an invitation, to resell their offers.',
    path: '/sales/partners',
    action: 'Open partners',
  },
  add_partner_offer: {
    title: "Add a partner's offer to a store",
    description: 'Choose which of your partners’ offers your store sells.',
    path: '/sales/stores',
    action: 'Open stores',
  },
  first_resale: {
    title: 'Make the first sale',
    description: 'Sell a partner’s offer at your desk or in your store.',
    path: '/bookings/checkout-editor',
    action: 'New booking',
  },
};

/**
 * The plan features a step's area needs: without them the checklist offers the upgrade instead of
 * a page that would only show the subscription guard (a Starter supplier has no stores).
 */
export const ONBOARDING_STEP_FEATURES: Partial<Record<OnboardingStepCode, readonly Feature[]>> = {
  open_store: ['stores'],
  find_partner: ['partners'],
  add_partner_offer: ['stores', 'partners'],
  first_resale: ['partners'],
};

export const onboardingStep = z.object({
  id,
  onboarding: id,
  code: z.enum(ONBOARDING_STEP_CODES),
  title: z.string(),
  description: z.string(),
  /** Where it is done in the dashboard, and the button's words. */
  path: z.string(),
  action: z.string(),
  position: z.number().int(),
  /** Read from the organization's data at this request. */
  done: z.boolean(),
  /** Skipped by someone ("not for us"); it no longer counts as to do. */
  dismissed: z.boolean(),
  dismissed_at: timestamp.nullable(),
});
export type OnboardingStep = z.infer<typeof onboardingStep>;

export const onboarding = z.object({
  id,
  kind: z.enum(ONBOARDING_KINDS),
  /** The whole checklist hidden from the home. */
  dismissed: z.boolean(),
  dismissed_at: timestamp.nullable(),
  /** Steps done or dismissed, of all the steps on the checklist. */
  completed_steps: z.number().int(),
  total_steps: z.number().int(),
  /** Every step done or dismissed. */
  completed: z.boolean(),
  steps: z.array(onboardingStep),
  created_at: timestamp,
});
export type Onboarding = z.infer<typeof onboarding>;

export const onboardingInput = z.strictObject({ dismissed: z.boolean().default(false) });
export const onboardingPatch = z.strictObject({ dismissed: z.boolean().optional() });
export const onboardingPut = z.strictObject({ dismissed: z.boolean() });

export const ONBOARDING_STEP_ORDERING = ['position', 'code'] as const;
export const ONBOARDING_STEP_FILTERS = {
  onboarding: id.optional(),
  done: z.enum(['true', 'false']).optional(),
  dismissed: z.enum(['true', 'false']).optional(),
};
/** Puts a removed step back on the checklist. */
export const onboardingStepInput = z.strictObject({ onboarding: id, code: z.enum(ONBOARDING_STEP_CODES) });
export const onboardingStepPatch = z.strictObject({ dismissed: z.boolean().optional() });
export const onboardingStepPut = z.strictObject({ dismissed: z.boolean() });

import { z } from 'zod';
import { isoDate } from './catalog-common.ts';
import { email, id, requiredName, timestamp } from './common.ts';
import { EXPERIENCE_TYPES } from './experiences.ts';
import { listQuery } from './list.ts';
import { PAYMENT_STATUSES } from './orders.ts';
import { STORE_LANGUAGES, STORE_PAYMENT_MODES, storeSlug } from './stores.ts';

/**
 * The public webstore's API (specification §7 "Public booking and webstore"): no account, the
 * organization from the host's subdomain, only Active stores and their Active public offers, never
 * an internal field (net prices, notes, other customers). Availability and holds go through the
 * engine's public endpoints (`/api/1/reserve/`, `/api/1/holds/{id}/extend|release/`); the store
 * endpoints below add what a shop window needs. The webstore's code imports types only from here
 * (zod stays out of the visitor's bundle).
 */

const imageUrls = z.record(z.string(), z.string());

/** GET /api/webstores/ — the organization's Active stores, public fields only. */
export const webstore = z.object({
  slug: z.string(),
  name: z.string(),
  is_default: z.boolean(),
  headline: z.string(),
  description: z.string(),
  currency: z.string(),
  languages: z.array(z.enum(STORE_LANGUAGES)),
  accent_color: z.string(),
  logo_urls: imageUrls.nullable(),
  hero_urls: imageUrls.nullable(),
  organization_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  terms_url: z.string(),
  privacy_url: z.string(),
  payment_mode: z.enum(STORE_PAYMENT_MODES),
  deposit_percent: z.number().int(),
  /** The reCAPTCHA site key when the store asks for it and the server has a key; null = no check. */
  recaptcha_site_key: z.string().nullable(),
  /** The card form of the built-in test mode is shown (no real money moves). */
  payment_test_mode: z.boolean(),
  /**
   * Card payments can be taken now (the organization's provider is connected and can charge). When
   * false and the store takes payment, `reserve_without_payment` says whether visitors may book and
   * pay later; otherwise the checkout says payment is not available.
   */
  payment_available: z.boolean(),
  reserve_without_payment: z.boolean(),
  /**
   * Categories of the store's offers (with their subcategories), for the filters: `name` is the
   * value the `category` / `subcategory` filters take, `label` its English wording (the webstore
   * may translate by `name`).
   */
  categories: z.array(
    z.object({ name: z.string(), label: z.string(), subcategories: z.array(z.object({ name: z.string(), label: z.string() })) }),
  ),
});
export type Webstore = z.infer<typeof webstore>;
export const webstoreList = z.object({ results: z.array(webstore) });

export const WEBSTORE_EXPERIENCE_ORDERING = ['position', 'title', 'price', 'duration'] as const;
/** GET /api/webstores/experiences/ — the store is `store` (its slug; the default store without it). */
export const webstoreExperienceQuery = listQuery
  .extend({
    store: storeSlug.optional(),
    category: z.string().trim().max(200).optional(),
    subcategory: z.string().trim().max(200).optional(),
    /** Words in the title, city or category (like `search`). */
    keyword: z.string().trim().max(200).optional(),
    /** Only offers with a bookable start between these local dates (inclusive). */
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
  })
  .strict();
export type WebstoreExperienceQuery = z.infer<typeof webstoreExperienceQuery>;

export const webstoreExperienceCard = z.object({
  id,
  title: z.string(),
  short_description: z.string(),
  type: z.enum(EXPERIENCE_TYPES),
  category: z.string(),
  subcategory: z.string(),
  category_label: z.string(),
  subcategory_label: z.string(),
  city: z.string(),
  duration_minutes: z.number().int().nullable(),
  featured: z.boolean(),
  image: z.object({ urls: imageUrls, alt_text: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  /** The lowest adult-or-any price of the rates selling now, minor units of `currency`; null = no price yet. */
  from_price: z.number().int().nullable(),
  currency: z.string(),
});
export type WebstoreExperienceCard = z.infer<typeof webstoreExperienceCard>;

const storeQuery = z.strictObject({ store: storeSlug.optional() });
export const webstoreStoreQuery = storeQuery;

/** GET /api/webstores/experiences/{id}/ — what the offer page shows. */
export const webstoreExperience = z.object({
  id,
  title: z.string(),
  type: z.enum(EXPERIENCE_TYPES),
  category: z.string(),
  subcategory: z.string(),
  category_label: z.string(),
  subcategory_label: z.string(),
  short_description: z.string(),
  description: z.string(),
  highlights: z.array(z.string()),
  included: z.array(z.string()),
  not_included: z.array(z.string()),
  what_to_bring: z.array(z.string()),
  important_information: z.string(),
  duration_minutes: z.number().int().nullable(),
  languages: z.array(z.string()),
  address: z.string(),
  city: z.string(),
  country_code: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  is_open_dated: z.boolean(),
  confirmation_mode: z.enum(['instant', 'on_request']),
  min_group_size: z.number().int(),
  max_group_size: z.number().int().nullable(),
  images: z.array(z.object({ id, urls: imageUrls, alt_text: z.string(), width: z.number().int(), height: z.number().int() })),
  meeting_point: z
    .object({
      name: z.string(),
      address: z.string(),
      instructions: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    })
    .nullable(),
  cancellation_policy: z
    .object({
      name: z.string(),
      description: z.string(),
      tiers: z.array(z.object({ hours_before: z.number().int(), refund_percent: z.number().int() })),
    })
    .nullable(),
  agenda: z.array(z.object({ title: z.string(), description: z.string(), duration_minutes: z.number().int().nullable() })),
  pricing_categories: z.array(
    z.object({
      id,
      name: z.string(),
      type: z.string(),
      min_age: z.number().int().nullable(),
      max_age: z.number().int().nullable(),
      description: z.string(),
    }),
  ),
  from_price: z.number().int().nullable(),
  /**
   * How this offer is paid in this store, known before any place is held: through the provider of
   * the party that collects (the store's organization, or for a resold offer the one its
   * partnership's terms name). `available`: the store's payment can be taken (or it asks none);
   * `test_mode`: by the built-in test mode's card form; `pay_later`: not payable now, but the store
   * reserves without payment. Neither available nor pay_later: it cannot be booked here now.
   */
  payment: z.object({ available: z.boolean(), test_mode: z.boolean(), pay_later: z.boolean() }),
  /** The offer's extras (inventory items sold beside the party), at their price. */
  extras: z.array(z.object({ id, name: z.string(), description: z.string(), price: z.number().int() })),
  /** The questions this store asks (all of the offer's, or only the required ones). */
  questions: z.array(
    z.object({
      id,
      question: z.string(),
      scope: z.enum(['booking', 'participant']),
      answer_type: z.enum(['text', 'long_text', 'number', 'date', 'yes_no', 'select']),
      options: z.array(z.string()),
      required: z.boolean(),
    }),
  ),
});
export type WebstoreExperience = z.infer<typeof webstoreExperience>;

/**
 * GET /api/webstores/experiences/{id}/config/?store&month&year — the month's bookable days and the
 * rates with their public prices (the shape of `/api/bookings/config/`);
 * GET /api/webstores/experiences/{id}/availability/?store&date&pricing_options… — a day's starts
 * with the places left and the party's price (the shape of `/api/bookings/check-availability/`).
 */
export const webstoreConfigQuery = storeQuery.extend({
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(2000).max(2100),
});
const pricingOption = z.object({ pricing_category_id: id, quantity: z.coerce.number().int().min(1).max(100_000) });
export const webstoreAvailabilityQuery = storeQuery.extend({
  date: isoDate,
  rate_id: id.optional(),
  group_size: z.coerce.number().int().min(1).max(100_000).optional(),
  /** JSON array of {pricing_category_id, quantity}, as in check-availability. */
  pricing_options: z
    .string()
    .max(4000)
    .transform((raw, ctx) => {
      try {
        return z.array(pricingOption).max(20).parse(JSON.parse(raw));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Use a JSON list of {pricing_category_id, quantity}.' });
        return z.NEVER;
      }
    })
    .optional(),
});

/** POST /api/webstores/order/ — the visitor's held places become one order. */
export const webstoreOrderInput = z.strictObject({
  store: storeSlug.optional(),
  /** Each line is one hold made with `/api/1/reserve/`, with its extras and answers. */
  lines: z
    .array(
      z.strictObject({
        hold_id: id,
        extras: z
          .array(z.strictObject({ item_id: id, quantity: z.number().int().min(1).max(1000) }))
          .max(20)
          .default([]),
        answers: z
          .array(z.strictObject({ question_id: id, answer: z.string().trim().max(2000) }))
          .max(200)
          .default([]),
      }),
    )
    .min(1, { error: 'Your cart is empty.' })
    .max(10, { error: 'An order takes at most 10 bookings.' }),
  contact: z.strictObject({
    first_name: requiredName,
    last_name: requiredName,
    email,
    phone: z.string().trim().max(40).default(''),
  }),
  note: z.string().trim().max(2000).default(''),
  terms_accepted: z.literal(true, { error: 'Please accept the terms to book.' }),
  /** Required when the store asks for reCAPTCHA and the server has a key. */
  recaptcha_token: z.string().max(4000).optional(),
  /**
   * The card as the payment provider's client tokenised it (a card number never reaches this
   * server). The built-in test mode takes `tok_visa` (succeeds) and `tok_chargeDeclined` (declined).
   * Required unless the store takes no payment at booking.
   */
  payment_token: z.string().min(3).max(255).optional(),
  /** The visitor's attempt (a UUID made once per checkout): a repeated request answers the same order. */
  idempotency_key: z.string().min(16).max(100),
  /** The webstore's language the visitor booked in (two letters); the order records it. Else the store's first. */
  language: z
    .string()
    .regex(/^[a-z]{2}$/, { error: 'Use a two-letter language code.' })
    .optional(),
});
export type WebstoreOrderInput = z.input<typeof webstoreOrderInput>;

export const webstoreOrderResponse = z.object({
  /** The key of the confirmation page: `GET /api/order?session_id=`. */
  session_id: z.string(),
  reference: z.string(),
  status: z.enum(['created', 'confirmed', 'canceled']),
  payment_status: z.enum(PAYMENT_STATUSES),
  currency: z.string(),
  total: z.number().int(),
  paid: z.number().int(),
  payment_test_mode: z.boolean(),
  /**
   * The provider's hosted checkout (Stripe Checkout): when set, no order exists yet — the visitor
   * pays there and comes back to the confirmation page, where the order is made.
   */
  checkout_url: z.string().nullable(),
});
export type WebstoreOrderResponse = z.infer<typeof webstoreOrderResponse>;

/** POST /api/recaptcha/ */
export const recaptchaInput = z.strictObject({ token: z.string().min(1).max(4000), action: z.string().max(100).optional() });
export const recaptchaResponse = z.object({
  /** False when the server has no reCAPTCHA key: nothing was checked. */
  enabled: z.boolean(),
  success: z.boolean(),
  score: z.number().nullable(),
  checked_at: timestamp.nullable(),
});

/** `postMessage` the embeddable widget sends its parent page when a booking completes. */
export type WebstoreBookedMessage = {
  type: 'excursio:booking-completed';
  reference: string;
  session_id: string;
  total: number;
  currency: string;
};

import { z } from 'zod';
import { choiceFilter, currency, latitude, longitude, shortText, title } from './catalog-common.ts';
import { email, id, timestamp } from './common.ts';
import { ACTIVATION_STATUSES, EXPERIENCE_TYPES } from './experiences.ts';

/**
 * Stores (`/api/stores/`, specification §3 "Store", §7 "Stores"): an organization's sales
 * channels. An Internal store is the webstore this product hosts at `/s/{slug}/`; an External one
 * sells on the operator's own website (the embeddable widget) or through a partner. Either sells
 * the offers added to it, in its currency.
 */

export const STORE_OWNERSHIPS = ['internal', 'external'] as const;
export const STORE_OWNERSHIP_LABELS = { internal: 'Internal', external: 'External' } as const;
export const STORE_LANGUAGES = ['en', 'de'] as const;
export type StoreLanguage = (typeof STORE_LANGUAGES)[number];
export const STORE_LANGUAGE_LABELS: Record<StoreLanguage, string> = { en: 'English', de: 'Deutsch' };
/** What a visitor pays when booking: everything, a deposit (percent of the total), or nothing now. */
export const STORE_PAYMENT_MODES = ['full', 'deposit', 'none'] as const;
export const STORE_PAYMENT_MODE_LABELS = {
  full: 'Full payment at booking',
  deposit: 'Deposit at booking',
  none: 'No payment at booking (pay later)',
} as const;
/** Which of an offer's booking questions the webstore asks: all of them, or only the required ones. */
export const STORE_QUESTION_MODES = ['all', 'required'] as const;
export const STORE_QUESTION_MODE_LABELS = { all: 'All questions', required: 'Required questions only' } as const;

/** URL-safe: lower-case letters, digits and single hyphens, 2–60 characters. */
export const storeSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'Use lower-case letters, digits and hyphens (for example summer-tours).' })
  .min(2, { error: 'Use at least 2 characters.' })
  .max(60, { error: 'Use at most 60 characters.' });
/** A slug from a name: 'Lake Tours & More!' → 'lake-tours-more'. */
export const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Use a colour such as #1c7ed6.' });
const link = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: 'Use a web address starting with https://.' }).max(500),
]);
const optionalEmail = z.union([z.literal(''), email]);

const storeFields = {
  name: title,
  slug: storeSlug,
  status: z.enum(ACTIVATION_STATUSES),
  ownership: z.enum(STORE_OWNERSHIPS),
  /** The organization's default store answers at `/s/` as well; exactly one store at most is default. */
  is_default: z.boolean(),
  currency,
  /** The languages the webstore offers; the first is its default. */
  languages: z
    .array(z.enum(STORE_LANGUAGES))
    .min(1, { error: 'Choose at least one language.' })
    .max(STORE_LANGUAGES.length)
    .refine((l) => new Set(l).size === l.length, { error: 'Each language once.' }),
  headline: shortText(120),
  description: shortText(1000),
  /** A library image (`/api/filer-images/`) shown as the store's logo, and one as its hero. */
  logo_image_id: id.nullable(),
  hero_image_id: id.nullable(),
  accent_color: hexColor,
  contact_email: optionalEmail,
  contact_phone: z.string().trim().max(40),
  terms_url: link,
  privacy_url: link,
  /** Minutes a visitor's places are held; null = the organization's hold time. */
  hold_minutes: z.number().int().min(5).max(120).nullable(),
  question_mode: z.enum(STORE_QUESTION_MODES),
  payment_mode: z.enum(STORE_PAYMENT_MODES),
  /** Percent of the total paid at booking when `payment_mode` is deposit. */
  deposit_percent: z.number().int().min(1).max(99),
  /** While card payments are unavailable, visitors may still book and pay later. */
  reserve_without_payment: z.boolean(),
  recaptcha_enabled: z.boolean(),
};

export const storeInput = z.strictObject({
  ...storeFields,
  slug: storeFields.slug.optional(),
  status: storeFields.status.default('draft'),
  ownership: storeFields.ownership.default('internal'),
  is_default: z.boolean().default(false),
  currency: currency.default('EUR'),
  languages: storeFields.languages.default(['en']),
  headline: storeFields.headline.default(''),
  description: storeFields.description.default(''),
  logo_image_id: storeFields.logo_image_id.default(null),
  hero_image_id: storeFields.hero_image_id.default(null),
  accent_color: hexColor.default('#1c7ed6'),
  contact_email: optionalEmail.default(''),
  contact_phone: storeFields.contact_phone.default(''),
  terms_url: link.default(''),
  privacy_url: link.default(''),
  hold_minutes: storeFields.hold_minutes.default(null),
  question_mode: storeFields.question_mode.default('all'),
  payment_mode: storeFields.payment_mode.default('full'),
  deposit_percent: storeFields.deposit_percent.default(20),
  reserve_without_payment: z.boolean().default(false),
  recaptcha_enabled: z.boolean().default(false),
});
export type StoreInput = z.input<typeof storeInput>;
export const storePatchInput = z.strictObject(storeFields).partial();
export type StorePatchInput = z.infer<typeof storePatchInput>;

const imageRef = z.object({ id, urls: z.record(z.string(), z.string()) }).nullable();

export const store = z.object({
  id,
  ...storeFields,
  logo: imageRef,
  hero: imageRef,
  /** Offers in the store. */
  experiences_count: z.number().int(),
  /** Where visitors find it: `https://{organization}.{domain}/s/{slug}/`. */
  url: z.string(),
  /** False when the server has no reCAPTCHA key: `recaptcha_enabled` then does nothing. */
  recaptcha_available: z.boolean(),
  /**
   * On the answers about one store (read, create, change; not the list): why visitors cannot pay
   * for some of its offers now (nobody who collects their payment can take card payments), or null.
   * A warning, not a refusal: the store can still be activated.
   */
  payment_warning: z.string().nullable().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Store = z.infer<typeof store>;

export const STORE_ORDERING = ['name', 'created_at', 'status'] as const;
export const storeListFilters = {
  status: choiceFilter(ACTIVATION_STATUSES, { draft: 'Draft', active: 'Active', inactive: 'Inactive' }),
};

/** POST /api/stores/{id}/add-experience/ — adds the offer, or moves it / changes its flag when already there. */
export const storeExperienceInput = z.strictObject({
  experience_id: id,
  /** 0 = first; omitted = last. */
  position: z.number().int().min(0).max(100_000).optional(),
  featured: z.boolean().optional(),
});
export type StoreExperienceInput = z.infer<typeof storeExperienceInput>;
/** POST /api/stores/{id}/remove-experience/ */
export const storeExperienceRemoveInput = z.strictObject({ experience_id: id });

/** §9: Our offers (Internal) / Resold offers (External). */
export const OFFER_OWNERSHIP_LABELS = { internal: 'Our offers', external: 'Resold offers' } as const;

export const storeExperience = z.object({
  id,
  title: z.string(),
  type: z.enum(EXPERIENCE_TYPES),
  status: z.enum(ACTIVATION_STATUSES),
  category: z.string(),
  city: z.string(),
  currency: z.string(),
  thumbnail_url: z.string().nullable(),
  /** Internal: the organization's own offer; External: a partner's, resold (partners issue). */
  ownership: z.enum(STORE_OWNERSHIPS),
  supplier: z.object({ id, name: z.string() }),
  position: z.number().int(),
  featured: z.boolean(),
  /** Kilometres from `lat`/`lon` when those were given and the offer has coordinates. */
  distance_km: z.number().nullable(),
  /** Why visitors do not see it although it is in the store (Draft / Inactive / private), or null. */
  hidden_reason: z.string().nullable(),
  /**
   * Why an offer cannot be paid in this store now (the party that collects its payment — this
   * organization, or for a resold offer the one the partnership's terms name — cannot take card
   * payments), or null. Always null in a store that takes no payment.
   */
  payment_unavailable_reason: z.string().nullable(),
});
export type StoreExperience = z.infer<typeof storeExperience>;

const coordinate = (schema: z.ZodNumber) => z.coerce.number().pipe(schema).optional();
/** GET /api/stores/{storeId}/experiences/ (and eligible-experiences/): paging, search and these. */
export const storeExperienceFilters = {
  lat: coordinate(latitude),
  lon: coordinate(longitude),
  /** Kilometres around lat/lon (default 50 when lat/lon are given). */
  radius: z.coerce.number().min(0.1).max(20_000).optional(),
  /** Words matched against the offer's city and address. */
  location: z.string().trim().max(200).optional(),
  ownership: choiceFilter(STORE_OWNERSHIPS, STORE_OWNERSHIP_LABELS),
  /** The supplying organization's id. */
  supplier: z.preprocess(
    (raw) => (typeof raw === 'string' && ['', 'all'].includes(raw.trim().toLowerCase()) ? undefined : raw),
    id.optional(),
  ),
  type: choiceFilter(EXPERIENCE_TYPES, { rental: 'Rental', ticket: 'Ticket', transfer: 'Transfer' }),
};
export const STORE_EXPERIENCE_ORDERING = ['position', 'title', 'distance'] as const;
export const storeParams = z.strictObject({ storeId: id });

/** Earth's mean radius: the distance filter's great-circle distance (haversine). */
export const EARTH_RADIUS_KM = 6371.0088;

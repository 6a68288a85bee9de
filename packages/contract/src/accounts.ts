import { z } from 'zod';
import { ACCOUNT_TYPES } from './auth.ts';
import { timeZone } from './catalog-common.ts';
import { id, timestamp } from './common.ts';

const text = (max = 200) => z.string().trim().max(max);
const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2})?$/, { error: 'Use a two-letter ISO country code.' });

export const contactInfo = z.strictObject({
  email: z.union([z.literal(''), z.email({ error: 'Enter a valid email address.' })]),
  phone: text(40),
  website: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL.' })]),
  address_line1: text(),
  address_line2: text(),
  city: text(100),
  postal_code: text(20),
  country,
});
export const TIME_FORMATS = ['24h', '12h'] as const;
export const profile = z.strictObject({
  description: text(2000),
  logo_url: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL.' })]),
  timezone: timeZone,
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Use a three-letter ISO 4217 currency code.' }),
  time_format: z.enum(TIME_FORMATS),
  language: z.string().regex(/^[a-z]{2}$/, { error: 'Use a two-letter language code.' }),
});
export const legalInfo = z.strictObject({
  legal_name: text(),
  registration_number: text(60),
  vat_id: text(40),
  address_line1: text(),
  city: text(100),
  postal_code: text(20),
  country,
});
export const billingInfo = z.strictObject({
  billing_email: z.union([z.literal(''), z.email({ error: 'Enter a valid email address.' })]),
  address_line1: text(),
  city: text(100),
  postal_code: text(20),
  country,
  vat_id: text(40),
});
export type ContactInfo = z.infer<typeof contactInfo>;
export type Profile = z.infer<typeof profile>;
export type LegalInfo = z.infer<typeof legalInfo>;
export type BillingInfo = z.infer<typeof billingInfo>;

export const EMPTY_CONTACT: ContactInfo = {
  email: '',
  phone: '',
  website: '',
  address_line1: '',
  address_line2: '',
  city: '',
  postal_code: '',
  country: '',
};
export const DEFAULT_PROFILE: Profile = {
  description: '',
  logo_url: '',
  timezone: 'UTC',
  currency: 'EUR',
  time_format: '24h',
  language: 'en',
};
export const EMPTY_LEGAL: LegalInfo = {
  legal_name: '',
  registration_number: '',
  vat_id: '',
  address_line1: '',
  city: '',
  postal_code: '',
  country: '',
};
export const EMPTY_BILLING: BillingInfo = {
  billing_email: '',
  address_line1: '',
  city: '',
  postal_code: '',
  country: '',
  vat_id: '',
};

export const baseAccount = z.object({
  id,
  name: z.string(),
  subdomain: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  subscription_tier: z.object({ id, code: z.string(), name: z.string() }).nullable(),
  active_subscription_features: z.array(z.string()),
  contact_info: contactInfo,
  profile,
  legal_info: legalInfo,
  billing_info: billingInfo,
  created_at: timestamp,
});
export type BaseAccount = z.infer<typeof baseAccount>;

export const baseAccountInput = z.strictObject({
  name: z.string().trim().min(2).max(120),
  contact_info: contactInfo,
  profile,
  legal_info: legalInfo,
  billing_info: billingInfo,
});
export const baseAccountPatchInput = z.strictObject({
  name: baseAccountInput.shape.name.optional(),
  contact_info: contactInfo.partial().optional(),
  profile: profile.partial().optional(),
  legal_info: legalInfo.partial().optional(),
  billing_info: billingInfo.partial().optional(),
});

export const subscriptionTier = z.object({
  id,
  code: z.string(),
  name: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  price_minor: z.number().int(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  features: z.array(z.string()),
  /** The platform's fee on card payments under this plan, hundredths of a percent (250 = 2.5 %). */
  platform_fee_bp: z.number().int(),
});
export type SubscriptionTier = z.infer<typeof subscriptionTier>;
export const TIER_ORDERING = ['price_minor', 'name'] as const;

export const systemNotification = z.object({
  id,
  title: z.string(),
  message: z.string(),
  level: z.enum(['info', 'warning', 'critical']),
  published_at: timestamp,
  /** When the person asking marked it read (each person has their own read state); null = unread. */
  read_at: timestamp.nullable(),
});
export type SystemNotification = z.infer<typeof systemNotification>;
/** Filters of the system notification list: `unread=true` only the ones the person has not read. */
export const SYSTEM_NOTIFICATION_FILTERS = { unread: z.enum(['true', 'false']).optional() };
export const notificationUnreadCount = z.object({ unread: z.number().int() });
export const notificationsMarkedRead = z.object({ marked: z.number().int(), unread: z.number().int() });
/** Filters of the subscription tier list (besides paging, search and ordering). */
export const SUBSCRIPTION_TIER_FILTERS = { account_type: z.enum(ACCOUNT_TYPES).optional() };

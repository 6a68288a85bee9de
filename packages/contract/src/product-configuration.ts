import { z } from 'zod';
import { TIME_FORMATS } from './accounts.ts';
import { currency, timeZone } from './catalog-common.ts';
import { id, timestamp } from './common.ts';

/** Specification §9: the date display formats (default YYYY-MM-DD, display DD. MMMM YYYY) and two more. */
export const DATE_FORMATS = ['DD. MMMM YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY', 'MM/DD/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export type TimeFormat = (typeof TIME_FORMATS)[number];
/** '24h' → HH:mm, '12h' → hh:mm A (specification §9). */
export const TIME_PATTERNS: Record<TimeFormat, string> = { '24h': 'HH:mm', '12h': 'hh:mm A' };

const prefix = (max: number) =>
  z
    .string()
    .max(max, { error: `Use at most ${max} characters.` })
    .regex(/^[A-Za-z0-9#/_-]*$/, { error: 'Use letters, digits, #, /, _ and - only.' });

/**
 * Organization-wide defaults (`GET/PUT /api/product-configuration/`). Time format, currency and
 * time zone are the organization profile's (one value, also on the Profile page); hold minutes the
 * organization's hold time; the rest lives in `product_configurations`.
 */
export const productConfigurationInput = z.strictObject({
  time_format: z.enum(TIME_FORMATS),
  date_format: z.enum(DATE_FORMATS),
  default_currency: currency,
  default_time_zone: timeZone,
  hold_minutes: z
    .number()
    .int()
    .min(5, { error: 'Hold places for at least 5 minutes.' })
    .max(120, { error: 'Hold places for at most 120 minutes.' }),
  /** Put before the order number: '#' → #1042, 'HB-' → HB-1042. New orders keep the prefix they were made with. */
  booking_reference_prefix: prefix(10).min(1, { error: 'This field may not be blank.' }),
  default_cancellation_policy_id: id.nullable(),
  default_meeting_point_id: id.nullable(),
  invoice_number_prefix: prefix(12),
  invoice_number_digits: z.number().int().min(1).max(10),
  invoice_tax_id: z.string().trim().max(40),
  invoice_footer: z.string().trim().max(1000),
  reminder_enabled: z.boolean(),
  reminder_hours_before: z.number().int().min(1).max(168, { error: 'At most 168 hours (a week).' }),
  follow_up_enabled: z.boolean(),
  follow_up_hours_after: z.number().int().min(1).max(168, { error: 'At most 168 hours (a week).' }),
  abandoned_cart_enabled: z.boolean(),
  abandoned_cart_minutes_after: z.number().int().min(10).max(1440, { error: 'At most 1440 minutes (a day).' }),
  /** Read-only (the counters say them): a configuration read and sent back whole may carry them; ignored. */
  next_order_number: z.number().int().optional(),
  next_invoice_number: z.number().int().optional(),
});
export type ProductConfigurationInput = z.infer<typeof productConfigurationInput>;

export const productConfiguration = productConfigurationInput.extend({
  updated_at: timestamp.nullable(),
  /** The numbers the organization's next order and next invoice will take (the settings' previews show them). */
  next_order_number: z.number().int(),
  next_invoice_number: z.number().int(),
});
export type ProductConfiguration = z.infer<typeof productConfiguration>;

/** What an organization without a saved configuration uses (beside its profile and hold time). */
export const CONFIGURATION_DEFAULTS = {
  date_format: 'DD. MMMM YYYY',
  booking_reference_prefix: '#',
  default_cancellation_policy_id: null,
  default_meeting_point_id: null,
  invoice_number_prefix: 'INV-',
  invoice_number_digits: 6,
  invoice_tax_id: '',
  invoice_footer: '',
  reminder_enabled: true,
  reminder_hours_before: 24,
  follow_up_enabled: true,
  follow_up_hours_after: 3,
  abandoned_cart_enabled: true,
  abandoned_cart_minutes_after: 60,
} as const satisfies Partial<ProductConfigurationInput>;

/** An invoice number as shown: prefix + the number padded to the digits (`INV-000123`). */
export const formatInvoiceNumber = (number: number, format: { prefix: string; digits: number }) =>
  `${format.prefix}${String(number).padStart(format.digits, '0')}`;

export const MESSAGE_KINDS = ['reminder', 'follow_up', 'abandoned_cart'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A message sent to a customer, as the order shows it. */
export const customerMessage = z.object({
  id,
  kind: z.enum(MESSAGE_KINDS),
  to: z.string(),
  subject: z.string(),
  booking_id: id.nullable(),
  sent_at: timestamp,
});
export type CustomerMessage = z.infer<typeof customerMessage>;

/** The webstore's checkout tells the email a visitor typed, with the cart's holds (abandoned-cart reminder). */
export const cartContactInput = z.strictObject({
  store: z.string().max(100).optional(),
  email: z.email({ error: 'Enter a valid email address.' }).max(254),
  first_name: z.string().trim().max(150).optional(),
  hold_ids: z.array(id).min(1).max(20),
});

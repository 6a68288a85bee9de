import { z } from 'zod';
import { shortText } from './catalog-common.ts';
import { email, id, personName, timestamp } from './common.ts';
import { isCountryCode } from './countries.ts';

/** Customers (`/api/customers/`): the people an organization sells to. */
const customerFields = {
  first_name: personName,
  last_name: personName,
  /** Unique per organization (any case); empty or null = none (a phone booking). */
  email: z.preprocess((v) => (v === '' ? null : v), email.nullable()),
  phone: z.string().trim().max(40),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isCountryCode(v), { error: 'Choose a country from the list.' }),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^([a-z]{2,3}(-[a-z0-9]{2,8})?)?$/, { error: 'Use a language code such as en or pt-br.' }),
  notes: shortText(5000),
  marketing_consent: z.boolean(),
};
const named = <T extends { first_name?: string; last_name?: string; email?: string | null }>(v: T) =>
  Boolean(v.first_name || v.last_name || v.email);
export const customerInput = z
  .strictObject(customerFields)
  .partial()
  .refine(named, { error: 'Enter a name or an email address.', path: ['last_name'] });
export const customerPatchInput = z.strictObject(customerFields).partial();
export type CustomerInput = z.input<typeof customerInput>;

export const customer = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  country: z.string(),
  language: z.string(),
  notes: z.string(),
  marketing_consent: z.boolean(),
  marketing_consent_at: timestamp.nullable(),
  /** Orders not canceled, and what they came to per currency. */
  orders_count: z.number().int(),
  spent: z.array(z.object({ currency: z.string(), total: z.number().int() })),
  created_at: timestamp,
});
export type Customer = z.infer<typeof customer>;

export const CUSTOMER_ORDERING = ['last_name', 'email', 'created_at'] as const;
export const customerListFilters = {};

/** POST /api/customers/{id}/merge/ — the duplicate `other_id` goes into this customer. */
export const customerMergeInput = z.strictObject({ other_id: id });

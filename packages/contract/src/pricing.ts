import { z } from 'zod';
import { choiceFilter, count, isoDate, money, shortText, title } from './catalog-common.ts';
import { id, timestamp } from './common.ts';

/** Specification §3: the eleven pricing category types. */
export const PRICING_CATEGORY_TYPES = [
  'child',
  'adult',
  'teenager',
  'infant',
  'senior',
  'group',
  'transportation',
  'amenity',
  'ticket',
  'pass',
  'other',
] as const;
export type PricingCategoryType = (typeof PRICING_CATEGORY_TYPES)[number];
export const PRICING_CATEGORY_TYPE_LABELS: Record<PricingCategoryType, string> = {
  child: 'Child',
  adult: 'Adult',
  teenager: 'Teenager',
  infant: 'Infant',
  senior: 'Senior',
  group: 'Group',
  transportation: 'Transportation',
  amenity: 'Amenity',
  ticket: 'Ticket',
  pass: 'Pass',
  other: 'Other',
};

const age = z.number().int().min(0).max(120);
const pricingCategoryFields = {
  name: title,
  type: z.enum(PRICING_CATEGORY_TYPES),
  min_age: age.nullable(),
  max_age: age.nullable(),
  description: shortText(1000),
};
const ageRangeRule = (v: { min_age?: number | null; max_age?: number | null }) =>
  v.min_age == null || v.max_age == null || v.min_age <= v.max_age;
const ageRangeError = { error: 'The minimum age must not exceed the maximum age.', path: ['max_age'] };

export const pricingCategoryInput = z
  .strictObject({
    ...pricingCategoryFields,
    min_age: pricingCategoryFields.min_age.default(null),
    max_age: pricingCategoryFields.max_age.default(null),
    description: pricingCategoryFields.description.default(''),
  })
  .refine(ageRangeRule, ageRangeError);
export const pricingCategoryPatchInput = z.strictObject(pricingCategoryFields).partial().refine(ageRangeRule, ageRangeError);
export type PricingCategoryInput = z.infer<typeof pricingCategoryInput>;

export const pricingCategory = z.object({
  id,
  name: z.string(),
  type: z.enum(PRICING_CATEGORY_TYPES),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  description: z.string(),
  /** How many rates price this category (a category in use cannot be deleted). */
  rates_count: z.number().int(),
  created_at: timestamp,
});
export type PricingCategory = z.infer<typeof pricingCategory>;
export const pricingCategoryListFilters = { type: choiceFilter(PRICING_CATEGORY_TYPES, PRICING_CATEGORY_TYPE_LABELS) };
export const PRICING_CATEGORY_ORDERING = ['name', 'type', 'min_age', 'created_at'] as const;

export const PRICING_MODES = ['per_person', 'per_group'] as const;
export const PRICING_MODE_LABELS = { per_person: 'Per person', per_group: 'Per group' } as const;

export const ratePriceInput = z.strictObject({
  pricing_category_id: id,
  price: money,
  /** What a reseller pays; at most the retail price. */
  net_price: money.nullable().default(null),
});

const rateFields = {
  experience_id: id,
  name: title,
  valid_from: isoDate.nullable(),
  valid_to: isoDate.nullable(),
  pricing_mode: z.enum(PRICING_MODES),
  min_participants: count(1),
  max_participants: count(1).nullable(),
  prices: z.array(ratePriceInput).max(20),
};
export const pricingRateInput = z.strictObject({
  ...rateFields,
  valid_from: rateFields.valid_from.default(null),
  valid_to: rateFields.valid_to.default(null),
  pricing_mode: rateFields.pricing_mode.default('per_person'),
  min_participants: rateFields.min_participants.default(1),
  max_participants: rateFields.max_participants.default(null),
});
const { experience_id: _experienceId, ...patchableRateFields } = rateFields;
export const pricingRatePatchInput = z.strictObject(patchableRateFields).partial();
export type PricingRateInput = z.infer<typeof pricingRateInput>;
export type RatePriceInput = z.infer<typeof ratePriceInput>;

export const pricingRate = z.object({
  id,
  experience_id: id,
  experience_title: z.string(),
  name: z.string(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  pricing_mode: z.enum(PRICING_MODES),
  min_participants: z.number().int(),
  max_participants: z.number().int().nullable(),
  currency: z.string(),
  prices: z.array(
    z.object({
      pricing_category_id: id,
      pricing_category_name: z.string(),
      pricing_category_type: z.enum(PRICING_CATEGORY_TYPES),
      price: z.number().int(),
      net_price: z.number().int().nullable(),
    }),
  ),
  created_at: timestamp,
});
export type PricingRate = z.infer<typeof pricingRate>;
export const pricingRateListFilters = { experience: id.optional() };
export const PRICING_RATE_ORDERING = ['name', 'valid_from', 'valid_to', 'created_at', 'experience_title'] as const;

type RateLike = {
  valid_from: string | null;
  valid_to: string | null;
  min_participants: number;
  max_participants: number | null;
  prices: { pricing_category_id: string; price: number; net_price: number | null }[];
};

/** The rules a rate must satisfy on its own (the server also checks the categories exist). */
export const rateProblems = (rate: RateLike): { attr: string; detail: string }[] => {
  const problems: { attr: string; detail: string }[] = [];
  if (rate.prices.length === 0)
    problems.push({ attr: 'prices', detail: 'A rate needs a price for at least one pricing category.' });
  const seen = new Set<string>();
  rate.prices.forEach((p, i) => {
    if (seen.has(p.pricing_category_id)) {
      problems.push({ attr: `prices.${i}.pricing_category_id`, detail: 'Each pricing category can be priced once per rate.' });
    }
    seen.add(p.pricing_category_id);
    if (p.net_price !== null && p.net_price > p.price) {
      problems.push({ attr: `prices.${i}.net_price`, detail: 'The net price cannot exceed the retail price.' });
    }
  });
  if (rate.valid_from && rate.valid_to && rate.valid_to < rate.valid_from) {
    problems.push({ attr: 'valid_to', detail: 'The end of validity must be on or after its start.' });
  }
  if (rate.max_participants !== null && rate.max_participants < rate.min_participants) {
    problems.push({ attr: 'max_participants', detail: 'The maximum participants must not be below the minimum.' });
  }
  return problems;
};

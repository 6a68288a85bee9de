import { PRICING_CATEGORY_TYPE_LABELS, PRICING_CATEGORY_TYPES, type PricingCategory } from '@excursio/contract/pricing';
import { z } from 'zod';

export const PRICING_CATEGORY_TYPE_OPTIONS = PRICING_CATEGORY_TYPES.map((value) => ({
  value,
  label: PRICING_CATEGORY_TYPE_LABELS[value],
}));

/** An age input: empty ('') means no bound. */
const ageField = z.union([
  z.literal(''),
  z
    .number({ error: 'Enter an age in years.' })
    .int({ error: 'Enter whole years.' })
    .min(0, { error: 'An age cannot be negative.' })
    .max(120, { error: 'Enter an age up to 120.' }),
]);

export const pricingCategorySchema = z
  .object({
    name: z.string().trim().min(1, { error: 'Enter a name.' }).max(200, { error: 'Use at most 200 characters.' }),
    type: z.enum(PRICING_CATEGORY_TYPES, { error: 'Choose a type.' }),
    min_age: ageField,
    max_age: ageField,
    description: z.string().trim().max(1000, { error: 'Use at most 1000 characters.' }),
  })
  .refine((v) => typeof v.min_age !== 'number' || typeof v.max_age !== 'number' || v.min_age <= v.max_age, {
    path: ['max_age'],
    error: 'The maximum age must not be below the minimum age.',
    // Shown together with the other fields' errors, not only once they are fixed.
    when: () => true,
  });
export type PricingCategoryValues = z.infer<typeof pricingCategorySchema>;
export const PRICING_CATEGORY_FIELDS = ['name', 'type', 'min_age', 'max_age', 'description'] as const;

/** A new category has no type until one is chosen. */
export const pricingCategoryDefaults = (category: PricingCategory | null): PricingCategoryValues => ({
  name: category?.name ?? '',
  type: category?.type ?? ('' as PricingCategoryValues['type']),
  min_age: category?.min_age ?? '',
  max_age: category?.max_age ?? '',
  description: category?.description ?? '',
});

/** Validated form values → the request body (an empty age is no bound). */
export const pricingCategoryToBody = (values: PricingCategoryValues) => ({
  name: values.name,
  type: values.type,
  min_age: values.min_age === '' ? null : values.min_age,
  max_age: values.max_age === '' ? null : values.max_age,
  description: values.description,
});

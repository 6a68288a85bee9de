import type { PricingCategory } from '@excursio/contract/pricing';
import { describe, expect, it } from 'vitest';
import { pricingCategoryDefaults, pricingCategorySchema, pricingCategoryToBody } from './pricing-category-form.ts';

const child: PricingCategory = {
  id: 'c1',
  name: 'Child',
  type: 'child',
  min_age: 3,
  max_age: 12,
  description: '',
  rates_count: 0,
  created_at: '2026-05-01T10:00:00Z',
};

describe('pricing category form', () => {
  it('starts a new category empty, with no type and no age bounds', () => {
    expect(pricingCategoryDefaults(null)).toEqual({ name: '', type: '', min_age: '', max_age: '', description: '' });
  });

  it('round-trips a category; empty ages are no bound', () => {
    const values = pricingCategorySchema.parse(pricingCategoryDefaults(child));
    expect(pricingCategoryToBody(values)).toEqual({ name: 'Child', type: 'child', min_age: 3, max_age: 12, description: '' });
    const open = pricingCategorySchema.parse({ ...values, name: '  Adult ', min_age: 18, max_age: '' });
    expect(pricingCategoryToBody(open)).toMatchObject({ name: 'Adult', min_age: 18, max_age: null });
  });

  it('reports a reversed age range together with the other problems', () => {
    const result = pricingCategorySchema.safeParse({ ...pricingCategoryDefaults(null), min_age: 12, max_age: 3 });
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(messages).toEqual({
      name: 'Enter a name.',
      type: 'Choose a type.',
      max_age: 'The maximum age must not be below the minimum age.',
    });
  });

  it('refuses negative and too high ages', () => {
    const base = pricingCategoryDefaults(child);
    for (const [age, message] of [
      [-1, 'An age cannot be negative.'],
      [121, 'Enter an age up to 120.'],
    ] as const) {
      const result = pricingCategorySchema.safeParse({ ...base, min_age: age, max_age: '' });
      expect(result.error?.issues[0]).toMatchObject({ path: ['min_age'], message });
    }
  });
});

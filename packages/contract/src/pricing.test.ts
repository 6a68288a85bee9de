import { describe, expect, it } from 'vitest';
import { pricingCategoryListFilters, pricingRateInput, rateProblems } from './pricing.ts';

const A = '0190f0c8-7b7d-7cc2-8f5e-2d5a1b1c9a01';
const B = '0190f0c8-7b7d-7cc2-8f5e-2d5a1b1c9a02';
const rate = (overrides: Partial<Parameters<typeof rateProblems>[0]> = {}) => ({
  valid_from: null,
  valid_to: null,
  min_participants: 1,
  max_participants: null,
  prices: [{ pricing_category_id: A, price: 2500, net_price: null }],
  ...overrides,
});
const attrs = (r: Parameters<typeof rateProblems>[0]) => rateProblems(r).map((p) => p.attr);

describe('rateProblems', () => {
  it('accepts a rate with one price and open bounds', () => {
    expect(rateProblems(rate())).toEqual([]);
  });

  it('needs at least one price', () => {
    expect(rateProblems(rate({ prices: [] }))).toEqual([
      { attr: 'prices', detail: 'A rate needs a price for at least one pricing category.' },
    ]);
  });

  it('prices each category once, naming the repeated entry', () => {
    const prices = [
      { pricing_category_id: A, price: 1, net_price: null },
      { pricing_category_id: B, price: 1, net_price: null },
      { pricing_category_id: A, price: 2, net_price: null },
    ];
    expect(attrs(rate({ prices }))).toEqual(['prices.2.pricing_category_id']);
  });

  it('keeps the net price at or below the retail price', () => {
    expect(attrs(rate({ prices: [{ pricing_category_id: A, price: 1000, net_price: 1000 }] }))).toEqual([]);
    expect(attrs(rate({ prices: [{ pricing_category_id: A, price: 0, net_price: 0 }] }))).toEqual([]);
    expect(attrs(rate({ prices: [{ pricing_category_id: A, price: 1000, net_price: 1001 }] }))).toEqual(['prices.0.net_price']);
  });

  it('needs the validity to end on or after its start (one-sided validity is fine)', () => {
    expect(attrs(rate({ valid_from: '2026-05-01', valid_to: '2026-05-01' }))).toEqual([]);
    expect(attrs(rate({ valid_from: '2026-05-01', valid_to: null }))).toEqual([]);
    expect(attrs(rate({ valid_from: null, valid_to: '2026-05-01' }))).toEqual([]);
    expect(attrs(rate({ valid_from: '2026-05-02', valid_to: '2026-05-01' }))).toEqual(['valid_to']);
    // ISO dates compare as text across months and years.
    expect(attrs(rate({ valid_from: '2026-12-31', valid_to: '2027-01-01' }))).toEqual([]);
    expect(attrs(rate({ valid_from: '2027-01-01', valid_to: '2026-12-31' }))).toEqual(['valid_to']);
  });

  it('keeps the maximum participants at or above the minimum', () => {
    expect(attrs(rate({ min_participants: 4, max_participants: 4 }))).toEqual([]);
    expect(attrs(rate({ min_participants: 4, max_participants: null }))).toEqual([]);
    expect(attrs(rate({ min_participants: 4, max_participants: 3 }))).toEqual(['max_participants']);
  });

  it('reports every problem at once, in field order', () => {
    expect(
      attrs({
        valid_from: '2026-06-01',
        valid_to: '2026-05-01',
        min_participants: 5,
        max_participants: 2,
        prices: [
          { pricing_category_id: A, price: 10, net_price: 20 },
          { pricing_category_id: A, price: 10, net_price: null },
        ],
      }),
    ).toEqual(['prices.0.net_price', 'prices.1.pricing_category_id', 'valid_to', 'max_participants']);
  });
});

describe('pricing schemas', () => {
  it('refuses negative or fractional prices and fills the defaults of a rate', () => {
    const base = { experience_id: A, name: 'Standard', prices: [{ pricing_category_id: A, price: 100 }] };
    expect(pricingRateInput.parse(base)).toMatchObject({
      valid_from: null,
      valid_to: null,
      pricing_mode: 'per_person',
      min_participants: 1,
      max_participants: null,
      prices: [{ pricing_category_id: A, price: 100, net_price: null }],
    });
    expect(pricingRateInput.safeParse({ ...base, prices: [{ pricing_category_id: A, price: -1 }] }).success).toBe(false);
    expect(pricingRateInput.safeParse({ ...base, prices: [{ pricing_category_id: A, price: 1.5 }] }).success).toBe(false);
  });

  it('reads the type filter from its value or label, and All as no filter', () => {
    const type = pricingCategoryListFilters.type;
    expect(type.parse('Teenager')).toBe('teenager');
    expect(type.parse('pass')).toBe('pass');
    expect(type.parse('All')).toBeUndefined();
    expect(type.safeParse('vip').success).toBe(false);
  });
});

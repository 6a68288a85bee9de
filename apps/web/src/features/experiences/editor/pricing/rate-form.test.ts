import type { PricingCategory, PricingRate } from '@excursio/contract/pricing';
import { describe, expect, it } from 'vitest';
import { formPathOfRateAttr, type RateFormValues, rateFormDefaults, readRateForm, toFieldErrors } from './rate-form.ts';

const category = (id: string, name: string): PricingCategory => ({
  id,
  name,
  type: 'adult',
  min_age: null,
  max_age: null,
  description: '',
  rates_count: 0,
  created_at: '2026-11-01T00:00:00Z',
});
const adult = category('c-adult', 'Adult');
const child = category('c-child', 'Child');

const form = (change: Partial<RateFormValues> = {}): RateFormValues => ({
  ...rateFormDefaults(null, [adult, child]),
  name: 'Summer',
  ...change,
});
const rows = (adultPrice: string, childPrice = '', adultNet = '') => [
  { pricing_category_id: 'c-adult', category_name: 'Adult', price: adultPrice, net_price: adultNet },
  { pricing_category_id: 'c-child', category_name: 'Child', price: childPrice, net_price: '' },
];

describe('readRateForm', () => {
  it('sends only priced rows, in minor units', () => {
    const { fields, errors } = readRateForm(form({ prices: rows('', '12.5'), max_participants: 8 }));
    expect(errors).toEqual({});
    expect(fields).toEqual({
      name: 'Summer',
      valid_from: null,
      valid_to: null,
      pricing_mode: 'per_person',
      min_participants: 1,
      max_participants: 8,
      prices: [{ pricing_category_id: 'c-child', price: 1250, net_price: null }],
    });
  });

  it('needs at least one price', () => {
    const { fields, errors } = readRateForm(form({ prices: rows('', '') }));
    expect(fields).toBeNull();
    expect(errors).toEqual({ 'prices.root': 'A rate needs a price for at least one pricing category.' });
  });

  it('reports bad amounts on their row, and net above retail on the net field of the right row', () => {
    expect(readRateForm(form({ prices: rows('-1', '3.456') })).errors).toEqual({
      'prices.0.price': 'Enter an amount of 0 or more.',
      'prices.1.price': 'Use at most two decimals.',
    });
    expect(
      readRateForm(
        form({ prices: [...rows('', '10', ''), { ...rows('')[0], pricing_category_id: 'c-x', price: '5', net_price: '6' }] }),
      ).errors,
    ).toEqual({
      'prices.2.net_price': 'The net price cannot exceed the retail price.',
    });
    expect(readRateForm(form({ prices: rows('', '', '5') })).errors).toEqual({ 'prices.0.price': 'Enter the retail price too.' });
  });

  it('mirrors the validity and participant rules', () => {
    const { errors } = readRateForm(
      form({
        name: ' ',
        prices: rows('10'),
        valid_from: '2027-02-01',
        valid_to: '2027-01-01',
        min_participants: 5,
        max_participants: 2,
      }),
    );
    expect(errors).toEqual({
      name: 'Enter a name for the rate.',
      valid_to: 'The end of validity must be on or after its start.',
      max_participants: 'The maximum participants must not be below the minimum.',
    });
    expect(readRateForm(form({ prices: rows('10'), min_participants: '' })).errors).toEqual({
      min_participants: 'Enter the minimum participants.',
    });
  });
});

describe('rateFormDefaults', () => {
  it('fills a row per category from the rate, keeping priced categories that are not listed', () => {
    const rate = {
      name: 'Winter',
      valid_from: '2026-12-01',
      valid_to: null,
      pricing_mode: 'per_group',
      min_participants: 2,
      max_participants: null,
      prices: [
        {
          pricing_category_id: 'c-adult',
          pricing_category_name: 'Adult',
          pricing_category_type: 'adult',
          price: 4500,
          net_price: 4000,
        },
        {
          pricing_category_id: 'c-old',
          pricing_category_name: 'Retired',
          pricing_category_type: 'senior',
          price: 100,
          net_price: null,
        },
      ],
    } as PricingRate;
    const values = rateFormDefaults(rate, [adult, child]);
    expect(values).toMatchObject({ name: 'Winter', pricing_mode: 'per_group', min_participants: 2, max_participants: '' });
    expect(values.prices.map((row) => [row.category_name, row.price, row.net_price])).toEqual([
      ['Adult', '45.00', '40.00'],
      ['Child', '', ''],
      ['Retired', '1.00', ''],
    ]);
  });
});

describe('server errors on the form', () => {
  it('maps a sent price index back to its row', () => {
    expect(formPathOfRateAttr('prices.0.pricing_category_id', [1, 3])).toBe('prices.1.price');
    expect(formPathOfRateAttr('prices.1.net_price', [1, 3])).toBe('prices.3.net_price');
    expect(formPathOfRateAttr('prices', [1])).toBe('prices.root');
    expect(formPathOfRateAttr('valid_to', [])).toBe('valid_to');
  });

  it('nests path errors for react-hook-form', () => {
    expect(toFieldErrors({ 'prices.1.price': 'Bad', name: 'Empty' })).toEqual({
      prices: [undefined, { price: { type: 'validate', message: 'Bad' } }],
      name: { type: 'validate', message: 'Empty' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { ageRangeText, participantsText, ratePriceLabels, validityParts } from './pricing-text.ts';

describe('ageRangeText', () => {
  it('shows a closed range, an open end and no range', () => {
    expect(ageRangeText(3, 12)).toBe('3–12 years');
    expect(ageRangeText(18, null)).toBe('18+');
    expect(ageRangeText(null, null)).toBe('—');
  });

  it('words an upper bound only and a single age', () => {
    expect(ageRangeText(null, 2)).toBe('Up to 2 years');
    expect(ageRangeText(0, 2)).toBe('Up to 2 years');
    expect(ageRangeText(null, 1)).toBe('Up to 1 year');
    expect(ageRangeText(0, 0)).toBe('Under 1 year');
    expect(ageRangeText(5, 5)).toBe('5 years');
    expect(ageRangeText(1, 1)).toBe('1 year');
    expect(ageRangeText(0, null)).toBe('0+');
  });
});

describe('validityParts', () => {
  it('shows both ends, one end or none in the display date format, each end in one piece', () => {
    expect(validityParts('2026-05-01', '2026-09-30')).toEqual(['01. May 2026 –', '30. September 2026']);
    expect(validityParts('2026-05-01', null)).toEqual(['From 01. May 2026']);
    expect(validityParts(null, '2026-09-30')).toEqual(['Until 30. September 2026']);
    expect(validityParts(null, null)).toEqual(['Always']);
  });
});

describe('participantsText', () => {
  it('shows a range, a single number or an open end', () => {
    expect(participantsText(2, 8)).toBe('2–8');
    expect(participantsText(4, 4)).toBe('4');
    expect(participantsText(1, null)).toBe('1+');
  });
});

describe('ratePriceLabels', () => {
  it("formats each category's price in the rate's currency", () => {
    const prices = [
      { pricing_category_id: 'a', pricing_category_name: 'Adult', price: 4500 },
      { pricing_category_id: 'c', pricing_category_name: 'Child', price: 2000 },
    ];
    expect(ratePriceLabels(prices, 'EUR', 'en-US')).toEqual([
      { id: 'a', name: 'Adult', amount: '€45.00' },
      { id: 'c', name: 'Child', amount: '€20.00' },
    ]);
    expect(ratePriceLabels([], 'EUR')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { type RateValidity, rateCoversDate, ratesValidBetween, ratesValidOn, sellableRateIds } from './rate-validity.ts';

const summer: RateValidity = { id: 'summer', validFrom: '2026-06-01', validTo: '2026-08-31', priceCount: 2 };
const fromSeptember: RateValidity = { id: 'autumn', validFrom: '2026-09-01', validTo: null, priceCount: 1 };
const untilMay: RateValidity = { id: 'spring', validFrom: null, validTo: '2026-05-31', priceCount: 1 };
const unpriced: RateValidity = { id: 'draft', validFrom: null, validTo: null, priceCount: 0 };
const rates = [summer, fromSeptember, untilMay, unpriced];

describe('rate validity', () => {
  it('includes both ends and treats nulls as open', () => {
    expect(rateCoversDate(summer, '2026-06-01')).toBe(true);
    expect(rateCoversDate(summer, '2026-08-31')).toBe(true);
    expect(rateCoversDate(summer, '2026-05-31')).toBe(false);
    expect(rateCoversDate(summer, '2026-09-01')).toBe(false);
    expect(rateCoversDate(fromSeptember, '2099-12-31')).toBe(true);
    expect(rateCoversDate(untilMay, '1999-01-01')).toBe(true);
    expect(rateCoversDate(unpriced, '2026-01-01')).toBe(true);
  });

  it('says which priced rates sell on a date', () => {
    expect(ratesValidOn(rates, '2026-05-31').map((r) => r.id)).toEqual(['spring']);
    expect(ratesValidOn(rates, '2026-07-15').map((r) => r.id)).toEqual(['summer']);
    expect(ratesValidOn(rates, '2027-01-01').map((r) => r.id)).toEqual(['autumn']);
    expect(ratesValidOn([unpriced], '2026-07-15')).toEqual([]);
  });

  it('lists the rates valid at some point of a month', () => {
    expect(ratesValidBetween(rates, '2026-08-01', '2026-08-31').map((r) => r.id)).toEqual(['summer']);
    expect(ratesValidBetween(rates, '2026-05-15', '2026-06-15').map((r) => r.id)).toEqual(['summer', 'spring']);
    expect(ratesValidBetween(rates, '2026-08-31', '2026-09-01').map((r) => r.id)).toEqual(['summer', 'autumn']);
  });

  it('hands out one shared array while the set stays the same', () => {
    const on = sellableRateIds(rates);
    const a = on('2026-06-01');
    expect(a).toEqual(['summer']);
    expect(on('2026-06-02')).toBe(a);
    expect(on('2026-09-01')).toEqual(['autumn']);
    expect(on('2026-09-01')).not.toBe(a);
  });
});

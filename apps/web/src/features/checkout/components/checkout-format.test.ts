import { describe, expect, it } from 'vitest';
import { holdLeft, partySummary, pricingOptionsParam, slotLabel } from './checkout-format.ts';

describe('checkout formatting', () => {
  it('labels a start by what is left or why it cannot be booked', () => {
    expect(slotLabel({ bookable: true, unbookable_reason: null, available: 7 })).toBe('7 left');
    expect(slotLabel({ bookable: true, unbookable_reason: null, available: null })).toBe('No limit');
    expect(slotLabel({ bookable: false, unbookable_reason: 'full', available: 0 })).toBe('Full');
    expect(slotLabel({ bookable: false, unbookable_reason: 'cutoff', available: 3 })).toBe('Sales closed');
  });

  it('writes the party for the availability query without empty categories', () => {
    expect(pricingOptionsParam({ a: 2, b: 0, c: 1 })).toBe('a:2,c:1');
    expect(pricingOptionsParam({})).toBe('');
  });

  it('summarises a party by category name', () => {
    const units = [
      { pricing_category_id: 'a', name: 'Adult', quantity: 2, unit_price: 1, amount: 2 },
      { pricing_category_id: 'x', name: 'Participant', quantity: 1, unit_price: 1, amount: 1 },
    ];
    expect(partySummary({ units, participants: 3 })).toBe('2 × Adult, 1 × Participant');
    expect(partySummary({ units: [], participants: 3 })).toBe('3 participants');
  });

  it('counts a hold down to nothing', () => {
    const at = Date.parse('2026-11-24T10:00:00Z');
    expect(holdLeft('2026-11-24T10:09:30Z', at)).toBe('9 min');
    expect(holdLeft('2026-11-24T10:00:45Z', at)).toBe('45 s');
    expect(holdLeft('2026-11-24T10:00:00Z', at)).toBeNull();
  });
});

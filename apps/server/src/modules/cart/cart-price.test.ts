import { describe, expect, it } from 'vitest';
import { cartPrice } from './cart-price.ts';

describe('price of a cart', () => {
  it('adds each line’s party and extras into the total', () => {
    const price = cartPrice([
      { partyMinor: 8_500, currency: 'EUR', extras: [{ quantity: 2, unitPriceMinor: 500, currency: 'EUR' }] },
      { partyMinor: 3_500, currency: 'EUR', extras: [] },
    ]);
    expect(price).toEqual({
      ok: true,
      currency: 'EUR',
      lines: [
        { partyMinor: 8_500, extrasMinor: 1_000, totalMinor: 9_500 },
        { partyMinor: 3_500, extrasMinor: 0, totalMinor: 3_500 },
      ],
      totalMinor: 13_000,
    });
  });

  it('is zero for an empty cart', () => {
    expect(cartPrice([])).toEqual({ ok: true, currency: null, lines: [], totalMinor: 0 });
  });

  it('refuses two currencies in one order', () => {
    const price = cartPrice([
      { partyMinor: 100, currency: 'EUR', extras: [] },
      { partyMinor: 100, currency: 'USD', extras: [] },
    ]);
    expect(price).toEqual({ ok: false, problem: 'Everything in one order is paid in one currency (EUR).' });
    expect(
      cartPrice([{ partyMinor: 100, currency: 'EUR', extras: [{ quantity: 1, unitPriceMinor: 1, currency: 'GBP' }] }]).ok,
    ).toBe(false);
  });

  it('refuses an extra without a whole positive quantity', () => {
    for (const quantity of [0, -1, 1.5]) {
      expect(
        cartPrice([{ partyMinor: 100, currency: 'EUR', extras: [{ quantity, unitPriceMinor: 500, currency: 'EUR' }] }]).ok,
      ).toBe(false);
    }
  });
});

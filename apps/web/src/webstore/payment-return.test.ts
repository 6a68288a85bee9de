// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIRM_ATTEMPTS, confirmDelayMs, paymentArrived, paymentUnderway } from './payment-return.ts';

afterEach(() => sessionStorage.clear());

describe('the payment mark', () => {
  it('is per store, recent, and gone once the order arrived', () => {
    expect(paymentUnderway('harbour')).toBe(false);
    sessionStorage.setItem('excursio.webstore.paying.harbour', String(1_000_000));
    expect(paymentUnderway('harbour', 1_000_000 + 60_000)).toBe(true);
    expect(paymentUnderway('other', 1_000_000 + 60_000)).toBe(false);
    expect(paymentUnderway('harbour', 1_000_000 + 3 * 60 * 60 * 1000)).toBe(false);
    paymentArrived('harbour');
    expect(paymentUnderway('harbour', 1_000_000 + 60_000)).toBe(false);
  });
});

describe('confirmDelayMs', () => {
  it('backs off up to 4 s, waiting about half a minute in all', () => {
    expect(confirmDelayMs(0)).toBe(500);
    expect(confirmDelayMs(1)).toBe(1000);
    expect(confirmDelayMs(5)).toBe(4000);
    const total = Array.from({ length: CONFIRM_ATTEMPTS }, (_, i) => confirmDelayMs(i)).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20_000);
    expect(total).toBeLessThan(40_000);
  });
});

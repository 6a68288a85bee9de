import { describe, expect, it } from 'vitest';
import { paymentPlan, paymentReturnKey, sendsCardToken } from './payment-plan.ts';

const store = {
  payment_mode: 'full',
  payment_available: true,
  payment_test_mode: true,
  reserve_without_payment: false,
} as const;

describe('paymentPlan', () => {
  it('takes nothing when the store takes no payment at booking, whatever the provider', () => {
    expect(paymentPlan({ ...store, payment_mode: 'none', payment_available: false })).toBe('none');
  });

  it('shows the test mode’s card form, or sends the visitor to the provider’s checkout', () => {
    expect(paymentPlan(store)).toBe('card');
    expect(paymentPlan({ ...store, payment_mode: 'deposit' })).toBe('card');
    expect(paymentPlan({ ...store, payment_test_mode: false })).toBe('redirect');
  });

  it('without card payments: pay later when the store allows it, otherwise no booking', () => {
    expect(paymentPlan({ ...store, payment_available: false, reserve_without_payment: true })).toBe('later');
    expect(paymentPlan({ ...store, payment_available: false })).toBe('unavailable');
  });

  it('a resold offer is paid as its offer page says (the collecting supplier’s provider), whatever the store’s own', () => {
    const unconnected = { ...store, payment_available: false, payment_test_mode: false };
    expect(paymentPlan(unconnected, false, [{ available: true, test_mode: true }])).toBe('card');
    expect(paymentPlan(store, false, [{ available: true, test_mode: false }])).toBe('redirect');
    expect(paymentPlan(store, false, [{ available: false, test_mode: false }])).toBe('unavailable');
    expect(paymentPlan({ ...store, reserve_without_payment: true }, false, [{ available: false, test_mode: false }])).toBe(
      'later',
    );
  });

  it('follows the server’s refusal over the store’s out-of-date flag', () => {
    expect(paymentPlan(store, true)).toBe('unavailable');
    expect(paymentPlan({ ...store, reserve_without_payment: true }, true)).toBe('later');
  });
});

describe('sendsCardToken', () => {
  it('only for the card form', () => {
    expect(['none', 'card', 'redirect', 'later', 'unavailable'].filter((p) => sendsCardToken(p as never))).toEqual(['card']);
  });
});

describe('paymentReturnKey', () => {
  it('has a message for each way back from the provider’s checkout, and none for anything else', () => {
    expect(['canceled', 'expired', 'refunded', 'flagged'].map(paymentReturnKey)).toEqual([
      'checkout.paymentCanceled',
      'checkout.paymentExpired',
      'checkout.paymentRefunded',
      'checkout.paymentFlagged',
    ]);
    expect(paymentReturnKey(null)).toBeNull();
    expect(paymentReturnKey('<script>')).toBeNull();
  });
});

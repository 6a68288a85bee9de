import { describe, expect, it } from 'vitest';
import { cardToken, expiryInFuture, formatCardNumber, formatExpiry, luhnValid, parseExpiry, validateCard } from './card.ts';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('test-mode card', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4000 0000 0000 0002')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('maps the decline card to tok_chargeDeclined and every other card to tok_visa', () => {
    expect(cardToken('4242 4242 4242 4242')).toBe('tok_visa');
    expect(cardToken('4000000000000002')).toBe('tok_chargeDeclined');
    expect(cardToken('4000 0000 0000 0002')).toBe('tok_chargeDeclined');
    expect(cardToken('5555 5555 5555 4444')).toBe('tok_visa');
  });

  it('reads MM/YY and accepts the current month, not the one before', () => {
    expect(parseExpiry('12/29')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry('1229')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry('01 / 2030')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('ab')).toBeNull();
    expect(expiryInFuture('11/26', NOW)).toBe(true);
    expect(expiryInFuture('10/26', NOW)).toBe(false);
    expect(expiryInFuture('01/27', NOW)).toBe(true);
  });

  it('names each wrong field, and nothing for a good card', () => {
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ana' }, NOW)).toEqual({});
    expect(validateCard({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12', name: ' ' }, NOW)).toEqual({
      number: 'card.errors.numberInvalid',
      expiry: 'card.errors.expiryPast',
      cvc: 'card.errors.cvcInvalid',
      name: 'card.errors.nameRequired',
    });
    expect(validateCard({ number: '', expiry: '', cvc: '', name: '' }, NOW)).toMatchObject({
      number: 'card.errors.numberRequired',
      expiry: 'card.errors.expiryRequired',
    });
  });

  it('groups the number and slashes the expiry while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatExpiry('1229')).toBe('12/29');
    expect(formatExpiry('1')).toBe('1');
  });
});

import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMinor, MAX_MINOR, parseMoney } from './money.ts';

describe('parseMoney', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['12', 1200],
    ['12.', 1200],
    ['0', 0],
    ['.5', 50],
    ['0.29', 29],
    ['1.13', 113],
    ['12,5', 1250],
    [' 1 234.56 ', 123456],
    ['1000000', MAX_MINOR],
  ])('reads %j as %i minor units', (input, minor) => {
    expect(parseMoney(input)).toEqual({ ok: true, minor });
  });

  it('treats an empty input as no amount', () => {
    expect(parseMoney('')).toEqual({ ok: true, minor: null });
    expect(parseMoney('   ')).toEqual({ ok: true, minor: null });
  });

  it.each([
    ['-1', 'Enter an amount of 0 or more.'],
    ['-0.50', 'Enter an amount of 0 or more.'],
    ['12.345', 'Use at most two decimals.'],
    ['0.001', 'Use at most two decimals.'],
    ['abc', 'Enter an amount such as 12.50.'],
    ['12a', 'Enter an amount such as 12.50.'],
    ['1.2.3', 'Enter an amount such as 12.50.'],
    ['1,234.50', 'Enter an amount such as 12.50.'],
    ['.', 'Enter an amount such as 12.50.'],
    ['1e3', 'Enter an amount such as 12.50.'],
    ['1000000.01', 'Enter at most 1000000.00.'],
  ])('refuses %j', (input, error) => {
    expect(parseMoney(input)).toEqual({ ok: false, error });
  });
});

describe('formatMinor', () => {
  it('shows two decimals', () => {
    expect(formatMinor(1250)).toBe('12.50');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(123456)).toBe('1234.56');
  });

  it('round-trips with parseMoney', () => {
    for (const minor of [0, 1, 29, 99, 100, 113, 1250, 99_999_999]) {
      expect(parseMoney(formatMinor(minor))).toEqual({ ok: true, minor });
    }
  });
});

describe('currencySymbol', () => {
  it('names the symbol, or the code when there is none', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('CHF')).toBe('CHF');
    expect(currencySymbol('??')).toBe('??');
  });
});

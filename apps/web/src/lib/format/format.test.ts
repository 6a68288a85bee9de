import { describe, expect, it } from 'vitest';
import { formatMoney, minorToAmount, parseMoney } from './format.ts';

describe('formatMoney', () => {
  it('shows minor units with the currency symbol and two decimals', () => {
    expect(formatMoney(4500, 'EUR', 'en-US')).toBe('€45.00');
    expect(formatMoney(2050, 'USD', 'en-US')).toBe('$20.50');
    expect(formatMoney(0, 'GBP', 'en-US')).toBe('£0.00');
    expect(formatMoney(123456789, 'EUR', 'en-US')).toBe('€1,234,567.89');
  });

  it('keeps two decimals for currencies whose default differs', () => {
    expect(formatMoney(1999, 'JPY', 'en-US')).toBe('¥19.99');
  });

  it("follows the locale's conventions", () => {
    expect(formatMoney(4500, 'EUR', 'de-DE')).toBe('45,00\u00a0€');
  });
});

describe('parseMoney', () => {
  it('turns amounts into integer minor units without float rounding', () => {
    expect(parseMoney('45')).toBe(4500);
    expect(parseMoney('45.5')).toBe(4550);
    expect(parseMoney('45.50')).toBe(4550);
    expect(parseMoney('19.99')).toBe(1999);
    expect(parseMoney(19.99)).toBe(1999);
    expect(parseMoney(0.1)).toBe(10);
    expect(parseMoney(' 0 ')).toBe(0);
  });

  it('accepts thousands separators and a decimal comma', () => {
    expect(parseMoney('1,234.50')).toBe(123450);
    expect(parseMoney('1 234.50')).toBe(123450);
    expect(parseMoney('45,50')).toBe(4550);
    expect(parseMoney('45,5')).toBe(4550);
  });

  it('rejects negatives, blanks, text and more than two decimals', () => {
    expect(parseMoney('-5')).toBeNull();
    expect(parseMoney(-5)).toBeNull();
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('4.555')).toBeNull();
    expect(parseMoney('1e3')).toBeNull();
    expect(parseMoney('4.')).toBeNull();
  });

  it('round-trips with minorToAmount', () => {
    for (const minor of [0, 1, 10, 99, 1999, 4550, 100_000_000]) expect(parseMoney(minorToAmount(minor))).toBe(minor);
  });
});

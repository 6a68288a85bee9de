import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatBasisPoints,
  formatDisplayDate,
  formatDisplayDateTime,
  formatMinor,
  formatMoney,
  formatTime,
  formatZonedDateTime,
  MAX_MINOR,
  minorToAmount,
  organizationToday,
  parseMoney,
  setDisplayFormats,
} from './format.ts';

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
  it.each([
    ['45', 4500],
    ['45.5', 4550],
    ['45.50', 4550],
    ['19.99', 1999],
    ['0.29', 29],
    ['1.13', 113],
    ['12.', 1200],
    ['.5', 50],
    [' 0 ', 0],
    ['1000000', MAX_MINOR],
  ])('reads %j as %i minor units, without float rounding', (input, minor) => {
    expect(parseMoney(input)).toEqual({ ok: true, minor });
  });

  it('reads what a number input holds', () => {
    expect(parseMoney(19.99)).toEqual({ ok: true, minor: 1999 });
    expect(parseMoney(0.1)).toEqual({ ok: true, minor: 10 });
    expect(parseMoney(45)).toEqual({ ok: true, minor: 4500 });
  });

  it.each([
    ['1,234.50', 123450],
    ['1,234', 123400],
    ['1,000,000', MAX_MINOR],
    ['1 234.50', 123450],
    ['1\u00a0234,5', 123450],
    ['45,50', 4550],
    ['45,5', 4550],
  ])('accepts thousands separators and a decimal comma: %j', (input, minor) => {
    expect(parseMoney(input)).toEqual({ ok: true, minor });
  });

  it('treats an empty input as no amount', () => {
    expect(parseMoney('')).toEqual({ ok: true, minor: null });
    expect(parseMoney('   ')).toEqual({ ok: true, minor: null });
  });

  it.each([
    ['-1', 'Enter an amount of 0 or more.'],
    ['-0.50', 'Enter an amount of 0 or more.'],
    [-5, 'Enter an amount of 0 or more.'],
    ['12.345', 'Use at most two decimals.'],
    ['0.001', 'Use at most two decimals.'],
    ['1.234,5', 'Enter an amount such as 12.50.'],
    ['abc', 'Enter an amount such as 12.50.'],
    ['12a', 'Enter an amount such as 12.50.'],
    ['1.2.3', 'Enter an amount such as 12.50.'],
    ['1,2,3', 'Enter an amount such as 12.50.'],
    ['12,34,567', 'Enter an amount such as 12.50.'],
    ['.', 'Enter an amount such as 12.50.'],
    ['1e3', 'Enter an amount such as 12.50.'],
    ['1000000.01', 'Enter at most 1000000.00.'],
  ])('refuses %j', (input, error) => {
    expect(parseMoney(input)).toEqual({ ok: false, error });
  });

  it('round-trips with formatMinor and minorToAmount', () => {
    for (const minor of [0, 1, 10, 29, 99, 100, 113, 1250, 1999, 4550, 99_999_999, MAX_MINOR]) {
      expect(parseMoney(formatMinor(minor))).toEqual({ ok: true, minor });
      expect(parseMoney(minorToAmount(minor))).toEqual({ ok: true, minor });
    }
  });
});

describe('formatMinor', () => {
  it('shows two decimals', () => {
    expect(formatMinor(1250)).toBe('12.50');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(123456)).toBe('1234.56');
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

describe('formatBasisPoints', () => {
  it('shows hundredths of a percent as a percentage without needless decimals', () => {
    expect(formatBasisPoints(300)).toBe('3 %');
    expect(formatBasisPoints(250)).toBe('2.5 %');
    expect(formatBasisPoints(75)).toBe('0.75 %');
    expect(formatBasisPoints(0)).toBe('0 %');
  });
});

describe('the organization’s date and time formats', () => {
  it('formats starts in their zone in 24-hour, then in 12-hour once configured', () => {
    const start = '2026-12-01T13:30:00Z';
    expect(formatZonedDateTime(start, 'Europe/Berlin')).toBe('Tuesday, 01. December 2026, 14:30');
    setDisplayFormats({ date_format: 'YYYY-MM-DD', time_format: '12h' });
    try {
      expect(formatZonedDateTime(start, 'Europe/Berlin')).toBe('Tuesday, 2026-12-01, 02:30 PM');
      expect(formatTime('09:05')).toBe('09:05 AM');
      expect(formatDisplayDate('2026-12-01')).toBe('2026-12-01');
    } finally {
      setDisplayFormats({ date_format: 'DD. MMMM YYYY', time_format: '24h' });
    }
    expect(formatTime('21:05')).toBe('21:05');
  });

  it("writes days and instants through the contract's one date formatter, in the organization's zone", () => {
    setDisplayFormats({ date_format: 'DD.MM.YYYY', time_format: '12h', default_time_zone: 'Europe/Ljubljana' });
    try {
      // 23:30 UTC is already the next day in Ljubljana.
      expect(formatDisplayDate('2026-11-28T23:30:00Z')).toBe('29.11.2026');
      expect(formatDisplayDate('2026-11-28')).toBe('28.11.2026');
      expect(formatDisplayDateTime('2026-11-28T23:30:00Z')).toBe('29.11.2026, 12:30 AM');
      expect(formatTime('2026-11-28T15:05:00Z')).toBe('04:05 PM');
      expect(formatTime('16:00')).toBe('04:00 PM');
      expect(organizationToday(new Date('2026-11-28T23:30:00Z'))).toBe('2026-11-29');
    } finally {
      setDisplayFormats({ date_format: 'DD. MMMM YYYY', time_format: '24h', default_time_zone: 'UTC' });
    }
    expect(formatDisplayDate('2026-11-28T23:30:00Z')).toBe('28. November 2026');
  });
});

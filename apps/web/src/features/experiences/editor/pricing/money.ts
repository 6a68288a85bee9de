/**
 * Money typed by a person ↔ integer minor units on the wire (contract `money`: cents, 0…100 000 000).
 * Strings are split, never multiplied as floats, so "0.29" is 29 and not 28.999….
 */
export const MAX_MINOR = 100_000_000;

export type MoneyParse = { ok: true; minor: number | null } | { ok: false; error: string };

export const parseMoney = (raw: string): MoneyParse => {
  const text = raw.replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return { ok: true, minor: null };
  if (text.startsWith('-')) return { ok: false, error: 'Enter an amount of 0 or more.' };
  // One decimal separator, a point or a comma ("12,50" is twelve fifty); no grouping.
  const normalised = text.replace(',', '.');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(normalised);
  if (!match || (match[1] === '' && !match[2]) || normalised.includes(',')) {
    return { ok: false, error: 'Enter an amount such as 12.50.' };
  }
  const [, whole, fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, error: 'Use at most two decimals.' };
  const units = Number(whole || '0');
  const cents = Number(fraction.padEnd(2, '0'));
  const minor = units * 100 + cents;
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR) {
    return { ok: false, error: `Enter at most ${formatMinor(MAX_MINOR)}.` };
  }
  return { ok: true, minor };
};

/** 1250 → "12.50" (the value put back into an input). */
export const formatMinor = (minor: number) => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** "EUR" → "€", "USD" → "$", "CHF" → "CHF" (falls back to the code). */
export const currencySymbol = (currency: string) => {
  try {
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
};

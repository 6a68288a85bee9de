import dayjs from 'dayjs';

/** Specification §9 date and time formats. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DISPLAY_DATE_FORMAT = 'DD. MMMM YYYY';
export const TIME_FORMAT_24H = 'HH:mm';
export const TIME_FORMAT_12H = 'hh:mm A';

export const formatDisplayDate = (value: string | null | undefined) => (value ? dayjs(value).format(DISPLAY_DATE_FORMAT) : '—');

/** Minor units (cents) → the amount with its currency symbol and two decimals ('€45.00'). */
export const formatMoney = (minor: number, currency: string, locale?: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    minor / 100,
  );

/** Minor units → the number a money input shows (4550 → 45.5). */
export const minorToAmount = (minor: number) => minor / 100;

/**
 * What a money input holds ('45', '45.5', '45,50', '1,234.50', 45.5) → integer minor units; null when it
 * is empty, negative, not a number or has more than two decimals. Parsed from the text, so no
 * floating-point rounding (19.99 → 1999).
 */
export const parseMoney = (input: string | number): number | null => {
  // Thousands separators go; a remaining comma is a decimal comma ('45,50').
  const text = String(input)
    .trim()
    .replace(/[\s,](?=\d{3}(\D|$))/g, '')
    .replace(/^(\d+),(\d{1,2})$/, '$1.$2');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, units, cents = ''] = match;
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
};

export const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

export const capitalise = (value: string) => (value ? value[0].toUpperCase() + value.slice(1) : value);

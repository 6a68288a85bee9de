/** The currencies the forms offer (organization, offers' extras, stores), one list for every form. */
export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
] as const;
export const DEFAULT_CURRENCY = 'EUR';

/** A stored code outside the list stays choosable, so a form never shows an empty currency. */
export const currencyOptions = (current: string): string[] =>
  (CURRENCIES as readonly string[]).includes(current) || !current ? [...CURRENCIES] : [current, ...CURRENCIES];

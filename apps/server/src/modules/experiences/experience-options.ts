import {
  EXPERIENCE_CATEGORIES,
  EXPERIENCE_TYPE_LABELS,
  EXPERIENCE_TYPES,
  type ExperienceOptions,
} from '@excursio/contract/experiences';

/** Languages offered for guiding/tickets (ISO 639-1), the ones operators in the field ask for most. */
// biome-ignore format: one compact table
const LANGUAGE_CODES = [
  'ar', 'cs', 'da', 'de', 'el', 'en', 'es', 'fi', 'fr', 'he', 'hi', 'hr', 'hu', 'id', 'is', 'it',
  'ja', 'ko', 'nl', 'no', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sv', 'th', 'tr', 'uk', 'vi', 'zh',
] as const;

/** Currencies offered for new offers (ISO 4217); any current ISO code is accepted on write. */
// biome-ignore format: one compact table
const CURRENCIES = [
  'EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'NZD', 'JPY', 'CNY', 'HKD', 'SGD', 'INR', 'AED', 'SAR',
  'ZAR', 'BRL', 'MXN', 'ARS', 'CLP', 'COP', 'PEN', 'SEK', 'NOK', 'DKK', 'ISK', 'PLN', 'CZK', 'HUF',
  'RON', 'BGN', 'TRY', 'ILS', 'THB', 'IDR', 'MYR', 'PHP', 'VND', 'KRW', 'TWD', 'EGP', 'MAD', 'KES',
] as const;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Whether a two-letter code names a language (any ISO 639-1 code, not only the offered ones). */
export const isKnownLanguage = (code: string) => languageNames.of(code) !== undefined;

const knownCurrencies = new Set(Intl.supportedValuesOf('currency'));
export const isKnownCurrency = (code: string) => knownCurrencies.has(code);

let cached: ExperienceOptions | undefined;

/** What the basic-info step offers to choose from (static: built once). */
export const experienceOptionsData = (): ExperienceOptions => {
  cached ??= {
    types: EXPERIENCE_TYPES.map((value) => ({ value, label: EXPERIENCE_TYPE_LABELS[value] })),
    categories: EXPERIENCE_CATEGORIES.map((c) => ({
      value: c.value,
      label: c.label,
      subcategories: c.subcategories.map((s) => ({ value: s.value, label: s.label })),
    })),
    languages: LANGUAGE_CODES.map((value) => ({ value, label: languageNames.of(value) ?? value })).sort((a, b) =>
      a.label.localeCompare(b.label),
    ),
    time_zones: ['UTC', ...Intl.supportedValuesOf('timeZone').filter((tz) => tz !== 'UTC')],
    currencies: [...CURRENCIES],
  };
  return cached;
};

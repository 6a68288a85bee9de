import { STORE_OWNERSHIP_LABELS, STORE_OWNERSHIPS } from '@excursio/contract/stores';

/** The currencies a store can sell in (the organization settings offer the same codes). */
export const STORE_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'CAD', 'AUD', 'NZD'];

/** A stored code outside the list stays choosable, so a form never shows an empty currency. */
export const currencyOptions = (current: string) =>
  (STORE_CURRENCIES.includes(current) || !current ? STORE_CURRENCIES : [current, ...STORE_CURRENCIES]).map((c) => ({
    value: c,
    label: c,
  }));

export const OWNERSHIP_OPTIONS = STORE_OWNERSHIPS.map((value) => ({ value, label: STORE_OWNERSHIP_LABELS[value] }));

/** What the two kinds of store mean, next to the choice. */
export const OWNERSHIP_HELP = 'Internal: the webstore hosted here. External: sold on your own website through the widget.';

import { STORE_OWNERSHIP_LABELS, STORE_OWNERSHIPS } from '@excursio/contract/stores';

export { currencyOptions } from '../../../lib/forms/currencies.ts';

export const OWNERSHIP_OPTIONS = STORE_OWNERSHIPS.map((value) => ({ value, label: STORE_OWNERSHIP_LABELS[value] }));

/** What the two kinds of store mean, next to the choice. */
export const OWNERSHIP_HELP = 'Internal: the webstore hosted here. External: sold on your own website through the widget.';

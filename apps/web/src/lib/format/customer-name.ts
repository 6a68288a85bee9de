import type { Customer } from '@excursio/contract/customers';

/** How a customer is named in lists and titles: their name, else their email. */
export const customerName = (c: Pick<Customer, 'first_name' | 'last_name' | 'email'>) =>
  `${c.first_name} ${c.last_name}`.trim() || c.email || 'Unnamed customer';

import type { CUSTOMER_ORDERING, Customer, customerInput, customerPatchInput } from '@excursio/contract/customers';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, invalid, notFound } from '../../http/app-error.ts';
import type { Ordering } from '../../http/paging.ts';
import { fieldsSnapshot, recordChange } from '../audit/audit.service.ts';
import {
  type CustomerRow,
  type CustomerValues,
  deleteCustomer,
  findCustomer,
  insertCustomer,
  insertCustomerOnce,
  listCustomers,
  lockCustomers,
  moveOrders,
  orderTotals,
  updateCustomer,
} from './customers.repository.ts';

const EMAIL_TAKEN = 'A customer with this email already exists.';

type Input = z.output<typeof customerInput>;
type Patch = z.output<typeof customerPatchInput>;

const valuesOf = (input: Patch, now: Date, current: CustomerRow | null): CustomerValues => ({
  ...(input.first_name === undefined ? {} : { firstName: input.first_name }),
  ...(input.last_name === undefined ? {} : { lastName: input.last_name }),
  ...(input.email === undefined ? {} : { email: input.email }),
  ...(input.phone === undefined ? {} : { phone: input.phone }),
  ...(input.country === undefined ? {} : { country: input.country }),
  ...(input.language === undefined ? {} : { language: input.language }),
  ...(input.notes === undefined ? {} : { notes: input.notes }),
  // Consent keeps the moment it was given; withdrawing it clears that.
  ...(input.marketing_consent === undefined || input.marketing_consent === current?.marketingConsent
    ? {}
    : { marketingConsent: input.marketing_consent, marketingConsentAt: input.marketing_consent ? now : null }),
});

const withTotals = async (db: Executor, accountId: string, rows: CustomerRow[]): Promise<Customer[]> => {
  const totals = await orderTotals(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const own = totals.filter((t) => t.customerId === r.id);
    return {
      id: r.id,
      first_name: r.firstName,
      last_name: r.lastName,
      email: r.email,
      phone: r.phone,
      country: r.country,
      language: r.language,
      notes: r.notes,
      marketing_consent: r.marketingConsent,
      marketing_consent_at: r.marketingConsentAt?.toISOString() ?? null,
      orders_count: own.reduce((n, t) => n + t.orders, 0),
      spent: own.map((t) => ({ currency: t.currency, total: t.total })).sort((a, b) => a.currency.localeCompare(b.currency)),
      created_at: r.createdAt.toISOString(),
    };
  });
};

/** The audit trail's view of a customer (recorded in the change's transaction). */
const audited = (row: CustomerRow) => ({
  type: 'customer' as const,
  id: row.id,
  label: `${row.firstName} ${row.lastName}`.trim() || (row.email ?? ''),
});
const snapshot = (row: CustomerRow) =>
  fieldsSnapshot({
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    country: row.country,
    language: row.language,
    notes: row.notes,
    marketing_consent: row.marketingConsent,
  });

const emailTaken = (error: unknown) => {
  if (uniqueViolation(error) !== null) throw conflict('email', EMAIL_TAKEN);
  throw error;
};

export const listCustomersPage = async (
  db: Db,
  accountId: string,
  query: { search?: string; ordering: Ordering<(typeof CUSTOMER_ORDERING)[number]>; limit: number; offset: number },
) => {
  const { rows, count } = await listCustomers(db, accountId, query);
  return { results: await withTotals(db, accountId, rows), count };
};

export const getCustomer = async (db: Db, accountId: string, id: string) => {
  const row = await findCustomer(db, accountId, id);
  if (!row) throw notFound('This customer does not exist.');
  return (await withTotals(db, accountId, [row]))[0];
};

export const createCustomer = async (db: Db, accountId: string, input: Input, now: Date) => {
  const row = await db
    .transaction(async (tx) => {
      const created = await insertCustomer(tx, accountId, valuesOf(input, now, null));
      await recordChange(tx, accountId, audited(created), null, snapshot(created));
      return created;
    })
    .catch(emailTaken);
  return (await withTotals(db, accountId, [row]))[0];
};

export const changeCustomer = async (db: Db, accountId: string, id: string, input: Patch, now: Date) => {
  const row = await db
    .transaction(async (tx) => {
      const [current] = await lockCustomers(tx, accountId, [id]);
      if (!current) throw notFound('This customer does not exist.');
      const updated = await updateCustomer(tx, accountId, id, valuesOf(input, now, current));
      if (!updated) throw notFound('This customer does not exist.');
      await recordChange(tx, accountId, audited(updated), snapshot(current), snapshot(updated));
      return updated;
    })
    .catch(emailTaken);
  return (await withTotals(db, accountId, [row]))[0];
};

/** Deleting keeps the orders (they keep the contact typed at booking; the link to the customer goes). */
export const removeCustomer = async (db: Db, accountId: string, id: string) => {
  await db.transaction(async (tx) => {
    const [current] = await lockCustomers(tx, accountId, [id]);
    if (!current || !(await deleteCustomer(tx, accountId, id))) throw notFound('This customer does not exist.');
    await recordChange(tx, accountId, audited(current), snapshot(current), null);
  });
};

/**
 * Merges the duplicate `otherId` into `id`, in one transaction with both rows locked (in id order):
 * the kept customer's empty fields are filled from the duplicate, the duplicate's notes are
 * appended, consent given by either stays (with the moment it was given), the duplicate's orders
 * move over, and the duplicate is deleted.
 */
export const mergeCustomers = async (db: Db, accountId: string, id: string, otherId: string) => {
  if (id === otherId) throw invalid('other_id', 'Choose another customer to merge into this one.');
  const merged = await db.transaction(async (tx) => {
    const locked = await lockCustomers(tx, accountId, [id, otherId]);
    const kept = locked.find((c) => c.id === id);
    const other = locked.find((c) => c.id === otherId);
    if (!kept) throw notFound('This customer does not exist.');
    if (!other) throw invalid('other_id', 'This customer does not exist (any more).', 'not_found');
    await moveOrders(tx, accountId, other.id, kept.id);
    await deleteCustomer(tx, accountId, other.id);
    const fill = (mine: string, theirs: string) => mine || theirs;
    const consentFrom = kept.marketingConsent ? kept : other.marketingConsent ? other : null;
    const updated = await updateCustomer(tx, accountId, kept.id, {
      firstName: fill(kept.firstName, other.firstName),
      lastName: fill(kept.lastName, other.lastName),
      email: kept.email ?? other.email,
      phone: fill(kept.phone, other.phone),
      country: fill(kept.country, other.country),
      language: fill(kept.language, other.language),
      notes: [kept.notes, other.notes].filter(Boolean).join('\n\n'),
      marketingConsent: consentFrom !== null,
      marketingConsentAt: consentFrom?.marketingConsentAt ?? null,
    });
    if (updated) {
      // The duplicate's entry says where it went; the kept one's lists what the merge filled in.
      await recordChange(tx, accountId, audited(other), null, { 'Merged into': audited(updated).label }, 'merged');
      await recordChange(tx, accountId, audited(updated), snapshot(kept), snapshot(updated), 'merged');
    }
    return updated;
  });
  if (!merged) throw notFound('This customer does not exist.');
  return (await withTotals(db, accountId, [merged]))[0];
};

/** The customer a booking's contact is (by email, any case), created on first booking. */
export const customerForContact = async (
  tx: Executor,
  accountId: string,
  contact: { first_name: string; last_name: string; email: string; phone?: string },
) => {
  const row = await insertCustomerOnce(tx, accountId, {
    firstName: contact.first_name,
    lastName: contact.last_name,
    email: contact.email,
    phone: contact.phone ?? '',
  });
  return row?.id ?? null;
};

export type Buyer = { customerId: string | null; firstName: string; lastName: string; email: string; phone: string };

/**
 * The buyer of a back-office order, inside the order's transaction: an existing customer (their
 * details, unless a contact is given too), or a contact — found by email or created; a phone
 * booking without an email becomes a new customer.
 */
export const buyerForOrder = async (
  tx: Executor,
  accountId: string,
  input: {
    customer_id?: string;
    contact?: { first_name: string; last_name: string; email?: string; phone?: string };
  },
): Promise<Buyer> => {
  const { contact } = input;
  if (input.customer_id) {
    const row = await findCustomer(tx, accountId, input.customer_id);
    if (!row) throw invalid('customer_id', 'This customer does not exist.', 'does_not_exist');
    return {
      customerId: row.id,
      firstName: contact?.first_name ?? row.firstName,
      lastName: contact?.last_name ?? row.lastName,
      email: contact?.email ?? row.email ?? '',
      phone: contact?.phone ?? row.phone,
    };
  }
  if (!contact) throw invalid('customer_id', 'Choose a customer or enter a contact.', 'required');
  const { email } = contact;
  const customerId = email
    ? await customerForContact(tx, accountId, { ...contact, email })
    : (
        await insertCustomer(tx, accountId, {
          firstName: contact.first_name,
          lastName: contact.last_name,
          phone: contact.phone ?? '',
        })
      ).id;
  return {
    customerId,
    firstName: contact.first_name,
    lastName: contact.last_name,
    email: email ?? '',
    phone: contact.phone ?? '',
  };
};

/** A customer's contact details (a reseller's customer, for the supplier's order of a resale). */
export const contactOfCustomer = async (db: Executor, accountId: string, id: string) => {
  const row = await findCustomer(db, accountId, id);
  if (!row) throw invalid('customer_id', 'This customer does not exist.', 'does_not_exist');
  return { first_name: row.firstName, last_name: row.lastName, email: row.email ?? '', phone: row.phone };
};

import type { CUSTOMER_ORDERING } from '@excursio/contract/customers';
import { and, asc, count, desc, eq, inArray, like, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likePattern } from '../../db/query.ts';
import { customers } from '../../db/schema/customers.ts';
import { orders } from '../../db/schema/sales.ts';
import type { Ordering } from '../../http/paging.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = Partial<
  Pick<
    CustomerRow,
    'firstName' | 'lastName' | 'email' | 'phone' | 'country' | 'language' | 'notes' | 'marketingConsent' | 'marketingConsentAt'
  >
>;

const ofAccount = (accountId: string) => eq(customers.accountId, accountId);

export const listCustomers = async (
  db: Executor,
  accountId: string,
  query: { search?: string; ordering: Ordering<(typeof CUSTOMER_ORDERING)[number]>; limit: number; offset: number },
) => {
  const where = and(
    ofAccount(accountId),
    query.search ? like(customers.searchText, likePattern(query.search.toLowerCase())) : undefined,
  );
  const column = { last_name: customers.lastName, email: customers.email, created_at: customers.createdAt }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(direction(column), asc(customers.firstName), asc(customers.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(customers).where(where);
  return { rows, count: total };
};

export const findCustomer = async (db: Executor, accountId: string, id: string) =>
  (
    await db
      .select()
      .from(customers)
      .where(and(ofAccount(accountId), eq(customers.id, id)))
  )[0] ?? null;

export const findCustomerByEmail = async (db: Executor, accountId: string, email: string) =>
  (
    await db
      .select()
      .from(customers)
      .where(and(ofAccount(accountId), sql`lower(${customers.email}) = ${email.toLowerCase()}`))
  )[0] ?? null;

/** Locks customers in id order (two merges the opposite way round cannot wait on each other in a circle). */
export const lockCustomers = async (tx: Executor, accountId: string, ids: string[]) =>
  tx
    .select()
    .from(customers)
    .where(and(ofAccount(accountId), inArray(customers.id, ids)))
    .orderBy(asc(customers.id))
    .for('update');

export const insertCustomer = async (tx: Executor, accountId: string, values: CustomerValues) =>
  (
    await tx
      .insert(customers)
      .values({ accountId, ...values })
      .returning()
  )[0];

/** Inserts unless a customer with that email exists already (whoever races); answers the row either way. */
export const insertCustomerOnce = async (tx: Executor, accountId: string, values: CustomerValues & { email: string }) => {
  const [row] = await tx
    .insert(customers)
    .values({ accountId, ...values })
    .onConflictDoNothing()
    .returning();
  return row ?? (await findCustomerByEmail(tx, accountId, values.email));
};

export const updateCustomer = async (tx: Executor, accountId: string, id: string, values: CustomerValues) =>
  (
    await tx
      .update(customers)
      .set(values)
      .where(and(ofAccount(accountId), eq(customers.id, id)))
      .returning()
  )[0] ?? null;

export const deleteCustomer = async (tx: Executor, accountId: string, id: string) =>
  (
    await tx
      .delete(customers)
      .where(and(ofAccount(accountId), eq(customers.id, id)))
      .returning({ id: customers.id })
  )[0] ?? null;

/** Orders not canceled per customer and currency: what each customer bought. */
export const orderTotals = async (db: Executor, accountId: string, customerIds: string[]) =>
  customerIds.length
    ? db
        .select({
          customerId: orders.customerId,
          currency: orders.currency,
          orders: sql<number>`count(*)::int`,
          total: sql<number>`sum(${orders.totalMinor})::int`,
        })
        .from(orders)
        .where(and(eq(orders.accountId, accountId), inArray(orders.customerId, customerIds), ne(orders.status, 'canceled')))
        .groupBy(orders.customerId, orders.currency)
    : [];

/** A merge moves the duplicate's orders to the customer kept (inside the merge's transaction). */
export const moveOrders = async (tx: Executor, accountId: string, fromId: string, toId: string) =>
  tx
    .update(orders)
    .set({ customerId: toId })
    .where(and(eq(orders.accountId, accountId), eq(orders.customerId, fromId)));

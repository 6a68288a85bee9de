import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { pricingCategories } from '../../db/schema/catalog.ts';
import { invoiceCounters, invoices } from '../../db/schema/invoices.ts';
import { orders } from '../../db/schema/sales.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Locks the order row: the issuing of its invoice runs behind it (the same first lock as every
 * change of the order), so parallel requests for one order issue one invoice.
 */
export const lockOrderForInvoice = async (tx: Executor, accountId: string, orderId: string) =>
  (
    await tx
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
      .for('update')
  )[0] ?? null;

export const findInvoiceOfOrder = async (db: Executor, accountId: string, orderId: string) =>
  (
    await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.accountId, accountId), eq(invoices.orderId, orderId)))
  )[0] ?? null;

/**
 * The next invoice number of an organization. The counter row stays locked until the transaction
 * ends, so numbers are handed out one transaction at a time: no duplicates, and a rolled-back
 * issue takes its increment with it (no gaps).
 */
export const nextInvoiceNumber = async (tx: Executor, accountId: string) => {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ accountId, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.accountId, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ number: invoiceCounters.lastNumber });
  return row.number;
};

export const insertInvoice = async (tx: Executor, values: typeof invoices.$inferInsert) =>
  (await tx.insert(invoices).values(values).returning())[0];

/** The organization as an invoice's seller: name, contact and legal details, zone and time format. */
export const sellerOfAccount = async (db: Executor, accountId: string) =>
  (
    await db
      .select({
        name: baseAccounts.name,
        contactInfo: baseAccounts.contactInfo,
        legalInfo: baseAccounts.legalInfo,
        profile: baseAccounts.profile,
      })
      .from(baseAccounts)
      .where(eq(baseAccounts.id, accountId))
  )[0] ?? null;

/** Names of the organization's pricing categories, by id. */
export const pricingCategoryNames = async (db: Executor, accountId: string, ids: string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: pricingCategories.id, name: pricingCategories.name })
    .from(pricingCategories)
    .where(and(eq(pricingCategories.accountId, accountId), inArray(pricingCategories.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
};

import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { nextNumber } from '../../db/counters.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { invoiceCounters, invoices } from '../../db/schema/invoices.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

export const findInvoiceOfOrder = async (db: Executor, accountId: string, orderId: string) =>
  (
    await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.accountId, accountId), eq(invoices.orderId, orderId)))
  )[0] ?? null;

/** The next invoice number of an organization, gapless within the issuing transaction. */
export const nextInvoiceNumber = (tx: Executor, accountId: string) => nextNumber(tx, invoiceCounters, accountId);

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

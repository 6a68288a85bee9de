import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { refundDues } from '../../db/schema/sales.ts';

export type RefundDueRow = typeof refundDues.$inferSelect;

/** An order's refund-due ledger, oldest first. */
export const duesOfOrder = async (db: Executor, accountId: string, orderId: string) =>
  db
    .select()
    .from(refundDues)
    .where(and(eq(refundDues.accountId, accountId), eq(refundDues.orderId, orderId)))
    .orderBy(asc(refundDues.createdAt), asc(refundDues.id));

/** The ledgers of a page of orders. */
export const duesOfOrders = async (db: Executor, accountId: string, orderIds: readonly string[]) =>
  orderIds.length
    ? db
        .select()
        .from(refundDues)
        .where(and(eq(refundDues.accountId, accountId), inArray(refundDues.orderId, [...orderIds])))
    : [];

export const insertDue = async (tx: Executor, values: typeof refundDues.$inferInsert) =>
  (await tx.insert(refundDues).values(values).returning())[0];

/** The number of an order's invoice, or null while none was issued. */
export const invoiceNumberOf = async (db: Executor, accountId: string, orderId: string) =>
  (
    await db
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.accountId, accountId), eq(invoices.orderId, orderId)))
  )[0]?.number ?? null;

import type { Invoice } from '@excursio/contract/invoices';
import { formatInvoiceNumber } from '@excursio/contract/product-configuration';
import type { Db } from '../../db/client.ts';
import { notFound, refusedByState } from '../../http/app-error.ts';
import { recordChange } from '../audit/audit.service.ts';
import { categoryIdsOf, getOrder, lockOrderInTx, orderDetail } from '../orders/orders.service.ts';
import { pricingCategoryNames } from '../pricing/pricing-categories.service.ts';
import { invoiceSettingsOf } from '../product-configuration/product-configuration.service.ts';
import { invoiceDocumentOf, toInvoice } from './invoice-document.ts';
import { findInvoiceOfOrder, insertInvoice, nextInvoiceNumber, sellerOfAccount } from './invoices.repository.ts';

/**
 * Invoices of orders: one per order, numbered per organization from 1 without gaps. The module
 * reads orders through the orders service; the orders module knows nothing of invoices.
 */

const noInvoiceYet = 'This order has no invoice yet. Issue it first.';

/**
 * Issues the invoice of an order, once: behind the order's row lock, an invoice already issued is
 * answered as it is (`created: false`); otherwise the next number of the organization is taken
 * (its counter row is locked until commit: lock order = the order, then the counter) and what the
 * invoice says is fixed from the order, its payments and the organization as they are now.
 * A canceled order is refused (nothing is owed; an invoice issued before the cancellation stays).
 */
export const issueInvoice = async (
  db: Db,
  accountId: string,
  orderId: string,
  now: Date,
): Promise<{ invoice: Invoice; created: boolean }> =>
  db.transaction(async (tx) => {
    const order = await lockOrderInTx(tx, accountId, orderId);
    if (!order) throw notFound('This order does not exist.');
    const existing = await findInvoiceOfOrder(tx, accountId, orderId);
    if (existing) return { invoice: toInvoice(existing), created: false };
    if (order.status === 'canceled') {
      throw refusedByState('order_canceled', 'This order is canceled: there is nothing to invoice.');
    }
    const detail = await orderDetail(tx, accountId, order);
    const seller = await sellerOfAccount(tx, accountId);
    if (!seller) throw notFound('This organization does not exist.');
    const settings = await invoiceSettingsOf(tx, accountId);
    const document = invoiceDocumentOf({
      order: detail,
      seller,
      categoryNames: await pricingCategoryNames(tx, accountId, categoryIdsOf(detail)),
      settings,
    });
    const number = await nextInvoiceNumber(tx, accountId);
    const snapshot = { ...document, number_label: formatInvoiceNumber(number, settings) };
    const row = await insertInvoice(tx, { accountId, orderId, number, issuedAt: now, snapshot });
    await recordChange(
      tx,
      accountId,
      { type: 'invoice', id: row.id, label: `${snapshot.number_label} (order #${order.number})`, orderId },
      null,
      { Number: snapshot.number_label },
      'issued',
    );
    return { invoice: toInvoice(row), created: true };
  });

/** The invoice of an order; 404 when the order does not exist (here) or has none yet. */
export const getInvoice = async (db: Db, accountId: string, orderId: string): Promise<Invoice> => {
  const row = await findInvoiceOfOrder(db, accountId, orderId);
  if (row) return toInvoice(row);
  await getOrder(db, accountId, orderId); // 404 "This order does not exist." for an unknown or foreign order
  throw notFound(noInvoiceYet);
};

import { z } from 'zod';
import { id, timestamp } from './common.ts';
import { type DisplayDateFormat, formatCalendarDate } from './format.ts';
import { DATE_FORMATS } from './product-configuration.ts';

/**
 * Invoices of orders (issue "Sales"): one per order, numbered per organization from 1 without gaps.
 * What an invoice says is fixed when it is issued (a snapshot): later changes to the order, the
 * organization or the customer do not rewrite it.
 */

/**
 * How an invoice number is shown: `INV-000123`. The one place the format lives (a later issue makes
 * it configurable per organization).
 */
export const invoiceNumberLabel = (number: number) => `INV-${String(number).padStart(6, '0')}`;

/**
 * A date on an invoice: the instant's day in the organization's zone, in its date display format
 * when the invoice was issued ("01. December 2026"; web and PDF alike).
 */
export const invoiceDate = (instant: string, timeZone: string, dateFormat?: DisplayDateFormat) =>
  formatCalendarDate(instant, timeZone, dateFormat);

/** The file name of an invoice's PDF. */
export const invoiceFileName = (number: number) => `invoice-${number}.pdf`;

const amount = z.number().int();

export const invoiceParty = z.object({
  name: z.string(),
  /** Address and registration lines, as printed (empty ones left out). */
  lines: z.array(z.string()),
  email: z.string(),
  phone: z.string(),
});
export type InvoiceParty = z.infer<typeof invoiceParty>;

export const invoiceLine = z.object({
  /** The offer's title, its date and time in the offer's zone, and what the line is (a pricing category, an extra). */
  description: z.string(),
  quantity: z.number().int(),
  /** Minor units of the invoice's currency. */
  unit_amount: amount,
  amount,
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

/** What an invoice says, as stored when it was issued (`invoices.snapshot`). */
export const invoiceDocument = z.object({
  seller: invoiceParty,
  buyer: invoiceParty,
  order_reference: z.string(),
  order_date: timestamp,
  /** The organization's zone, in which the dates are printed. */
  time_zone: z.string(),
  currency: z.string(),
  lines: z.array(invoiceLine),
  total: amount,
  /** Paid so far when it was issued: payments in minus refunds out. */
  paid: amount,
  /** total − paid, never below 0. */
  balance_due: amount,
  /** The number as printed, in the product configuration's format when issued (older invoices: invoiceNumberLabel). */
  number_label: z.string().optional(),
  /** The product configuration's invoice footer when issued. */
  footer: z.string().optional(),
  /** The product configuration's date display when issued (older invoices: the §9 display format). */
  date_format: z.enum(DATE_FORMATS).optional(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocument>;

export const invoice = invoiceDocument.extend({
  id,
  order_id: id,
  number: z.number().int(),
  /** `INV-000123` (invoiceNumberLabel). */
  display_number: z.string(),
  issued_at: timestamp,
});
export type Invoice = z.infer<typeof invoice>;

import type { ContactInfo, LegalInfo, Profile } from '@excursio/contract/accounts';
import { type DisplayDateFormat, formatCalendarDate, formatClockTime } from '@excursio/contract/format';
import { type Invoice, type InvoiceDocument, type InvoiceLine, invoiceNumberLabel } from '@excursio/contract/invoices';
import type { OrderDetail } from '@excursio/contract/orders';
import type { InvoiceRow } from './invoices.repository.ts';

/** What the invoice document is made of: the order (read through the orders service) and the organization. */
export type InvoiceSources = {
  order: OrderDetail;
  seller: { name: string; contactInfo: ContactInfo; legalInfo: LegalInfo; profile: Profile };
  categoryNames: ReadonlyMap<string, string>;
  /** The product configuration's invoice details and date display. */
  settings?: { taxId: string; footer: string; dateFormat?: DisplayDateFormat };
};

const countryName = (code: string) => {
  if (!code) return '';
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

const joined = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** A line's date and time in the offer's zone, in the organization's formats: "Tue, 01. December 2026, 10:00". */
export const startLabel = (
  startsAt: string,
  timeZone: string,
  timeFormat: Profile['time_format'],
  dateFormat?: DisplayDateFormat,
) => {
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short' }).format(new Date(startsAt));
  return `${weekday}, ${formatCalendarDate(startsAt, timeZone, dateFormat)}, ${formatClockTime(startsAt, timeZone, timeFormat)}`;
};

/**
 * The lines of an invoice: per booking, one line per pricing category of its party and one per
 * extra, described with the offer's title and its start in the offer's zone. Canceled lines are not
 * billed. A line whose parts do not add up to what it costs is billed as one line.
 */
export const invoiceLines = (
  order: OrderDetail,
  categoryNames: ReadonlyMap<string, string>,
  timeFormat: Profile['time_format'],
  dateFormat?: DisplayDateFormat,
): InvoiceLine[] =>
  order.lines
    .filter((line) => line.status === 'active')
    .flatMap((line) => {
      const when = line.booking ? startLabel(line.booking.starts_at, line.booking.time_zone, timeFormat, dateFormat) : '';
      const about = when ? `${line.description} — ${when}` : line.description;
      const parts: InvoiceLine[] = [
        ...(line.booking?.party ?? [])
          .filter((p) => p.quantity > 0)
          .map((p) => ({
            description: `${about} · ${categoryNames.get(p.pricing_category_id) ?? 'Participant'}`,
            quantity: p.quantity,
            unit_amount: p.unit_price,
            amount: p.amount,
          })),
        ...line.extras
          .filter((e) => e.quantity > 0)
          .map((e) => ({
            description: `${about} · ${e.name}`,
            quantity: e.quantity,
            unit_amount: e.unit_price,
            amount: e.amount,
          })),
      ];
      const sum = parts.reduce((total, p) => total + p.amount, 0);
      if (parts.length > 0 && sum === line.total) return parts;
      return [{ description: about, quantity: 1, unit_amount: line.total, amount: line.total }];
    });

/** What the invoice says, fixed when it is issued. */
export const invoiceDocumentOf = ({ order, seller, categoryNames, settings }: InvoiceSources): InvoiceDocument => {
  const c = seller.contactInfo;
  const legal = seller.legalInfo;
  const sellerLines = [
    legal.legal_name && legal.legal_name !== seller.name ? legal.legal_name : '',
    c.address_line1,
    c.address_line2,
    joined(c.postal_code, c.city),
    countryName(c.country),
    c.website,
    legal.vat_id ? `VAT ID ${legal.vat_id}` : '',
    legal.registration_number ? `Registration ${legal.registration_number}` : '',
    settings?.taxId ? `Tax ID ${settings.taxId}` : '',
  ].filter(Boolean);
  const paid = order.paid - order.refunded;
  return {
    seller: { name: seller.name, lines: sellerLines, email: c.email, phone: c.phone },
    buyer: {
      name: joined(order.contact.first_name, order.contact.last_name),
      lines: [],
      email: order.contact.email,
      phone: order.contact.phone,
    },
    order_reference: order.reference,
    order_date: order.created_at,
    time_zone: seller.profile.timezone || 'UTC',
    currency: order.currency,
    lines: invoiceLines(order, categoryNames, seller.profile.time_format, settings?.dateFormat),
    total: order.total,
    paid,
    balance_due: Math.max(0, order.total - paid),
    ...(settings?.footer ? { footer: settings.footer } : {}),
    ...(settings?.dateFormat ? { date_format: settings.dateFormat } : {}),
  };
};

export const toInvoice = ({ snapshot: { number_label, ...document }, ...row }: InvoiceRow): Invoice => ({
  ...document,
  id: row.id,
  order_id: row.orderId,
  number: row.number,
  display_number: number_label ?? invoiceNumberLabel(row.number),
  issued_at: row.issuedAt.toISOString(),
});

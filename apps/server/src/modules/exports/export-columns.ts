import { BOOKING_PHASE_LABELS, type BookingListItem } from '@excursio/contract/bookings';
import type { Customer } from '@excursio/contract/customers';
import {
  ATTENDANCE_STATUS_LABELS,
  ORDER_CHANNEL_LABELS,
  ORDER_STATUS_LABELS,
  type Order,
  PAYMENT_STATUS_LABELS,
} from '@excursio/contract/orders';
import type { Resale } from '@excursio/contract/partners';
import { amountOf, type ExportColumn, wallTimeIn } from '../../http/exports.ts';
import type { ListLine } from '../orders/order-list-facts.repository.ts';

/**
 * The columns of each export (one place: the CSV and the XLSX are the same table). Dates are wall
 * times: the organization's zone for when something happened, the offer's zone for a service.
 */

/** Who sold it: the team member, or the reseller of a resale. */
const sellerOf = (o: Order) => (o.sold_by?.kind === 'reseller' ? `${o.sold_by.name} (reseller)` : (o.sold_by?.name ?? ''));
/** The store it was sold in: its own, or for a resale the reseller's store (named as the reseller calls it). */
const storeOf = (o: Order) => o.store?.name ?? (o.sold_by?.kind === 'reseller' ? (o.sold_by.store ?? '') : '');

export const orderColumns = (zone: string): ExportColumn<Order>[] => [
  { header: 'Reference', value: (o) => o.reference },
  { header: 'Created', value: (o) => wallTimeIn(o.created_at, zone) },
  { header: 'Status', value: (o) => ORDER_STATUS_LABELS[o.status] },
  { header: 'Payment status', value: (o) => PAYMENT_STATUS_LABELS[o.payment_status] },
  { header: 'Channel', value: (o) => ORDER_CHANNEL_LABELS[o.channel] },
  { header: 'Seller', value: sellerOf },
  { header: 'Store', value: storeOf },
  {
    header: 'Activity date',
    value: (o) => (o.first_service ? wallTimeIn(o.first_service.starts_at, o.first_service.time_zone) : null),
  },
  { header: 'Offer', value: (o) => (o.offer ? `${o.offer.title}${o.offer.more ? ` + ${o.offer.more} more` : ''}` : '') },
  { header: 'Language', value: (o) => o.language },
  { header: 'First name', value: (o) => o.contact.first_name },
  { header: 'Last name', value: (o) => o.contact.last_name },
  { header: 'Email', value: (o) => o.contact.email },
  { header: 'Phone', value: (o) => o.contact.phone },
  { header: 'Currency', value: (o) => o.currency },
  { header: 'Total', value: (o) => amountOf(o.total, o.currency) },
  { header: 'Paid', value: (o) => amountOf(o.paid, o.currency) },
  { header: 'Refunded', value: (o) => amountOf(o.refunded, o.currency) },
  { header: 'Canceled', value: (o) => wallTimeIn(o.canceled_at, zone) },
];

/** One row of the lines export: an order line with its order and its party by category name. */
export type LineExportRow = { order: Order; line: ListLine; party: string };

export const lineColumns = (zone: string): ExportColumn<LineExportRow>[] => [
  { header: 'Order', value: (r) => r.order.reference },
  { header: 'Order created', value: (r) => wallTimeIn(r.order.created_at, zone) },
  { header: 'Offer', value: (r) => r.line.description },
  {
    header: 'Service date',
    value: (r) => (r.line.startsAt ? wallTimeIn(r.line.startsAt.toISOString(), r.line.timeZone ?? 'UTC') : null),
  },
  { header: 'Time zone', value: (r) => (r.line.startsAt ? (r.line.timeZone ?? 'UTC') : '') },
  { header: 'Participants', value: (r) => r.line.participants ?? 0 },
  { header: 'Party', value: (r) => r.party },
  { header: 'Line status', value: (r) => (r.line.status === 'canceled' ? 'Canceled' : 'Active') },
  { header: 'Currency', value: (r) => r.order.currency },
  { header: 'Line amount', value: (r) => amountOf(r.line.totalMinor, r.order.currency) },
  { header: 'Order status', value: (r) => ORDER_STATUS_LABELS[r.order.status] },
  { header: 'Payment status', value: (r) => PAYMENT_STATUS_LABELS[r.order.payment_status] },
  { header: 'Channel', value: (r) => ORDER_CHANNEL_LABELS[r.order.channel] },
  { header: 'Seller', value: (r) => sellerOf(r.order) },
  { header: 'Store', value: (r) => storeOf(r.order) },
  { header: 'First name', value: (r) => r.order.contact.first_name },
  { header: 'Last name', value: (r) => r.order.contact.last_name },
  { header: 'Email', value: (r) => r.order.contact.email },
];

/** The day's manifest: one row per booking (what the bookings overview's "Export" gives). */
export const manifestColumns = (categoryNames: ReadonlyMap<string, string>): ExportColumn<BookingListItem>[] => [
  { header: 'Time', value: (r) => r.time },
  { header: 'Offer', value: (r) => r.experience_title },
  { header: 'Order', value: (r) => r.order_reference },
  { header: 'First name', value: (r) => r.contact.first_name },
  { header: 'Last name', value: (r) => r.contact.last_name },
  { header: 'Email', value: (r) => r.contact.email },
  { header: 'Phone', value: (r) => r.contact.phone },
  { header: 'Participants', value: (r) => r.participants },
  {
    header: 'Party',
    value: (r) => r.party.map((p) => `${p.quantity} × ${categoryNames.get(p.pricing_category_id) ?? 'Participant'}`).join(', '),
  },
  { header: 'Status', value: (r) => BOOKING_PHASE_LABELS[r.phase] },
  { header: 'Attendance', value: (r) => ATTENDANCE_STATUS_LABELS[r.attendance_status] },
];

export const customerColumns = (zone: string): ExportColumn<Customer>[] => [
  { header: 'First name', value: (c) => c.first_name },
  { header: 'Last name', value: (c) => c.last_name },
  { header: 'Email', value: (c) => c.email ?? '' },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Country', value: (c) => c.country },
  { header: 'Language', value: (c) => c.language },
  { header: 'Marketing consent', value: (c) => (c.marketing_consent ? 'Yes' : 'No') },
  { header: 'Orders', value: (c) => c.orders_count },
  // A number and its currency; the rare customer who paid in more currencies has the others beside.
  { header: 'Spent', value: (c) => (c.spent[0] ? amountOf(c.spent[0].total, c.spent[0].currency) : 0) },
  { header: 'Currency', value: (c) => c.spent[0]?.currency ?? '' },
  {
    header: 'Spent in other currencies',
    value: (c) =>
      c.spent
        .slice(1)
        .map((s) => `${amountOf(s.total, s.currency)} ${s.currency}`)
        .join(', '),
  },
  { header: 'Notes', value: (c) => c.notes },
  { header: 'Created', value: (c) => wallTimeIn(c.created_at, zone) },
];

export const resaleColumns = (zone: string): ExportColumn<Resale>[] => [
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Created', value: (r) => wallTimeIn(r.created_at, zone) },
  { header: 'Supplier', value: (r) => r.supplier.name },
  { header: 'Reseller', value: (r) => r.reseller.name },
  { header: 'Store', value: (r) => r.store?.name ?? '' },
  { header: 'Contact', value: (r) => r.contact_name },
  { header: 'Offers', value: (r) => r.offers.join(', ') },
  { header: 'Status', value: (r) => ORDER_STATUS_LABELS[r.status] },
  { header: 'Payment status', value: (r) => PAYMENT_STATUS_LABELS[r.payment_status] },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Total', value: (r) => amountOf(r.total, r.currency) },
  { header: 'Collected', value: (r) => amountOf(r.collected, r.currency) },
  { header: 'Commission', value: (r) => amountOf(r.commission, r.currency) },
  { header: 'Net', value: (r) => amountOf(r.net, r.currency) },
  { header: 'Canceled', value: (r) => wallTimeIn(r.canceled_at, zone) },
];

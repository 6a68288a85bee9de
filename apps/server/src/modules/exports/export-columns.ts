import type { Customer } from '@excursio/contract/customers';
import {
  ATTENDANCE_STATUS_LABELS,
  BOOKING_PHASE_LABELS,
  type BookingListItem,
  ORDER_CHANNEL_LABELS,
  ORDER_STATUS_LABELS,
  type Order,
  PAYMENT_STATUS_LABELS,
} from '@excursio/contract/orders';
import type { Resale } from '@excursio/contract/partners';
import { amountOf, type ExportColumn } from '../../http/exports.ts';

/** The columns of each export (one place: the CSV and the XLSX are the same table). */

export const orderColumns: ExportColumn<Order>[] = [
  { header: 'Reference', value: (o) => o.reference },
  { header: 'Created', value: (o) => o.created_at },
  { header: 'Status', value: (o) => ORDER_STATUS_LABELS[o.status] },
  { header: 'Payment status', value: (o) => PAYMENT_STATUS_LABELS[o.payment_status] },
  { header: 'Channel', value: (o) => ORDER_CHANNEL_LABELS[o.channel] },
  { header: 'Store', value: (o) => o.store?.name ?? '' },
  { header: 'First name', value: (o) => o.contact.first_name },
  { header: 'Last name', value: (o) => o.contact.last_name },
  { header: 'Email', value: (o) => o.contact.email },
  { header: 'Phone', value: (o) => o.contact.phone },
  { header: 'Currency', value: (o) => o.currency },
  { header: 'Total', value: (o) => amountOf(o.total, o.currency) },
  { header: 'Paid', value: (o) => amountOf(o.paid, o.currency) },
  { header: 'Refunded', value: (o) => amountOf(o.refunded, o.currency) },
  { header: 'Canceled', value: (o) => o.canceled_at ?? '' },
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

export const customerColumns: ExportColumn<Customer>[] = [
  { header: 'First name', value: (c) => c.first_name },
  { header: 'Last name', value: (c) => c.last_name },
  { header: 'Email', value: (c) => c.email ?? '' },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Country', value: (c) => c.country },
  { header: 'Language', value: (c) => c.language },
  { header: 'Marketing consent', value: (c) => (c.marketing_consent ? 'Yes' : 'No') },
  { header: 'Orders', value: (c) => c.orders_count },
  { header: 'Spent', value: (c) => c.spent.map((s) => `${amountOf(s.total, s.currency)} ${s.currency}`).join(', ') },
  { header: 'Notes', value: (c) => c.notes },
  { header: 'Created', value: (c) => c.created_at },
];

export const resaleColumns: ExportColumn<Resale>[] = [
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Created', value: (r) => r.created_at },
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
  { header: 'Canceled', value: (r) => r.canceled_at ?? '' },
];

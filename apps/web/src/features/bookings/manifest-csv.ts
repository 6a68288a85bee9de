import type { BookingListItem } from '@excursio/contract/orders';
import { ATTENDANCE_STATUS_LABELS, BOOKING_PHASE_LABELS } from '@excursio/contract/orders';

/**
 * One CSV cell: quoted, quotes doubled, and a value a spreadsheet would run as a formula (it starts
 * with =, +, -, @, a tab or a carriage return) prefixed with an apostrophe, so it stays text.
 */
export const csvCell = (value: string | number) => {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
};

/** The day's manifest as CSV (one row per booking), with a header row; CRLF line ends as RFC 4180 says. */
export const manifestCsv = (rows: readonly BookingListItem[], categoryNames: ReadonlyMap<string, string>) => {
  const header = [
    'Time',
    'Offer',
    'Order',
    'First name',
    'Last name',
    'Email',
    'Phone',
    'Participants',
    'Party',
    'Status',
    'Attendance',
  ];
  const lines = rows.map((r) => [
    r.time,
    r.experience_title,
    r.order_reference,
    r.contact.first_name,
    r.contact.last_name,
    r.contact.email,
    r.contact.phone,
    r.participants,
    r.party.map((p) => `${p.quantity} × ${categoryNames.get(p.pricing_category_id) ?? 'Participant'}`).join(', '),
    BOOKING_PHASE_LABELS[r.phase],
    ATTENDANCE_STATUS_LABELS[r.attendance_status],
  ]);
  return [header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n');
};

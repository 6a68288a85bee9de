import { csvCell } from '@excursio/contract/csv';
import type { BookingListItem } from '@excursio/contract/orders';
import { ATTENDANCE_STATUS_LABELS, BOOKING_PHASE_LABELS } from '@excursio/contract/orders';

export { csvCell };

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

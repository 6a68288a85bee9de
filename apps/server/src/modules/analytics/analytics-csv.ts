import { ANALYTICS_GROUP_LABELS, type AnalyticsGroup, minorToDecimal } from '@excursio/contract/analytics';
import { csvDocument } from '@excursio/contract/csv';
import type { analyticsRows } from './analytics.service.ts';

/** The analytics rows as CSV (every cell through the contract's formula-escaping `csvCell`), then a total per currency. */
export const analyticsCsv = (group: AnalyticsGroup, result: Awaited<ReturnType<typeof analyticsRows>>) =>
  csvDocument([
    ['Sales', `${result.range.from} to ${result.range.to} (UTC)`],
    [
      ANALYTICS_GROUP_LABELS[group],
      'Currency',
      'Bookings',
      'Participants',
      'Gross',
      'Canceled',
      'Refunds',
      'Net',
      'Utilisation %',
    ],
    ...result.rows.map((r) => [
      r.label,
      r.currency,
      r.bookings,
      r.participants,
      minorToDecimal(r.gross),
      minorToDecimal(r.canceled),
      minorToDecimal(r.refunds),
      minorToDecimal(r.net),
      r.utilisation ?? '',
    ]),
    ...result.totals.map((t) => [
      'Total',
      t.currency,
      t.bookings,
      t.participants,
      minorToDecimal(t.gross),
      minorToDecimal(t.canceled),
      minorToDecimal(t.refunds),
      minorToDecimal(t.net),
      '',
    ]),
  ]);

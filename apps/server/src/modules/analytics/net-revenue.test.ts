import { describe, expect, it } from 'vitest';
import { netRevenueMinor } from './net-revenue.ts';

describe('netRevenueMinor', () => {
  // [case, total after cancellations, paid, refunded, net]
  const cases: [string, number, number, number, number][] = [
    ['unpaid order: its worth', 11500, 0, 0, 11500],
    ['partly paid: its worth', 11500, 5000, 0, 11500],
    ['fully paid', 11500, 11500, 0, 11500],
    ['fully paid, €20 goodwill refund', 11500, 11500, 2000, 9500],
    ['fully paid, refunded in full (not canceled)', 11500, 11500, 11500, 0],
    ['partly paid, €20 goodwill refund', 11500, 5000, 2000, 9500],
    ['a €50 line canceled and refunded: not subtracted twice', 6500, 11500, 5000, 6500],
    ['a €50 line canceled, €40 refunded: the €10 fee kept counts', 6500, 11500, 4000, 7500],
    ['a €50 line canceled and refunded, then €5 goodwill', 6500, 11500, 5500, 6000],
    ['order canceled, refunded in full', 0, 11500, 11500, 0],
    ['order canceled, €15 fee kept', 0, 11500, 10000, 1500],
    ['order canceled, never paid', 0, 0, 0, 0],
    ['overpaid €130 of €115, €15 given back', 11500, 13000, 1500, 11500],
    ['overpaid and not given back: what was kept', 11500, 13000, 0, 13000],
  ];
  it.each(cases)('%s', (_, total, paid, refunded, net) => {
    expect(netRevenueMinor(total, paid, refunded)).toBe(net);
  });
});

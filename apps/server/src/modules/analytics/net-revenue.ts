/**
 * What an order is worth to the organization now (analytics' net revenue and the dashboard's month
 * revenue), in minor units. `totalMinor` is the order's total after cancellations; `paidMinor` and
 * `refundedMinor` the succeeded payments and refunds (money.ts `orderMoney`: a refund reduces what
 * was kept, it is never an unpaid balance).
 *
 * A refund first gives back what a cancellation left overpaid (paid − total); anything beyond that is
 * goodwill and lowers the order's worth. What was kept counts when it is more (a cancellation fee).
 * The database's `analytics_order_parts` (migration 0034) computes the same.
 */
export const netRevenueMinor = (totalMinor: number, paidMinor: number, refundedMinor: number) => {
  const goodwill = Math.max(0, refundedMinor - Math.max(0, paidMinor - totalMinor));
  return Math.max(totalMinor - goodwill, paidMinor - refundedMinor);
};

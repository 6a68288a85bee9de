import type { AnalyticsFigures } from '@excursio/contract/analytics';
import type { OrderDetail } from '@excursio/contract/orders';
import { netRevenueMinor } from './net-revenue.ts';

/**
 * The analytics computed the other way: from what the orders API says of each order (its lines,
 * their status and totals, the booking's participants, the payments), with the documented rule for
 * order-level money (spread over the lines by gross, floored, the remainder to the first line by id).
 */
export type LineFacts = { order: OrderDetail; line: OrderDetail['lines'][number] };

const spread = (amount: number, lines: OrderDetail['lines']) => {
  const sorted = [...lines].sort((a, b) => (a.id < b.id ? -1 : 1));
  const gross = sorted.reduce((s, l) => s + l.total, 0);
  const shares = sorted.map((l, i) => (gross > 0 ? Math.floor((amount * l.total) / gross) : i === 0 ? amount : 0));
  shares[0] += amount - shares.reduce((s, x) => s + x, 0);
  return new Map(sorted.map((l, i) => [l.id, shares[i]]));
};

export const expectedFigures = (orders: OrderDetail[], keyOf: (facts: LineFacts) => string) => {
  const out = new Map<string, AnalyticsFigures>();
  for (const order of orders) {
    const succeeded = order.payments.filter((p) => p.status === 'succeeded');
    const paid = succeeded.filter((p) => p.kind === 'payment').reduce((s, p) => s + p.amount, 0);
    const refunded = succeeded.filter((p) => p.kind === 'refund').reduce((s, p) => s + p.amount, 0);
    const refunds = spread(refunded, order.lines);
    const net = spread(netRevenueMinor(order.total, paid, refunded), order.lines);
    for (const line of order.lines) {
      const id = `${keyOf({ order, line })}|${order.currency}`;
      const f = out.get(id) ?? {
        currency: order.currency,
        bookings: 0,
        participants: 0,
        gross: 0,
        canceled: 0,
        refunds: 0,
        net: 0,
      };
      const active = line.status === 'active';
      f.bookings += active ? 1 : 0;
      f.participants += active ? (line.booking?.participants ?? 0) : 0;
      f.gross += line.total;
      f.canceled += active ? 0 : line.total;
      f.refunds += refunds.get(line.id) ?? 0;
      f.net += net.get(line.id) ?? 0;
      out.set(id, f);
    }
  }
  return out;
};

/** An API page's rows in the same map shape (key|currency → figures). */
export const figuresOf = (rows: (AnalyticsFigures & { key: string })[]) =>
  new Map(
    rows.map(({ key, currency, bookings, participants, gross, canceled, refunds, net }) => [
      `${key}|${currency}`,
      { currency, bookings, participants, gross, canceled, refunds, net },
    ]),
  );

/** A small deterministic generator (mulberry32), so a failing run can be repeated. */
export const seededRandom = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
};

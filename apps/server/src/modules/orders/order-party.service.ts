import type { ChangePartyInput } from '@excursio/contract/orders';
import type { Db, Executor } from '../../db/client.ts';
import type { PartyLine } from '../../db/schema/availability.ts';
import { invalid, notFound, refusedByState } from '../../http/app-error.ts';
import { bookingPartyOptions, changeBookingPartyInTx } from '../availability/booking-party.service.ts';
import { pricingCategoryNames } from '../pricing/pricing-categories.service.ts';
import { hoursBefore, orderMoney, proposedRefund } from './money.ts';
import { auditBooking, auditOrder } from './order-audit.ts';
import { restateOrder } from './order-money.service.ts';
import { cancellationPolicyOf } from './order-policies.repository.ts';
import { findOrder, linesOfOrder, lockOrder, type OrderRow, paymentsOfOrder, updateOrderLineTotal } from './orders.repository.ts';
import { afterCancel, type CancelOptions, cancelLines, orderDetail } from './orders.service.ts';

/**
 * A line's party changed in the back office (participants removed or added per pricing category).
 * Behind the order's lock, the availability engine changes the booking under its slot's lock (added
 * places taken as a reservation takes them, removed ones given back once) and prices it from the
 * booking's rate; the line and the order take the difference. What is removed is canceled through
 * the one cancellation path (`cancelLines` with the removed part): the same policy refund, bounds
 * and order bookkeeping as a line canceled whole.
 */

const partyText = (party: readonly PartyLine[], names: Map<string, string>) =>
  party.map((p) => `${names.get(p.pricing_category_id) ?? 'Participant'} × ${p.quantity}`).join(', ');

const auditParty = async (
  tx: Executor,
  accountId: string,
  order: OrderRow,
  title: string,
  change: Awaited<ReturnType<typeof changeBookingPartyInTx>>,
) => {
  const { before, after } = change;
  const ids = [...new Set([...before.party, ...after.party].map((p) => p.pricing_category_id))];
  const names = await pricingCategoryNames(tx, accountId, ids);
  const booking = { id: after.id, orderId: order.id, orderNumber: order.number, title };
  await auditBooking(
    tx,
    accountId,
    booking,
    { Party: partyText(before.party, names), Participants: String(before.participants) },
    { Party: partyText(after.party, names), Participants: String(after.participants) },
    'party changed',
  );
};

const sameParty = (
  a: readonly Pick<PartyLine, 'pricing_category_id' | 'quantity'>[],
  b: readonly Pick<PartyLine, 'pricing_category_id' | 'quantity'>[],
) =>
  a.length === b.length &&
  a.every((l) => b.some((m) => m.pricing_category_id === l.pricing_category_id && m.quantity === l.quantity));

export const changeOrderLineParty = async (
  db: Db,
  accountId: string,
  orderId: string,
  lineId: string,
  input: ChangePartyInput,
  now: Date,
  options: CancelOptions = {},
) => {
  const lines = input.party.map((p, at) => ({ pricingCategoryId: p.pricing_category_id, quantity: p.quantity, at }));
  const kept = lines.filter((l) => l.quantity > 0);
  if (kept.length === 0) {
    throw invalid('party', 'A booking needs at least one participant: to remove everyone, cancel the booking.', 'empty_party');
  }
  const result = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, accountId, orderId);
    if (!locked) throw notFound('This order does not exist.');
    if (locked.status === 'canceled') throw refusedByState('order_canceled', 'This order is canceled.');
    const all = await linesOfOrder(tx, accountId, orderId);
    const entry = all.find((l) => l.line.id === lineId);
    if (!entry) throw notFound('This order line does not exist.');
    if (entry.line.status === 'canceled') throw refusedByState('line_canceled', 'This line is canceled.');
    if (!entry.booking) throw refusedByState('no_booking', 'This line has no booking whose party could change.');
    // The party it already has (a repeated request): nothing to write, no place moves.
    const asked = kept.map((l) => ({ pricing_category_id: l.pricingCategoryId, quantity: l.quantity }));
    const sameGroup = input.group_size === undefined || input.group_size === entry.booking.participants;
    if (sameGroup && sameParty(entry.booking.party, asked)) return { order: locked, canceled: null, difference: 0 };
    const change = await changeBookingPartyInTx(
      tx,
      accountId,
      entry.booking.id,
      { lines: kept, groupSize: input.group_size ?? null },
      now,
    );
    const difference = change.after.totalMinor - change.before.totalMinor;
    await auditParty(tx, accountId, locked, entry.line.description, change);
    if (difference !== 0) await updateOrderLineTotal(tx, lineId, entry.line.totalMinor + difference);
    if (difference < 0) {
      const canceled = await cancelLines(tx, accountId, locked, all, lineId, now, { part: { removedMinor: -difference } });
      return { order: canceled.order, canceled, difference };
    }
    if (difference === 0) return { order: locked, canceled: null, difference };
    const updated = await restateOrder(tx, locked, { totalMinor: locked.totalMinor + difference });
    await auditOrder(tx, locked, updated);
    return { order: updated, canceled: null, difference };
  });
  // The removed part's refund is owed like a canceled line's: to the card now, or due (`afterCancel`).
  if (result.canceled) {
    const { canceledLineIds: _, ...after } = await afterCancel(db, accountId, result.canceled, options);
    return { ...after, difference: result.difference };
  }
  return {
    order: await orderDetail(db, accountId, result.order),
    proposed_refund: 0,
    refund: { amount: 0, way: 'none' as const },
    difference: result.difference,
  };
};

/**
 * GET …/lines/{id}/options/: the party the line may take (the engine's view of its rate and start)
 * and the policy's refund if it were canceled now — the figures `cancelLines` would propose, read
 * with the same rule (`proposedRefund`), nothing written.
 */
export const orderLineOptions = async (db: Db, accountId: string, orderId: string, lineId: string, now: Date) => {
  const order = await findOrder(db, accountId, orderId);
  if (!order) throw notFound('This order does not exist.');
  const entry = (await linesOfOrder(db, accountId, orderId)).find((l) => l.line.id === lineId);
  if (!entry) throw notFound('This order line does not exist.');
  if (!entry.booking) throw refusedByState('no_booking', 'This line has no booking whose party could change.');
  const options = await bookingPartyOptions(db, accountId, entry.booking.id, now);
  const policy = entry.line.experienceId ? await cancellationPolicyOf(db, accountId, entry.line.experienceId) : null;
  const hours = entry.startsAt ? hoursBefore(entry.startsAt.getTime(), now.getTime()) : 0;
  const refundable = orderMoney(order.totalMinor, await paymentsOfOrder(db, accountId, orderId)).refundableMinor;
  const share = proposedRefund(policy, entry.line.totalMinor, hours, refundable);
  return { ...options, refund_percent: share.percent, cancel_refund: entry.line.status === 'active' ? share.amountMinor : 0 };
};

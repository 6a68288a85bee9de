import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DueEntry,
  hoursBefore,
  type Movement,
  orderMoney,
  paymentProblem,
  proposedRefund,
  refundProblem,
  settledBy,
} from './money.ts';

const pay = (amountMinor: number, status: Movement['status'] = 'succeeded'): Movement => ({
  kind: 'payment',
  amountMinor,
  status,
});
const refund = (amountMinor: number, status: Movement['status'] = 'succeeded'): Movement => ({
  kind: 'refund',
  amountMinor,
  status,
});

const owed = (amountMinor: number): DueEntry => ({ kind: 'owed', amountMinor });
const settled = (amountMinor: number): DueEntry => ({ kind: 'settled', amountMinor });

describe('payment status of an order', () => {
  it.each([
    ['nothing recorded', 10_000, [], 'not_paid'],
    ['a failed card payment', 10_000, [pay(10_000, 'failed')], 'not_paid'],
    ['a pending card payment', 10_000, [pay(10_000, 'pending')], 'not_paid'],
    ['a deposit', 10_000, [pay(3_000)], 'partially_paid'],
    ['deposit and rest', 10_000, [pay(3_000), pay(7_000)], 'fully_paid'],
    ['overpaid', 10_000, [pay(12_000)], 'fully_paid'],
    ['paid, part refunded', 10_000, [pay(10_000), refund(2_500)], 'partially_refunded'],
    ['paid, all refunded', 10_000, [pay(10_000), refund(10_000)], 'refunded'],
    ['canceled line refunded: part of what was paid went back', 6_000, [pay(10_000), refund(4_000)], 'partially_refunded'],
    ['a free order', 0, [], 'fully_paid'],
  ] as const)('%s', (_, total, movements, status) => {
    expect(orderMoney(total, movements).status).toBe(status);
  });

  it.each([
    // [case, total, movements, dues, canceled, status, due, refund due]
    ['€115 paid in full, €20 goodwill refund', 11_500, [pay(11_500), refund(2_000)], [], false, 'partially_refunded', 0, 0],
    [
      'deposit, then a goodwill refund: still owes the rest',
      10_000,
      [pay(6_000), refund(1_000)],
      [],
      false,
      'partially_paid',
      4_000,
      0,
    ],
    ['paid, everything refunded while booked', 10_000, [pay(10_000), refund(10_000)], [], false, 'refunded', 0, 0],
    ['a line canceled, its refund owed', 9_500, [pay(11_500)], [owed(2_000)], false, 'refund_due', 0, 2_000],
    [
      'a line canceled, its refund made',
      9_500,
      [pay(11_500), refund(2_000)],
      [owed(2_000), settled(2_000)],
      false,
      'partially_refunded',
      0,
      0,
    ],
    [
      'half the owed refund made',
      9_500,
      [pay(11_500), refund(1_000)],
      [owed(2_000), settled(1_000)],
      false,
      'refund_due',
      0,
      1_000,
    ],
    ['canceled, everything owed', 0, [pay(8_500)], [owed(8_500)], true, 'refund_due', 0, 8_500],
    ['canceled, everything refunded', 0, [pay(8_500), refund(8_500)], [owed(8_500), settled(8_500)], true, 'refunded', 0, 0],
    ['canceled, refund on its way (pending)', 0, [pay(8_500), refund(8_500, 'pending')], [owed(8_500)], true, 'fully_paid', 0, 0],
    [
      'canceled, policy kept half',
      0,
      [pay(8_000), refund(4_000)],
      [owed(4_000), settled(4_000)],
      true,
      'partially_refunded',
      0,
      0,
    ],
    ['canceled, nothing paid', 0, [], [], true, 'not_paid', 0, 0],
    ['canceled, nothing refunded under the policy', 0, [pay(8_500)], [], true, 'fully_paid', 0, 0],
    [
      'a pending card payment counts against what is due',
      10_000,
      [pay(3_000), pay(7_000, 'pending')],
      [],
      false,
      'partially_paid',
      0,
      0,
    ],
    ['owed more than can still go back', 0, [pay(5_000), refund(4_000)], [owed(3_000)], true, 'refund_due', 0, 1_000],
  ] as const)('%s', (_, total, movements, dues, canceled, status, due, refundDue) => {
    const money = orderMoney(total, movements, { canceled, dues });
    expect({ status: money.status, due: money.dueMinor, refundDue: money.refundDueMinor }).toEqual({
      status,
      due,
      refundDue,
    });
  });

  it('a refund settles what is owed first, and a goodwill refund before a cancellation settles nothing of it', () => {
    expect(settledBy(3_000, [owed(2_000)])).toBe(2_000);
    expect(settledBy(500, [owed(2_000), settled(1_000)])).toBe(500);
    expect(settledBy(500, [])).toBe(0);
  });

  it('refuses a payment of more than is due, or any when nothing is', () => {
    const due = orderMoney(7_000, [pay(2_000)]);
    expect(paymentProblem(5_000, due, 'EUR')).toBeNull();
    expect(paymentProblem(6_000, due, 'EUR')).toBe('Only €50.00 is still due on this order: a payment cannot be more.');
    expect(paymentProblem(1, orderMoney(7_000, [pay(7_000), refund(1_000)]), 'EUR')).toBe(
      'Nothing is due on this order: there is no payment to record.',
    );
  });

  it('a canceled order that nothing was paid for is not paid (it costs 0 now, but is not free)', () => {
    expect(orderMoney(0, [], { canceled: true }).status).toBe('not_paid');
    expect(orderMoney(0, [pay(8_500)], { canceled: true }).status).toBe('fully_paid');
    expect(orderMoney(0, [pay(8_500), refund(8_500)], { canceled: true }).status).toBe('refunded');
  });

  it('keeps pending refunds out of what can still be refunded', () => {
    const money = orderMoney(10_000, [pay(10_000), refund(2_000), refund(3_000, 'pending')]);
    expect(money).toMatchObject({ paidMinor: 10_000, refundedMinor: 2_000, netMinor: 8_000, refundableMinor: 5_000 });
  });

  it('refuses amounts that are not positive whole minor units', () => {
    expect(() => orderMoney(100, [pay(0)])).toThrow(RangeError);
    expect(() => orderMoney(100, [pay(1.5)])).toThrow(RangeError);
  });

  it('never lets recorded refunds exceed what was paid, whatever the sequence of requests', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ pay: fc.integer({ min: 1, max: 50_000 }) }),
            fc.record({ refund: fc.integer({ min: 1, max: 50_000 }) }),
          ),
        ),
        (requests) => {
          const movements: Movement[] = [];
          for (const r of requests) {
            if ('pay' in r) movements.push(pay(r.pay));
            else if (refundProblem(r.refund, orderMoney(20_000, movements)) === null) movements.push(refund(r.refund));
          }
          const money = orderMoney(20_000, movements);
          expect(money.refundedMinor).toBeLessThanOrEqual(money.paidMinor);
          expect(money.netMinor).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('refund proposed by a cancellation policy', () => {
  const policy = {
    tiers: [
      { hours_before: 48, refund_percent: 100 },
      { hours_before: 24, refund_percent: 50 },
      { hours_before: 0, refund_percent: 0 },
    ],
  };
  const start = Date.parse('2026-12-10T10:00:00Z');

  it('counts whole hours before the start, and none after it', () => {
    expect(hoursBefore(start, Date.parse('2026-12-08T10:00:00Z'))).toBe(48);
    expect(hoursBefore(start, Date.parse('2026-12-08T10:00:01Z'))).toBe(47);
    expect(hoursBefore(start, Date.parse('2026-12-10T11:00:00Z'))).toBe(0);
  });

  it.each([
    [72, 100, 9_000],
    [48, 100, 9_000],
    [47, 50, 4_500],
    [24, 50, 4_500],
    [23, 0, 0],
  ])('%i hours before: %i %% of the line', (hours, percent, amount) => {
    expect(proposedRefund(policy, 9_000, hours, 20_000)).toEqual({ percent, amountMinor: amount });
  });

  it('rounds down to the minor unit and never proposes more than can still be refunded', () => {
    expect(proposedRefund({ tiers: [{ hours_before: 0, refund_percent: 33 }] }, 1_001, 5, 10_000).amountMinor).toBe(330);
    expect(proposedRefund(policy, 9_000, 72, 2_000)).toEqual({ percent: 100, amountMinor: 2_000 });
    expect(proposedRefund(policy, 9_000, 72, 0).amountMinor).toBe(0);
  });

  it('proposes nothing without a policy', () => {
    expect(proposedRefund(null, 9_000, 100, 9_000)).toEqual({ percent: 0, amountMinor: 0 });
  });
});

describe('refunds an operator may record', () => {
  it('accepts up to what was paid and not yet refunded, never more', () => {
    const money = orderMoney(10_000, [pay(6_000), refund(1_000)]);
    expect(refundProblem(5_000, money)).toBeNull();
    expect(refundProblem(5_001, money)).toMatch(/cannot be more than what was paid/);
    expect(refundProblem(0, money)).toMatch(/positive/);
    expect(refundProblem(-5, money)).toMatch(/positive/);
  });
});

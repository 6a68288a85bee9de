import { describe, expect, it } from 'vitest';
import { bookingQuestionInput, bookingQuestionPatchInput, cancellationPolicyInput, refundPercent } from './booking-info.ts';

const policy = {
  tiers: [
    { hours_before: 24, refund_percent: 50 },
    { hours_before: 72, refund_percent: 100 },
    { hours_before: 2, refund_percent: 10 },
  ],
};

describe('refundPercent', () => {
  it('takes the tier of the most hours the cancellation still meets, whatever the stored order', () => {
    expect(refundPercent(policy, 200)).toBe(100);
    expect(refundPercent(policy, 72)).toBe(100);
    expect(refundPercent(policy, 71.9)).toBe(50);
    expect(refundPercent(policy, 24)).toBe(50);
    expect(refundPercent(policy, 23)).toBe(10);
    expect(refundPercent(policy, 2)).toBe(10);
  });

  it('refunds nothing below the last tier, after the start, or without tiers', () => {
    expect(refundPercent(policy, 1)).toBe(0);
    expect(refundPercent(policy, -5)).toBe(0);
    expect(refundPercent({ tiers: [] }, 1000)).toBe(0);
  });

  it('treats a 0-hour tier as "until the start"', () => {
    expect(refundPercent({ tiers: [{ hours_before: 0, refund_percent: 100 }] }, 0)).toBe(100);
    expect(refundPercent({ tiers: [{ hours_before: 0, refund_percent: 100 }] }, -0.1)).toBe(0);
  });

  it('does not reorder the policy it is given', () => {
    const copy = structuredClone(policy);
    refundPercent(copy, 30);
    expect(copy).toEqual(policy);
  });
});

describe('cancellation policy tiers', () => {
  const parse = (tiers: unknown) => cancellationPolicyInput.safeParse({ name: 'P', tiers });

  it('sorts tiers by hours, highest first', () => {
    expect(parse(policy.tiers).data?.tiers?.map((t) => t.hours_before)).toEqual([72, 24, 2]);
  });

  it('refuses repeated hours, percentages outside 0–100, negative hours, and later tiers refunding more', () => {
    for (const tiers of [
      [
        { hours_before: 24, refund_percent: 50 },
        { hours_before: 24, refund_percent: 40 },
      ],
      [{ hours_before: 24, refund_percent: 150 }],
      [{ hours_before: -1, refund_percent: 50 }],
      [
        { hours_before: 48, refund_percent: 50 },
        { hours_before: 24, refund_percent: 100 },
      ],
    ]) {
      expect(parse(tiers).success, JSON.stringify(tiers)).toBe(false);
    }
    expect(
      parse([
        { hours_before: 48, refund_percent: 50 },
        { hours_before: 24, refund_percent: 50 },
      ]).success,
    ).toBe(true);
  });
});

describe('booking question options', () => {
  const experience_id = '01900000-0000-7000-8000-000000000000';
  const ok = (body: object) => bookingQuestionInput.safeParse({ experience_id, question: 'Q?', ...body }).success;

  it('needs two distinct options for a choice and none for other types', () => {
    expect(ok({ answer_type: 'select', options: ['S', 'M'] })).toBe(true);
    expect(ok({ answer_type: 'select', options: ['S'] })).toBe(false);
    expect(ok({ answer_type: 'select' })).toBe(false);
    expect(ok({ answer_type: 'select', options: ['S', ' s '] })).toBe(false);
    expect(ok({ answer_type: 'text', options: ['S', 'M'] })).toBe(false);
    expect(ok({ options: ['S', 'M'] })).toBe(false);
    expect(ok({ answer_type: 'yes_no', options: [] })).toBe(true);
  });

  it('checks a patch on its own only as far as it goes (the server checks the merged question)', () => {
    expect(bookingQuestionPatchInput.safeParse({ options: ['S', 'M'] }).success).toBe(true);
    expect(bookingQuestionPatchInput.safeParse({ answer_type: 'select' }).success).toBe(true);
    expect(bookingQuestionPatchInput.safeParse({ answer_type: 'select', options: ['S'] }).success).toBe(false);
    expect(bookingQuestionPatchInput.safeParse({ answer_type: 'number', options: ['S', 'M'] }).success).toBe(false);
  });
});

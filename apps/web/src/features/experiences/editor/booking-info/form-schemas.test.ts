import { cancellationPolicyInput } from '@excursio/contract/booking-info';
import { describe, expect, it } from 'vitest';
import { policySchema, questionSchema, TIER_MESSAGES } from './form-schemas.ts';

const policy = (tiers: { hours_before: number; refund_percent: number }[]) => ({ name: 'Flexible', description: '', tiers });
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('policy form schema', () => {
  it('accepts what the contract accepts', () => {
    const tiers = [
      { hours_before: 24, refund_percent: 100 },
      { hours_before: 6, refund_percent: 50 },
    ];
    expect(policySchema.safeParse(policy(tiers)).success).toBe(true);
    expect(cancellationPolicyInput.safeParse(policy(tiers)).success).toBe(true);
    expect(policySchema.safeParse(policy([])).success).toBe(true);
  });

  it('names the row with duplicate hours', () => {
    const tiers = [
      { hours_before: 24, refund_percent: 100 },
      { hours_before: 24, refund_percent: 100 },
    ];
    expect(issues(policySchema.safeParse(policy(tiers)))).toEqual([`tiers.1.hours_before: ${TIER_MESSAGES.duplicate}`]);
    expect(cancellationPolicyInput.safeParse(policy(tiers)).success).toBe(false);
  });

  it('refuses refunds that rise closer to the start, like the contract', () => {
    const tiers = [
      { hours_before: 6, refund_percent: 100 },
      { hours_before: 24, refund_percent: 50 },
    ];
    expect(issues(policySchema.safeParse(policy(tiers)))).toEqual([`tiers.0.refund_percent: ${TIER_MESSAGES.rising}`]);
    expect(cancellationPolicyInput.safeParse(policy(tiers)).success).toBe(false);
  });

  it('keeps percentages within 0–100 and asks for a number in an emptied field', () => {
    expect(policySchema.safeParse(policy([{ hours_before: 1, refund_percent: 101 }])).success).toBe(false);
    expect(policySchema.safeParse(policy([{ hours_before: -1, refund_percent: 10 }])).success).toBe(false);
    expect(issues(policySchema.safeParse(policy([{ hours_before: Number.NaN, refund_percent: 10 }])))).toEqual([
      'tiers.0.hours_before: Enter the hours.',
    ]);
    expect(
      policySchema.safeParse(policy(Array.from({ length: 11 }, (_, i) => ({ hours_before: i, refund_percent: 0 })))).success,
    ).toBe(false);
  });
});

describe('booking question form schema', () => {
  const base = { question: 'Allergies?', scope: 'booking' as const, required: false };
  it('needs two distinct, non-empty options for a choice', () => {
    expect(issues(questionSchema.safeParse({ ...base, answer_type: 'select', options: [{ value: 'A' }] }))).toEqual([
      'options: A choice question needs at least two options.',
    ]);
    expect(
      issues(
        questionSchema.safeParse({
          ...base,
          answer_type: 'select',
          options: [{ value: 'Vegan' }, { value: ' vegan' }, { value: '' }],
        }),
      ),
    ).toEqual(['options.2.value: Enter the option or remove it.', 'options.1.value: Each option may appear only once.']);
    expect(questionSchema.safeParse({ ...base, answer_type: 'select', options: [{ value: 'A' }, { value: 'B' }] }).success).toBe(
      true,
    );
  });

  it('ignores leftover option rows of other types (they are not saved)', () => {
    expect(questionSchema.safeParse({ ...base, answer_type: 'text', options: [{ value: '' }] }).success).toBe(true);
    expect(questionSchema.safeParse({ ...base, question: '  ', answer_type: 'text', options: [] }).success).toBe(false);
  });
});

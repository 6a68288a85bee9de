import { QUESTION_SCOPES, QUESTION_TYPES } from '@excursio/contract/booking-info';
import { shortText, title } from '@excursio/contract/catalog-common';
import { z } from 'zod';

// Form schemas of the booking-info modals: the contract's rules, with errors on the row that breaks them.

/** The contract's wording of its tier rules. */
export const TIER_MESSAGES = {
  duplicate: 'Each tier needs its own number of hours before the start.',
  rising: 'A later cancellation cannot refund more than an earlier one.',
};

export const MAX_TIERS = 10;
const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter ${label}.` })
    .int({ error: 'Use a whole number.' })
    .min(min, { error: `Ensure this value is greater than or equal to ${min}.` })
    .max(max, { error: `Ensure this value is less than or equal to ${max}.` });

export const tierRows = z
  .array(z.object({ hours_before: whole('the hours', 0, 100_000), refund_percent: whole('a percentage', 0, 100) }))
  .max(MAX_TIERS)
  .superRefine((tiers, ctx) => {
    tiers.forEach((tier, index) => {
      if (tiers.findIndex((t) => t.hours_before === tier.hours_before) !== index) {
        ctx.addIssue({ code: 'custom', path: [index, 'hours_before'], message: TIER_MESSAGES.duplicate });
      }
      // Any tier further from the start (more hours) must refund at least as much as this one.
      if (tiers.some((t) => t.hours_before > tier.hours_before && t.refund_percent < tier.refund_percent)) {
        ctx.addIssue({ code: 'custom', path: [index, 'refund_percent'], message: TIER_MESSAGES.rising });
      }
    });
  });

/** Mirrors the contract: 0–100 %, whole hours, each number of hours once, refunds never rise closer to the start, at most ten tiers. */
export const policySchema = z.object({ name: title, description: shortText(2000), tiers: tierRows });

type Scope = (typeof QUESTION_SCOPES)[number];
type AnswerType = (typeof QUESTION_TYPES)[number];
export const SCOPE_LABELS: Record<Scope, string> = { booking: 'Per booking', participant: 'Per participant' };
export const ANSWER_TYPE_LABELS: Record<AnswerType, string> = {
  text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  yes_no: 'Yes / no',
  select: 'Choice from a list',
};
export const MAX_OPTIONS = 50;

/** Options are rows ({ value }) for the field array; only a choice question keeps them. */
export const questionSchema = z
  .object({
    question: z.string().trim().min(1, { error: 'This field may not be blank.' }).max(500),
    scope: z.enum(QUESTION_SCOPES),
    answer_type: z.enum(QUESTION_TYPES),
    options: z.array(z.object({ value: z.string() })),
    required: z.boolean(),
  })
  .refine((v) => v.answer_type !== 'select' || v.options.length >= 2, {
    error: 'A choice question needs at least two options.',
    path: ['options'],
  })
  .superRefine((v, ctx) => {
    // Only a choice question keeps its options (other types save none), so only then are they checked.
    if (v.answer_type !== 'select') return;
    if (v.options.length > MAX_OPTIONS)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `At most ${MAX_OPTIONS} options.` });
    v.options.forEach((o, index) => {
      const text = o.value.trim();
      if (text === '')
        ctx.addIssue({ code: 'custom', path: ['options', index, 'value'], message: 'Enter the option or remove it.' });
      if (text.length > 200)
        ctx.addIssue({ code: 'custom', path: ['options', index, 'value'], message: 'At most 200 characters.' });
    });
    const seen = v.options.map((o) => o.value.trim().toLowerCase());
    seen.forEach((option, index) => {
      if (option !== '' && seen.indexOf(option) !== index) {
        ctx.addIssue({ code: 'custom', path: ['options', index, 'value'], message: 'Each option may appear only once.' });
      }
    });
  });

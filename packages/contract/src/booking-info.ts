import { z } from 'zod';
import { count, latitude, longitude, shortText, title } from './catalog-common.ts';
import { id, timestamp } from './common.ts';

// Meeting points: reusable across the offers of an account.
const meetingPointFields = {
  name: title,
  address: shortText(300),
  latitude: latitude.nullable(),
  longitude: longitude.nullable(),
  instructions: shortText(2000),
};
export const meetingPointInput = z.strictObject(meetingPointFields).partial().required({ name: true });
export const meetingPointPatchInput = z.strictObject(meetingPointFields).partial();
export const meetingPoint = z.object({
  id,
  name: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  instructions: z.string(),
  created_at: timestamp,
});
export type MeetingPoint = z.infer<typeof meetingPoint>;
export const MEETING_POINT_ORDERING = ['name', 'created_at'] as const;

// Cancellation policies: refund tiers by hours before the start.
export const refundTier = z.strictObject({
  hours_before: count(0),
  refund_percent: z.number().int().min(0).max(100),
});
/** Sorted by hours before the start, highest first (the order tiers are stored and shown in). */
const byHoursDesc = <T extends { hours_before: number }>(list: T[]) => [...list].sort((a, b) => b.hours_before - a.hours_before);
const tiers = z
  .array(refundTier)
  .max(10)
  .refine((list) => new Set(list.map((t) => t.hours_before)).size === list.length, {
    error: 'Each tier needs its own number of hours before the start.',
  })
  // A later cancellation never gets more money back than an earlier one.
  .refine((list) => byHoursDesc(list).every((t, i, all) => i === 0 || t.refund_percent <= all[i - 1].refund_percent), {
    error: 'A later cancellation cannot refund more than an earlier one.',
  })
  .transform((list) => [...list].sort((a, b) => b.hours_before - a.hours_before));
const policyFields = { name: title, description: shortText(2000), tiers };
export const cancellationPolicyInput = z.strictObject(policyFields).partial().required({ name: true });
export const cancellationPolicyPatchInput = z.strictObject(policyFields).partial();
export const cancellationPolicy = z.object({
  id,
  name: z.string(),
  description: z.string(),
  tiers: z.array(z.object({ hours_before: z.number().int(), refund_percent: z.number().int() })),
  created_at: timestamp,
});
export type CancellationPolicy = z.infer<typeof cancellationPolicy>;
export const CANCELLATION_POLICY_ORDERING = ['name', 'created_at'] as const;

/** Refund share (0–100) for a cancellation made `hoursBefore` hours before the start. */
export const refundPercent = (policy: { tiers: { hours_before: number; refund_percent: number }[] }, hoursBefore: number) =>
  byHoursDesc(policy.tiers).find((t) => hoursBefore >= t.hours_before)?.refund_percent ?? 0;

// Booking questions: per offer, asked once per booking or per participant.
export const QUESTION_SCOPES = ['booking', 'participant'] as const;
export const QUESTION_TYPES = ['text', 'long_text', 'number', 'date', 'yes_no', 'select'] as const;
const questionFields = {
  experience_id: id,
  question: z.string().trim().min(1, { error: 'This field may not be blank.' }).max(500),
  scope: z.enum(QUESTION_SCOPES),
  answer_type: z.enum(QUESTION_TYPES),
  options: z
    .array(z.string().trim().min(1, { error: 'This field may not be blank.' }).max(200))
    .max(50)
    .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, {
      error: 'Each option may appear only once.',
    }),
  required: z.boolean(),
  position: count(0),
};
const selectNeedsOptions = (v: { answer_type?: string; options?: string[] }) =>
  v.answer_type !== 'select' || v.options === undefined || v.options.length >= 2;
const selectError = { error: 'A choice question needs at least two options.', path: ['options'] };
/** Options belong to choice questions only (an absent type is 'text'). */
const optionsOnlyForSelect = (v: { answer_type?: string; options?: string[] }) =>
  (v.answer_type ?? 'text') === 'select' || (v.options?.length ?? 0) === 0;
export const OPTIONS_ONLY_FOR_SELECT = 'Only choice questions have options.';
const optionsError = { error: OPTIONS_ONLY_FOR_SELECT, path: ['options'] };
export const bookingQuestionInput = z
  .strictObject(questionFields)
  .partial()
  .required({ experience_id: true, question: true })
  .refine((v) => v.answer_type !== 'select' || (v.options?.length ?? 0) >= 2, selectError)
  .refine(optionsOnlyForSelect, optionsError);
const { experience_id: _e, ...questionPatchFields } = questionFields;
/** A patch is checked against the stored question too (the server merges, then applies the same rules). */
export const bookingQuestionPatchInput = z
  .strictObject(questionPatchFields)
  .partial()
  .refine(selectNeedsOptions, selectError)
  .refine((v) => v.answer_type === undefined || optionsOnlyForSelect(v), optionsError);
export const bookingQuestion = z.object({
  id,
  experience_id: id,
  question: z.string(),
  scope: z.enum(QUESTION_SCOPES),
  answer_type: z.enum(QUESTION_TYPES),
  options: z.array(z.string()),
  required: z.boolean(),
  position: z.number().int(),
  created_at: timestamp,
});
export type BookingQuestion = z.infer<typeof bookingQuestion>;

// Agenda items: the itinerary of an offer.
const agendaFields = {
  experience_id: id,
  title,
  description: shortText(2000),
  duration_minutes: count(1).nullable(),
  position: count(0),
};
export const agendaItemInput = z.strictObject(agendaFields).partial().required({ experience_id: true, title: true });
const { experience_id: _a, ...agendaPatchFields } = agendaFields;
export const agendaItemPatchInput = z.strictObject(agendaPatchFields).partial();
export const agendaItem = z.object({
  id,
  experience_id: id,
  title: z.string(),
  description: z.string(),
  duration_minutes: z.number().int().nullable(),
  position: z.number().int(),
  created_at: timestamp,
});
export type AgendaItem = z.infer<typeof agendaItem>;

/** Per-offer resources list with `experience` as a filter, in `position` order by default. */
export const perExperienceFilters = { experience: id.optional() };
export const PER_EXPERIENCE_ORDERING = ['position', 'created_at'] as const;

import { z } from 'zod';
import {
  choiceFilter,
  count,
  currency,
  latitude,
  longitude,
  longText,
  shortText,
  textList,
  timeZone,
  title,
} from './catalog-common.ts';
import { id, timestamp } from './common.ts';

export const EXPERIENCE_TYPES = ['rental', 'ticket', 'transfer'] as const;
export type ExperienceType = (typeof EXPERIENCE_TYPES)[number];
export const EXPERIENCE_TYPE_LABELS: Record<ExperienceType, string> = {
  rental: 'Rental',
  ticket: 'Ticket & Passes',
  transfer: 'Transfer',
};
export const ACTIVATION_STATUSES = ['draft', 'active', 'inactive'] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];
export const ACTIVATION_STATUS_LABELS: Record<ActivationStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  inactive: 'Inactive',
};
export const CONFIRMATION_MODES = ['instant', 'on_request'] as const;
export const VISIBILITIES = ['public', 'private'] as const;

/** The editor steps, in order (specification §2). */
export const EDITOR_STEPS = ['basic-info', 'description', 'pricing', 'media', 'settings', 'booking-info', 'preview'] as const;
export type EditorStep = (typeof EDITOR_STEPS)[number];

const language = z.string().regex(/^[a-z]{2}$/, { error: 'Use a two-letter language code.' });

/** Every writable field of an offer. POST needs type and title; PATCH takes any subset. */
const experienceFields = {
  type: z.enum(EXPERIENCE_TYPES),
  title,
  category: shortText(60),
  subcategory: shortText(60),
  address: shortText(300),
  city: shortText(120),
  country_code: z.string().regex(/^([A-Z]{2})?$/, { error: 'Use a two-letter ISO country code.' }),
  latitude: latitude.nullable(),
  longitude: longitude.nullable(),
  duration_minutes: count(1).nullable(),
  languages: z.array(language).max(30),
  min_group_size: count(1),
  max_group_size: count(1).nullable(),
  time_zone: timeZone,
  currency,
  is_open_dated: z.boolean(),
  /** Open-dated passes: places per day (null = no daily limit). */
  daily_capacity: count(1).nullable(),
  /** Per-group rates: a booked group takes one place instead of one per person. */
  group_takes_one_place: z.boolean(),
  short_description: shortText(500),
  description: longText,
  highlights: textList,
  included: textList,
  not_included: textList,
  what_to_bring: textList,
  important_information: longText,
  booking_cutoff_minutes: count(0),
  confirmation_mode: z.enum(CONFIRMATION_MODES),
  visibility: z.enum(VISIBILITIES),
  meeting_point_id: id.nullable(),
  cancellation_policy_id: id.nullable(),
  status: z.enum(ACTIVATION_STATUSES),
};

export const experienceCreateInput = z.strictObject(experienceFields).partial().required({ type: true, title: true });
export const experiencePatchInput = z.strictObject(experienceFields).partial();
/** PUT: the whole editable record. */
export const experiencePutInput = z.strictObject(experienceFields).partial({ status: true });
export type ExperienceCreateInput = z.infer<typeof experienceCreateInput>;
export type ExperiencePatchInput = z.infer<typeof experiencePatchInput>;

export const experienceImage = z.object({
  id,
  position: z.number().int(),
  alt_text: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** variant name (thumb, medium, large) → URL */
  urls: z.record(z.string(), z.string()),
});

export const experience = z.object({
  id,
  type: z.enum(EXPERIENCE_TYPES),
  status: z.enum(ACTIVATION_STATUSES),
  title: z.string(),
  category: z.string(),
  subcategory: z.string(),
  address: z.string(),
  city: z.string(),
  country_code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  duration_minutes: z.number().int().nullable(),
  languages: z.array(z.string()),
  min_group_size: z.number().int(),
  max_group_size: z.number().int().nullable(),
  time_zone: z.string(),
  currency: z.string(),
  is_open_dated: z.boolean(),
  daily_capacity: z.number().int().nullable(),
  group_takes_one_place: z.boolean(),
  short_description: z.string(),
  description: z.string(),
  highlights: z.array(z.string()),
  included: z.array(z.string()),
  not_included: z.array(z.string()),
  what_to_bring: z.array(z.string()),
  important_information: z.string(),
  booking_cutoff_minutes: z.number().int(),
  confirmation_mode: z.enum(CONFIRMATION_MODES),
  visibility: z.enum(VISIBILITIES),
  meeting_point_id: id.nullable(),
  cancellation_policy_id: id.nullable(),
  images: z.array(experienceImage),
  /**
   * The "from" price in minor units: the lowest Adult-type price of the rates, or, when no Adult
   * category is priced, the lowest price of any category. Null without a priced rate.
   */
  from_price: z.number().int().nullable(),
  /** The pricing category `from_price` is the price of (e.g. 'Adult'). */
  from_price_category: z.string().nullable(),
  rates_count: z.number().int(),
  start_times_count: z.number().int(),
  /** What is missing before the offer can go Active (empty = sellable). */
  publish_problems: z.array(z.object({ attr: z.string(), detail: z.string() })),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Experience = z.infer<typeof experience>;

/** Overview rows: the offer without its long texts. */
export const experienceListItem = experience
  .pick({
    id: true,
    type: true,
    status: true,
    title: true,
    category: true,
    subcategory: true,
    city: true,
    currency: true,
    from_price: true,
    from_price_category: true,
    duration_minutes: true,
    created_at: true,
    updated_at: true,
  })
  .extend({ thumbnail_url: z.string().nullable() });
export type ExperienceListItem = z.infer<typeof experienceListItem>;

export const experienceListFilters = {
  status: choiceFilter(ACTIVATION_STATUSES, ACTIVATION_STATUS_LABELS),
  type: choiceFilter(EXPERIENCE_TYPES, EXPERIENCE_TYPE_LABELS),
};
export const EXPERIENCE_ORDERING = ['title', 'created_at', 'updated_at', 'status', 'type'] as const;

export const reorderImagesInput = z.strictObject({
  /** The offer's image ids in their new order: every attached image exactly once. */
  image_ids: z.array(id).max(200),
});

/** `/api/experience-options/`: what the basic-info step offers to choose from. */
export const experienceOptions = z.object({
  types: z.array(z.object({ value: z.enum(EXPERIENCE_TYPES), label: z.string() })),
  categories: z.array(
    z.object({
      value: z.string(),
      label: z.string(),
      subcategories: z.array(z.object({ value: z.string(), label: z.string() })),
    }),
  ),
  languages: z.array(z.object({ value: z.string(), label: z.string() })),
  time_zones: z.array(z.string()),
  currencies: z.array(z.string()),
});
export type ExperienceOptions = z.infer<typeof experienceOptions>;

const sub = (...labels: string[]) =>
  labels.map((label) => ({
    value: label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/(^-|-$)/g, ''),
    label,
  }));
export const EXPERIENCE_CATEGORIES = [
  {
    value: 'tours',
    label: 'Tours',
    subcategories: sub('City tours', 'Walking tours', 'Bike tours', 'Food tours', 'Day trips', 'Multi-day tours'),
  },
  {
    value: 'activities',
    label: 'Activities',
    subcategories: sub('Outdoor', 'Water sports', 'Adventure', 'Classes & workshops', 'Wellness'),
  },
  {
    value: 'attractions',
    label: 'Attractions',
    subcategories: sub('Museums', 'Theme parks', 'Zoos & aquariums', 'Landmarks', 'Shows & events'),
  },
  { value: 'rentals', label: 'Rentals', subcategories: sub('Bikes', 'Boats', 'Cars', 'Scooters', 'Equipment') },
  { value: 'transfers', label: 'Transfers', subcategories: sub('Airport transfers', 'Private transfers', 'Shuttles', 'Ferries') },
  { value: 'passes', label: 'Tickets & passes', subcategories: sub('City passes', 'Transport passes', 'Entry tickets') },
] as const;

export type PublishFacts = {
  type: ExperienceType;
  is_open_dated: boolean;
  title: string;
  description: string;
  images_count: number;
  priced_rates_count: number;
  start_times_count: number;
};

/**
 * Going Active needs a sellable offer. Returns what is missing, field by field (empty = sellable).
 * Open-dated passes (a ticket valid any day) need no start times.
 */
export const publishProblems = (o: PublishFacts): { attr: string; detail: string }[] => {
  const problems: { attr: string; detail: string }[] = [];
  if (o.title.trim() === '') problems.push({ attr: 'title', detail: 'Add a title.' });
  if (o.description.trim() === '') problems.push({ attr: 'description', detail: 'Add a description.' });
  if (o.images_count === 0) problems.push({ attr: 'images', detail: 'Upload at least one image.' });
  if (o.priced_rates_count === 0) problems.push({ attr: 'rates', detail: 'Add at least one rate with a price.' });
  const openDated = o.type === 'ticket' && o.is_open_dated;
  if (!openDated && o.start_times_count === 0) problems.push({ attr: 'start_times', detail: 'Add at least one start time.' });
  return problems;
};

/** The wording of a category value and of a subcategory value ('' when unknown or empty). */
export const categoryLabels = (category: string, subcategory: string) => {
  const found = EXPERIENCE_CATEGORIES.find((c) => c.value === category);
  return {
    category: found?.label ?? category,
    subcategory: found?.subcategories.find((s) => s.value === subcategory)?.label ?? subcategory,
  };
};

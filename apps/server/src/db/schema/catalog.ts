import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, pk, updatedAt } from './columns.ts';

/** Where an offer starts; reusable across offers of the account. */
export const meetingPoints = pgTable(
  'meeting_points',
  {
    id: pk(),
    accountId: accountId(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    instructions: text('instructions').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('meeting_points_account_idx').on(t.accountId, t.name)],
);

/** Refund tiers by hours before the start: `[{hours_before, refund_percent}]`, highest hours first. */
export const cancellationPolicies = pgTable(
  'cancellation_policies',
  {
    id: pk(),
    accountId: accountId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tiers: jsonb('tiers').$type<{ hours_before: number; refund_percent: number }[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cancellation_policies_account_idx').on(t.accountId, t.name)],
);

/** An offer. The UI says 'offer'; the API says experience. */
export const experiences = pgTable(
  'experiences',
  {
    id: pk(),
    accountId: accountId(),
    type: text('type', { enum: ['rental', 'ticket', 'transfer'] }).notNull(),
    status: text('status', { enum: ['draft', 'active', 'inactive'] })
      .notNull()
      .default('draft'),
    title: text('title').notNull(),
    category: text('category').notNull().default(''),
    subcategory: text('subcategory').notNull().default(''),
    // Location of the activity itself (the meeting point may differ).
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    countryCode: text('country_code').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    durationMinutes: integer('duration_minutes'),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    minGroupSize: integer('min_group_size').notNull().default(1),
    maxGroupSize: integer('max_group_size'),
    timeZone: text('time_zone').notNull().default('UTC'),
    currency: text('currency').notNull().default('EUR'),
    // Passes valid on any day inside the rate's validity: no start times needed.
    isOpenDated: boolean('is_open_dated').notNull().default(false),
    /** Open-dated passes: places per day (null = no daily limit). */
    dailyCapacity: integer('daily_capacity'),
    /** Per-group rates: a booked group takes one place instead of one per person. */
    groupTakesOnePlace: boolean('group_takes_one_place').notNull().default(false),
    // Description sections.
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    highlights: text('highlights').array().notNull().default(sql`'{}'::text[]`),
    included: text('included').array().notNull().default(sql`'{}'::text[]`),
    notIncluded: text('not_included').array().notNull().default(sql`'{}'::text[]`),
    whatToBring: text('what_to_bring').array().notNull().default(sql`'{}'::text[]`),
    importantInformation: text('important_information').notNull().default(''),
    // Settings.
    bookingCutoffMinutes: integer('booking_cutoff_minutes').notNull().default(0),
    confirmationMode: text('confirmation_mode', { enum: ['instant', 'on_request'] })
      .notNull()
      .default('instant'),
    visibility: text('visibility', { enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    // Booking info.
    meetingPointId: uuid('meeting_point_id').references(() => meetingPoints.id, { onDelete: 'set null' }),
    cancellationPolicyId: uuid('cancellation_policy_id').references(() => cancellationPolicies.id, {
      onDelete: 'set null',
    }),
    /** What the overview search matches, kept by PostgreSQL itself; trigram-indexed. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${experiences.title} || ' ' || ${experiences.city} || ' ' || ${experiences.category})`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('experiences_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('experiences_account_created_idx').on(t.accountId, t.createdAt),
    index('experiences_account_status_type_idx').on(t.accountId, t.status, t.type),
    index('experiences_account_title_idx').on(t.accountId, t.title),
  ],
);

/** Customer types (FareHarbor) / pricing categories (Bókun), shared by the offers of an account. */
export const pricingCategories = pgTable(
  'pricing_categories',
  {
    id: pk(),
    accountId: accountId(),
    name: text('name').notNull(),
    type: text('type', {
      enum: ['child', 'adult', 'teenager', 'infant', 'senior', 'group', 'transportation', 'amenity', 'ticket', 'pass', 'other'],
    }).notNull(),
    minAge: smallint('min_age'),
    maxAge: smallint('max_age'),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('pricing_categories_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

/** A rate of one offer: validity, participant bounds, and a price per pricing category. */
export const pricingRates = pgTable(
  'pricing_rates',
  {
    id: pk(),
    accountId: accountId(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    pricingMode: text('pricing_mode', { enum: ['per_person', 'per_group'] })
      .notNull()
      .default('per_person'),
    minParticipants: integer('min_participants').notNull().default(1),
    maxParticipants: integer('max_participants'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pricing_rates_account_experience_idx').on(t.accountId, t.experienceId)],
);

/** Money in minor units of the offer's currency. */
export const pricingRatePrices = pgTable(
  'pricing_rate_prices',
  {
    accountId: accountId(),
    rateId: uuid('rate_id')
      .notNull()
      .references(() => pricingRates.id, { onDelete: 'cascade' }),
    pricingCategoryId: uuid('pricing_category_id')
      .notNull()
      .references(() => pricingCategories.id, { onDelete: 'restrict' }),
    priceMinor: integer('price_minor').notNull(),
    netPriceMinor: integer('net_price_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.rateId, t.pricingCategoryId] }),
    index('pricing_rate_prices_category_idx').on(t.accountId, t.pricingCategoryId),
  ],
);

/**
 * One line of an offer's schedule: a local wall time (HH:mm, in the offer's time zone) on the
 * given ISO weekdays (1 = Monday) between two dates. The availability issue expands these into slots.
 */
export const startTimes = pgTable(
  'start_times',
  {
    id: pk(),
    accountId: accountId(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    time: text('time').notNull(),
    weekdays: smallint('weekdays').array().notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }),
    capacity: integer('capacity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('start_times_account_experience_idx').on(t.accountId, t.experienceId, t.time)],
);

/** Questions asked at checkout, once per booking or once per participant. */
export const bookingQuestions = pgTable(
  'booking_questions',
  {
    id: pk(),
    accountId: accountId(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    scope: text('scope', { enum: ['booking', 'participant'] })
      .notNull()
      .default('booking'),
    answerType: text('answer_type', { enum: ['text', 'long_text', 'number', 'date', 'yes_no', 'select'] })
      .notNull()
      .default('text'),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('booking_questions_account_experience_idx').on(t.accountId, t.experienceId, t.position)],
);

/** The itinerary of an offer, in order. */
export const agendaItems = pgTable(
  'agenda_items',
  {
    id: pk(),
    accountId: accountId(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agenda_items_account_experience_idx').on(t.accountId, t.experienceId, t.position)],
);

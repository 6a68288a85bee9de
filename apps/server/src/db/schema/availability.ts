import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { experiences, pricingRates, startTimes } from './catalog.ts';
import { createdAt, pk, updatedAt } from './columns.ts';
import { inventoryItems } from './inventory.ts';

/** Participants per pricing category, as a hold or booking keeps them. */
export type PartyLine = { pricing_category_id: string; quantity: number; unit_price: number; amount: number };

/**
 * A slot that something needed a row for: a hold, a booking or an operator's override. Slots are
 * computed from the schedule; a row is created race-free (insert … on conflict do nothing) the first
 * time, and every change of the slot's use locks it (`select … for update`) before counting.
 * `slot_key` = local date + schedule line (`2026-12-01_<start time id>`, `_day` for a pass day).
 */
export const slots = pgTable(
  'slots',
  {
    id: pk(),
    accountId: accountId(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    slotKey: text('slot_key').notNull(),
    // The schedule line may be edited or removed later; the slot keeps what it was sold as.
    startTimeId: uuid('start_time_id').references(() => startTimes.id, { onDelete: 'set null' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The operator's capacity instead of the schedule line's; null = the line's. */
    capacityOverride: integer('capacity_override'),
    closed: boolean('closed').notNull().default(false),
    note: text('note').notNull().default(''),
    /**
     * Units of the slot's bookings that are not canceled, kept by a trigger on `bookings` in the
     * transaction of every change (migration 0026): the engine and analytics read it instead of
     * summing the bookings. Never written by the application.
     */
    bookedUnits: integer('booked_units').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('slots_experience_key').on(t.experienceId, t.slotKey),
    index('slots_account_date_idx').on(t.accountId, t.localDate),
    // The customer messages' sweep looks for starts and ends around now across organizations.
    index('slots_starts_at_idx').on(t.startsAt),
    index('slots_ends_at_idx').on(t.endsAt),
    check('slots_booked_units_check', sql`${t.bookedUnits} >= 0`),
  ],
);

/**
 * The operator's note for one offer's whole day (why it was closed: "Storm warning"), apart from
 * each slot's own note: "Close whole day" writes it, "Reopen day" removes it, neither touches the
 * slots' notes (migration 0032).
 */
export const capacityDayNotes = pgTable(
  'capacity_day_notes',
  {
    id: pk(),
    accountId: accountId(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    note: text('note').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('capacity_day_notes_experience_date').on(t.experienceId, t.localDate),
    index('capacity_day_notes_account_date_idx').on(t.accountId, t.localDate),
  ],
);

/**
 * Places taken for a limited time. Counted while `status = 'active'` and `expires_at` is in the
 * future: correctness never waits for a sweeper. Converted into a booking exactly once.
 */
export const holds = pgTable(
  'holds',
  {
    id: uuid('id').primaryKey(),
    accountId: accountId(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    rateId: uuid('rate_id').references(() => pricingRates.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['active', 'released', 'converted'] })
      .notNull()
      .default('active'),
    /** Places taken: participants, or groups where the operator counts a group as one. */
    units: integer('units').notNull(),
    participants: integer('participants').notNull(),
    party: jsonb('party').$type<PartyLine[]>().notNull(),
    totalMinor: integer('total_minor').notNull(),
    currency: text('currency').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The hold time it was made with when not the organization's (a store's own): extending keeps it. */
    holdMinutes: integer('hold_minutes'),
    /** Who asked: the public API, a store, the back office (a cart line, once sales exist). */
    source: text('source', { enum: ['api', 'webstore', 'backoffice'] })
      .notNull()
      .default('api'),
    cartLineId: uuid('cart_line_id'),
    /** Sold by a reseller under this partnership: counted against its allocation. */
    partnershipId: uuid('partnership_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('holds_slot_active_idx').on(t.slotId, t.expiresAt).where(sql`${t.status} = 'active'`),
    index('holds_account_experience_idx').on(t.accountId, t.experienceId),
  ],
);

/**
 * A sold place on a slot. The capacity fields live here from the start; the sales issue adds the
 * order, customer and payment side. Counted while not canceled.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: pk(),
    accountId: accountId(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'restrict' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'restrict' }),
    rateId: uuid('rate_id').references(() => pricingRates.id, { onDelete: 'set null' }),
    /** The hold it came from: unique, so a hold converts exactly once. */
    holdId: uuid('hold_id').references(() => holds.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['created', 'confirmed', 'canceled'] })
      .notNull()
      .default('created'),
    attendanceStatus: text('attendance_status', { enum: ['open', 'arrived', 'no_show'] })
      .notNull()
      .default('open'),
    units: integer('units').notNull(),
    participants: integer('participants').notNull(),
    party: jsonb('party').$type<PartyLine[]>().notNull(),
    totalMinor: integer('total_minor').notNull(),
    currency: text('currency').notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Sold by a reseller under this partnership (from its hold): counted against its allocation. */
    partnershipId: uuid('partnership_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bookings_hold_key').on(t.holdId),
    // All of a slot's bookings: counting (not canceled) and the day's manifest (any status) use it.
    index('bookings_slot_idx').on(t.slotId),
    index('bookings_account_experience_idx').on(t.accountId, t.experienceId),
  ],
);

/**
 * Equipment a hold or booking of a rental takes for its time span (quantity per place × places,
 * frozen when taken). Stock is shared by every offer that attaches the item: usage is counted over
 * all claims overlapping in time, under a lock on the item rows.
 */
export const equipmentClaims = pgTable(
  'equipment_claims',
  {
    id: pk(),
    accountId: accountId(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    holdId: uuid('hold_id').references(() => holds.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('equipment_claims_item_time_idx').on(t.itemId, t.startsAt, t.endsAt)],
);

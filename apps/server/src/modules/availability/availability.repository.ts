import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { announcedCacheOf } from '../../db/announced-cache.ts';
import type { Db, Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { holds, slots } from '../../db/schema/availability.ts';
import { experiences } from '../../db/schema/catalog.ts';

/** The channel the database announces changes of what offers sell on (migration 0005). */
export const CATALOG_CHANNEL = 'excursio_catalog';

/** Everything the engine needs to know about one offer, read in one round trip. */
export type OfferForAvailability = {
  id: string;
  accountId: string;
  title: string;
  type: 'rental' | 'ticket' | 'transfer';
  status: 'draft' | 'active' | 'inactive';
  visibility: 'public' | 'private';
  timeZone: string;
  currency: string;
  durationMinutes: number | null;
  cutoffMinutes: number;
  isOpenDated: boolean;
  dailyCapacity: number | null;
  groupTakesOnePlace: boolean;
  minGroupSize: number;
  maxGroupSize: number | null;
  holdMinutes: number;
  /** `on_request`: its bookings wait for the operator to confirm (or decline) them. */
  confirmationMode: 'instant' | 'on_request';
  startTimes: { id: string; time: string; weekdays: number[]; dateFrom: string; dateTo: string | null; capacity: number }[];
  rates: {
    id: string;
    name: string;
    validFrom: string | null;
    validTo: string | null;
    pricingMode: 'per_person' | 'per_group';
    minParticipants: number;
    maxParticipants: number | null;
    prices: { pricingCategoryId: string; pricingCategoryName: string; priceMinor: number }[];
  }[];
  /** Equipment per place (rentals): the offer's attached items and their stock. */
  equipment: { itemId: string; quantity: number; stock: number }[];
};

const offerColumns = {
  id: experiences.id,
  accountId: experiences.accountId,
  title: experiences.title,
  type: experiences.type,
  status: experiences.status,
  visibility: experiences.visibility,
  timeZone: experiences.timeZone,
  currency: experiences.currency,
  durationMinutes: experiences.durationMinutes,
  cutoffMinutes: experiences.bookingCutoffMinutes,
  isOpenDated: experiences.isOpenDated,
  dailyCapacity: experiences.dailyCapacity,
  groupTakesOnePlace: experiences.groupTakesOnePlace,
  minGroupSize: experiences.minGroupSize,
  maxGroupSize: experiences.maxGroupSize,
  holdMinutes: baseAccounts.holdMinutes,
  confirmationMode: experiences.confirmationMode,
  startTimes: sql<OfferForAvailability['startTimes']>`coalesce((
    select json_agg(json_build_object('id', st.id, 'time', st.time, 'weekdays', st.weekdays, 'dateFrom', st.date_from,
      'dateTo', st.date_to, 'capacity', st.capacity) order by st.time, st.id)
    from start_times st where st.experience_id = ${experiences.id} and st.account_id = ${experiences.accountId}), '[]'::json)`,
  rates: sql<OfferForAvailability['rates']>`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name, 'validFrom', r.valid_from, 'validTo', r.valid_to,
      'pricingMode', r.pricing_mode, 'minParticipants', r.min_participants, 'maxParticipants', r.max_participants,
      'prices', coalesce((select json_agg(json_build_object('pricingCategoryId', p.pricing_category_id,
          'pricingCategoryName', c.name, 'priceMinor', p.price_minor) order by c.name)
        from pricing_rate_prices p join pricing_categories c on c.id = p.pricing_category_id where p.rate_id = r.id), '[]'::json))
      order by r.created_at, r.id)
    from pricing_rates r where r.experience_id = ${experiences.id} and r.account_id = ${experiences.accountId}), '[]'::json)`,
  equipment: sql<OfferForAvailability['equipment']>`coalesce((
    select json_agg(json_build_object('itemId', ei.item_id, 'quantity', ei.quantity, 'stock', i.stock_quantity) order by ei.item_id)
    from experience_inventory_items ei join inventory_items i on i.id = ei.item_id
    where ei.experience_id = ${experiences.id} and ei.usage = 'equipment' and ${experiences.type} = 'rental'), '[]'::json)`,
};

const offerQuery = (db: Db) =>
  prepared(db, 'availability.offer', (name) =>
    db
      .select(offerColumns)
      .from(experiences)
      .innerJoin(baseAccounts, eq(baseAccounts.id, experiences.accountId))
      .where(and(eq(experiences.accountId, sql.placeholder('accountId')), eq(experiences.id, sql.placeholder('experienceId'))))
      .prepare(name),
  );

/** One offer as the engine needs it; kept in memory until the database announces a change. */
export const findOfferForAvailability = async (db: Db, accountId: string, experienceId: string) =>
  announcedCacheOf(db, CATALOG_CHANNEL).get(
    accountId,
    `offer:${experienceId}`,
    async () => ((await offerQuery(db).execute({ accountId, experienceId }))[0] as OfferForAvailability | undefined) ?? null,
  );

/**
 * The account's offers (Active ones, or one offer) with everything the engine needs; kept in memory
 * until the database announces a change (a transaction reads the database).
 */
export const offersForAvailability = async (
  db: Executor,
  accountId: string,
  filter: { experienceId?: string; activeOnly?: boolean; publicOnly?: boolean },
) =>
  announcedCacheOf(db, CATALOG_CHANNEL).get(
    accountId,
    `offers:${filter.experienceId ?? ''}:${filter.activeOnly ? 1 : 0}:${filter.publicOnly ? 1 : 0}`,
    () => readOffers(db, accountId, filter),
  );

const readOffers = async (
  db: Executor,
  accountId: string,
  filter: { experienceId?: string; activeOnly?: boolean; publicOnly?: boolean },
) =>
  (await db
    .select(offerColumns)
    .from(experiences)
    .innerJoin(baseAccounts, eq(baseAccounts.id, experiences.accountId))
    .where(
      and(
        eq(experiences.accountId, accountId),
        filter.experienceId ? eq(experiences.id, filter.experienceId) : undefined,
        filter.activeOnly ? eq(experiences.status, 'active') : undefined,
        filter.publicOnly ? eq(experiences.visibility, 'public') : undefined,
      ),
    )
    .orderBy(experiences.title, experiences.id)) as OfferForAvailability[];

/** What the database knows of a slot: the operator's override and the places taken. */
export type SlotUseRow = {
  experienceId: string;
  slotKey: string;
  capacityOverride: number | null;
  closed: boolean;
  note: string;
  booked: number;
  held: number;
};

const useColumns = (nowParam: unknown, ignoreCartLine: unknown, holds = true) => ({
  experienceId: slots.experienceId,
  slotKey: slots.slotKey,
  capacityOverride: slots.capacityOverride,
  closed: slots.closed,
  note: slots.note,
  // Bookings: the slot's counter (kept by a trigger on bookings). Holds are summed, spelled out:
  // drizzle leaves columns unqualified in single-table selects, and a bare "id" would be the hold's.
  booked: slots.bookedUnits,
  held: holds
    ? sql<number>`coalesce((select sum(h.units)::int from holds h where h.slot_id = "slots"."id" and h.status = 'active'
    and h.expires_at > ${nowParam} and (h.cart_line_id is null or h.cart_line_id is distinct from ${ignoreCartLine})), 0)`
    : sql<number>`0`,
});

const offerUseQuery = (db: Db) =>
  prepared(db, 'availability.offer_use', (name) =>
    db
      .select(useColumns(sql`${sql.placeholder('now')}::timestamptz`, sql`${sql.placeholder('cartLineId')}::uuid`))
      .from(slots)
      .where(
        and(
          eq(slots.experienceId, sql.placeholder('experienceId')),
          gte(slots.localDate, sql.placeholder('from')),
          lte(slots.localDate, sql.placeholder('to')),
        ),
      )
      .prepare(name),
  );

/**
 * The stored use of one offer's slots between two local dates. Holds count while unexpired at
 * `now`; `cartLineId` leaves that cart line's own hold out (check-availability while editing it).
 */
export const offerSlotUse = async (
  db: Db,
  experienceId: string,
  range: { from: string; to: string },
  now: Date,
  cartLineId: string | null = null,
): Promise<SlotUseRow[]> =>
  offerUseQuery(db).execute({ experienceId, from: range.from, to: range.to, now: now.toISOString(), cartLineId });

/**
 * The stored use of all slots of an account (or of some offers) between two local dates. Without
 * `holds` the holds are not counted (held 0): what was booked is all a utilisation needs.
 */
export const accountSlotUse = async (
  db: Executor,
  accountId: string,
  range: { from: string; to: string },
  now: Date,
  experienceIds?: string[],
  { holds = true }: { holds?: boolean } = {},
): Promise<SlotUseRow[]> =>
  db
    .select(useColumns(sql`${now.toISOString()}::timestamptz`, sql`null::uuid`, holds))
    .from(slots)
    .where(
      and(
        eq(slots.accountId, accountId),
        gte(slots.localDate, range.from),
        lte(slots.localDate, range.to),
        experienceIds ? inArray(slots.experienceId, experienceIds) : undefined,
      ),
    );

/** The offer a hold is for (as `offersForAvailability` reads it), scoped to the account. */
export const offersOfHold = async (db: Executor, accountId: string, holdId: string) => {
  const [row] = await db
    .select({ experienceId: holds.experienceId })
    .from(holds)
    .where(and(eq(holds.accountId, accountId), eq(holds.id, holdId)));
  return row ? offersForAvailability(db, accountId, { experienceId: row.experienceId }) : [];
};

/** Places a partnership's reseller has on each start of an offer's day (by slot key): bookings and live holds. */
export const partnershipUseByKey = async (
  db: Executor,
  experienceId: string,
  localDate: string,
  partnershipId: string,
  now: Date,
) => {
  // Plain SQL with aliases: inside a select from one table drizzle writes its columns unqualified,
  // which the correlated subqueries would read as their own.
  const rows = await db
    .select({
      slotKey: sql<string>`s.slot_key`,
      taken: sql<number>`(coalesce((select sum(b.units)::int from bookings b where b.slot_id = s.id
        and b.partnership_id = ${partnershipId} and b.status <> 'canceled'), 0) + coalesce((select sum(h.units)::int from holds h
        where h.slot_id = s.id and h.partnership_id = ${partnershipId} and h.status = 'active'
        and h.expires_at > ${now.toISOString()}::timestamptz), 0))`.mapWith(Number),
    })
    .from(sql`slots s`)
    .where(sql`s.experience_id = ${experienceId} and s.local_date = ${localDate}::date`);
  return new Map(rows.map((r) => [r.slotKey, r.taken]));
};

import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { bookings, equipmentClaims, holds, type PartyLine, slots } from '../../db/schema/availability.ts';
import { inventoryItems } from '../../db/schema/inventory.ts';
import { partnerships } from '../../db/schema/partners.ts';

export type SlotRow = typeof slots.$inferSelect;
export type HoldRow = typeof holds.$inferSelect;
export type NewSlot = Pick<
  typeof slots.$inferInsert,
  'accountId' | 'experienceId' | 'slotKey' | 'startTimeId' | 'localDate' | 'startsAt' | 'endsAt'
>;

/**
 * The slot's row, created if it is not there yet (race-free: concurrent first uses insert once) and
 * locked for the rest of the transaction: every change of the slot's use serializes on it.
 */
export const lockSlot = async (tx: Executor, values: NewSlot): Promise<SlotRow> => {
  const locked = () =>
    tx
      .select()
      .from(slots)
      .where(and(eq(slots.experienceId, values.experienceId), eq(slots.slotKey, values.slotKey)))
      .for('update');
  // The row usually exists: one round trip. The first use inserts it (once, whoever races) and locks.
  const [row] = await locked();
  if (row) return row;
  await tx
    .insert(slots)
    .values(values)
    .onConflictDoNothing({ target: [slots.experienceId, slots.slotKey] });
  return (await locked())[0];
};

/**
 * The slot's row with what is taken, without a lock, in one round trip: the optimistic look before
 * queueing for the lock (only ever used to refuse a slot that is already full). Prepared: every
 * buyer of a rush asks it.
 */
export const peekSlot = async (db: Db, experienceId: string, slotKey: string, now: Date) =>
  (
    await prepared(db, 'availability.peek_slot', (name) =>
      db
        .select({
          id: slots.id,
          closed: slots.closed,
          capacityOverride: slots.capacityOverride,
          taken: sql<number>`"slots"."booked_units" + coalesce((select sum(h.units)::int from holds h where h.slot_id = "slots"."id" and h.status = 'active'
            and h.expires_at > ${sql.placeholder('now')}::timestamptz), 0)`,
        })
        .from(slots)
        .where(and(eq(slots.experienceId, sql.placeholder('experienceId')), eq(slots.slotKey, sql.placeholder('slotKey'))))
        .prepare(name),
    ).execute({ experienceId, slotKey, now: now.toISOString() })
  )[0] ?? null;

/** Testing only: the lock switched off, to prove the concurrency tests can see a race. */
export const unlockedSlotForTests = async (tx: Executor, values: NewSlot): Promise<SlotRow> => {
  await tx
    .insert(slots)
    .values(values)
    .onConflictDoNothing({ target: [slots.experienceId, slots.slotKey] });
  const [row] = await tx
    .select()
    .from(slots)
    .where(and(eq(slots.experienceId, values.experienceId), eq(slots.slotKey, values.slotKey)));
  return row;
};

/** Places taken on a slot at `now`: bookings not canceled, holds active and unexpired (minus one hold). */
export const slotTaken = async (tx: Executor, slotId: string, now: Date, exceptHoldId: string | null = null) => {
  const [row] = await tx
    .select({
      booked: sql<number>`coalesce((select s.booked_units from slots s where s.id = ${slotId}), 0)`,
      held: sql<number>`coalesce((select sum(h.units)::int from holds h where h.slot_id = ${slotId} and h.status = 'active'
        and h.expires_at > ${now.toISOString()}::timestamptz and h.id is distinct from ${exceptHoldId}::uuid), 0)`,
    })
    .from(sql`(select 1) as one`);
  return row;
};

/** Places a partnership's reseller has on the slot: its bookings not canceled and holds still holding. */
export const partnershipTaken = async (
  tx: Executor,
  slotId: string,
  partnershipId: string,
  now: Date,
  exceptHoldId: string | null = null,
) => {
  const [row] = await tx
    .select({
      taken: sql<number>`coalesce((select sum(b.units)::int from bookings b where b.slot_id = ${slotId} and b.partnership_id = ${partnershipId}
        and b.status <> 'canceled'), 0) + coalesce((select sum(h.units)::int from holds h where h.slot_id = ${slotId}
        and h.partnership_id = ${partnershipId} and h.status = 'active' and h.expires_at > ${now.toISOString()}::timestamptz
        and h.id is distinct from ${exceptHoldId}::uuid), 0)`,
    })
    .from(sql`(select 1) as one`);
  return row.taken;
};

/** The allocation a partnership has now (null: no cap of its own). */
export const partnershipAllocation = async (tx: Executor, partnershipId: string) =>
  (await tx.select({ allocation: partnerships.allocation }).from(partnerships).where(eq(partnerships.id, partnershipId)))[0]
    ?.allocation ?? null;

export const updateSlot = async (
  tx: Executor,
  slotId: string,
  values: Partial<Pick<SlotRow, 'capacityOverride' | 'closed' | 'note'>>,
) => (await tx.update(slots).set(values).where(eq(slots.id, slotId)).returning())[0];

export const insertHold = async (tx: Executor, values: Omit<typeof holds.$inferInsert, 'createdAt' | 'updatedAt' | 'status'>) =>
  (await tx.insert(holds).values(values).returning())[0];

export type NewHold = Omit<typeof holds.$inferInsert, 'createdAt' | 'updatedAt' | 'status'> & { id: string };

/**
 * Counts what the (locked) slot has taken and inserts the hold only if it still fits `capacity`
 * (null: no limit), in one round trip — a new statement after the lock, so it sees every commit
 * made before the lock was granted. `taken` is the count before this hold; `hold` is null when it
 * did not fit (nothing written).
 */
export const insertHoldIfFits = async (tx: Executor, values: NewHold, capacity: number | null, now: Date) => {
  type Row = { taken: number; created_at: string | Date | null; updated_at: string | Date | null };
  // Both drivers (pg, PGlite) answer raw SQL with its rows under `rows`.
  const result = (await tx.execute(sql`
    with counted as (
      select coalesce((select s.booked_units from slots s where s.id = ${values.slotId}::uuid), 0)
        + coalesce((select sum(h.units)::int from holds h where h.slot_id = ${values.slotId}::uuid and h.status = 'active'
            and h.expires_at > ${now.toISOString()}::timestamptz), 0) as taken
    ), inserted as (
      insert into holds (id, account_id, experience_id, slot_id, rate_id, units, participants, party, total_minor, currency,
        expires_at, hold_minutes, source, cart_line_id, partnership_id)
      select ${values.id}::uuid, ${values.accountId}::uuid, ${values.experienceId}::uuid, ${values.slotId}::uuid,
        ${values.rateId ?? null}::uuid, ${values.units}::int, ${values.participants}::int, ${JSON.stringify(values.party)}::jsonb,
        ${values.totalMinor}::int, ${values.currency}, ${values.expiresAt.toISOString()}::timestamptz,
        ${values.holdMinutes ?? null}::int, ${values.source ?? 'api'}, ${values.cartLineId ?? null}::uuid,
        ${values.partnershipId ?? null}::uuid
      from counted where ${capacity}::int is null or counted.taken + ${values.units}::int <= ${capacity}::int
      returning created_at, updated_at
    )
    select counted.taken::int as taken, inserted.created_at, inserted.updated_at from counted left join inserted on true`)) as unknown as {
    rows: Row[];
  };
  const [row] = result.rows;
  const taken = Number(row.taken);
  if (!row.created_at || !row.updated_at) return { taken, hold: null };
  const hold: HoldRow = {
    ...values,
    rateId: values.rateId ?? null,
    holdMinutes: values.holdMinutes ?? null,
    source: values.source ?? 'api',
    cartLineId: values.cartLineId ?? null,
    partnershipId: values.partnershipId ?? null,
    status: 'active',
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
  return { taken, hold };
};

/** Several holds in one statement (a start's holds written together). */
export const insertHolds = async (tx: Executor, values: NewHold[]) =>
  values.length ? tx.insert(holds).values(values).returning() : [];

/** A hold as it is now (unlocked: a checkout's look before it takes payment). */
export const findHold = async (db: Executor, accountId: string, holdId: string) =>
  (
    await db
      .select()
      .from(holds)
      .where(and(eq(holds.accountId, accountId), eq(holds.id, holdId)))
  )[0] ?? null;

/** A hold with its slot, locked (extend, release and convert serialize on it). */
export const lockHold = async (tx: Executor, accountId: string, holdId: string) => {
  const [row] = await tx
    .select({ hold: holds, slot: slots })
    .from(holds)
    .innerJoin(slots, eq(slots.id, holds.slotId))
    .where(and(eq(holds.accountId, accountId), eq(holds.id, holdId)))
    .for('update', { of: holds });
  return row ?? null;
};

/** The slot of a hold, locked (conversion locks the slot before the hold, as reservation does). */
export const lockHoldSlot = async (tx: Executor, accountId: string, holdId: string) => {
  const [row] = await tx
    .select({ slot: slots })
    .from(slots)
    .innerJoin(holds, eq(holds.slotId, slots.id))
    .where(and(eq(holds.accountId, accountId), eq(holds.id, holdId)))
    .for('update', { of: slots });
  return row?.slot ?? null;
};

export const updateHold = async (tx: Executor, holdId: string, values: Partial<Pick<HoldRow, 'status' | 'expiresAt'>>) =>
  (await tx.update(holds).set(values).where(eq(holds.id, holdId)).returning())[0];

/** Gives up a hold if it still counts (a replaced cart line's old hold); false when it no longer did. */
export const releaseActiveHold = async (tx: Executor, accountId: string, holdId: string) =>
  (
    await tx
      .update(holds)
      .set({ status: 'released' })
      .where(and(eq(holds.accountId, accountId), eq(holds.id, holdId), eq(holds.status, 'active')))
      .returning({ id: holds.id })
  ).length > 0;

export const insertBooking = async (
  tx: Executor,
  values: {
    accountId: string;
    experienceId: string;
    slotId: string;
    rateId: string | null;
    holdId: string;
    units: number;
    participants: number;
    party: PartyLine[];
    totalMinor: number;
    currency: string;
    partnershipId?: string | null;
    status: 'created' | 'confirmed';
  },
) => (await tx.insert(bookings).values(values).returning())[0];

/**
 * Cancels a booking under its slot's lock, exactly once: the conditional update answers the row
 * only for the one call that changed it. Its equipment claims stop counting with it.
 */
export const cancelBookingRow = async (tx: Executor, accountId: string, bookingId: string, now: Date) => {
  await tx
    .select({ id: slots.id })
    .from(slots)
    .innerJoin(bookings, eq(bookings.slotId, slots.id))
    .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)))
    .for('update', { of: slots });
  const [row] = await tx
    .update(bookings)
    .set({ status: 'canceled', canceledAt: now })
    .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId), ne(bookings.status, 'canceled')))
    .returning();
  return row ?? null;
};

/** Locks the equipment items (in id order, so two reservations never wait on each other in a circle). */
export const lockItems = async (tx: Executor, accountId: string, itemIds: string[]) =>
  itemIds.length
    ? tx
        .select({ id: inventoryItems.id, stock: inventoryItems.stockQuantity })
        .from(inventoryItems)
        .where(and(eq(inventoryItems.accountId, accountId), inArray(inventoryItems.id, itemIds)))
        .orderBy(asc(inventoryItems.id))
        .for('update')
    : [];

/** Claims on these items that overlap [from, to) and still count at `now`. */
export const overlappingClaims = async (tx: Executor, itemIds: string[], from: Date, to: Date, now: Date) =>
  itemIds.length
    ? tx
        .select({
          id: equipmentClaims.id,
          holdId: equipmentClaims.holdId,
          itemId: equipmentClaims.itemId,
          quantity: equipmentClaims.quantity,
          startsAt: equipmentClaims.startsAt,
          endsAt: equipmentClaims.endsAt,
        })
        .from(equipmentClaims)
        .leftJoin(holds, eq(holds.id, equipmentClaims.holdId))
        .leftJoin(bookings, eq(bookings.id, equipmentClaims.bookingId))
        .where(
          and(
            inArray(equipmentClaims.itemId, itemIds),
            // Overlap, with an empty span read as its start instant (see equipment-stock.ts).
            lt(
              equipmentClaims.startsAt,
              sql`greatest(${to.toISOString()}::timestamptz, ${from.toISOString()}::timestamptz + interval '1 millisecond')`,
            ),
            sql`greatest(${equipmentClaims.endsAt}, ${equipmentClaims.startsAt} + interval '1 millisecond') > ${from.toISOString()}::timestamptz`,
            or(
              and(eq(holds.status, 'active'), gt(holds.expiresAt, now)),
              and(isNull(equipmentClaims.holdId), ne(bookings.status, 'canceled')),
            ),
          ),
        )
    : [];

export const insertClaims = async (tx: Executor, rows: (typeof equipmentClaims.$inferInsert)[]) => {
  if (rows.length) await tx.insert(equipmentClaims).values(rows);
};

/** A converted hold's equipment now belongs to its booking. */
export const moveClaimsToBooking = async (tx: Executor, holdId: string, bookingId: string) => {
  await tx.update(equipmentClaims).set({ holdId: null, bookingId }).where(eq(equipmentClaims.holdId, holdId));
};

/**
 * The organization a hold belongs to, as `hostAccountId` may act on it: its own holds, and holds it
 * made as a reseller (in the supplier's account, under one of its partnerships). Null otherwise.
 */
export const holdAccountFor = async (db: Executor, hostAccountId: string, holdId: string) =>
  (
    await db
      .select({ accountId: holds.accountId })
      .from(holds)
      .leftJoin(partnerships, eq(partnerships.id, holds.partnershipId))
      .where(and(eq(holds.id, holdId), or(eq(holds.accountId, hostAccountId), eq(partnerships.resellerAccountId, hostAccountId))))
  )[0]?.accountId ?? null;

/** Holds among `holdIds` the organization asking may check out (its own, or ones it made as a reseller). */
export const holdsVisibleTo = async (db: Executor, hostAccountId: string, holdIds: string[]) =>
  (
    await db
      .select({ hold: holds })
      .from(holds)
      .leftJoin(partnerships, eq(partnerships.id, holds.partnershipId))
      .where(
        and(
          inArray(holds.id, holdIds),
          or(eq(holds.accountId, hostAccountId), eq(partnerships.resellerAccountId, hostAccountId)),
        ),
      )
  ).map((r) => r.hold);

/**
 * A booking with its slot's row locked, as cancelling locks it (the booking's own changes already
 * queue on its order's lock): a party change counts and writes behind it. `locked: false` only for
 * the concurrency tests' control run (`unsafeTesting.skipSlotLock`).
 */
export const lockBookingSlot = async (tx: Executor, accountId: string, bookingId: string, locked = true) => {
  const query = tx
    .select({ booking: bookings, slot: slots })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)));
  const [row] = locked ? await query.for('update', { of: slots }) : await query;
  return row ?? null;
};

/** A booking's new party (its slot's `booked_units` follows `units` through the trigger). */
export const updateBookingParty = async (
  tx: Executor,
  bookingId: string,
  values: Pick<typeof bookings.$inferInsert, 'units' | 'participants' | 'party' | 'totalMinor'>,
) => (await tx.update(bookings).set(values).where(eq(bookings.id, bookingId)).returning())[0];

/** A booking's equipment claims follow its places: each claim was `per place × units` when taken. */
export const scaleBookingClaims = async (tx: Executor, bookingId: string, fromUnits: number, toUnits: number) => {
  if (fromUnits <= 0) return;
  await tx
    .update(equipmentClaims)
    .set({ quantity: sql`(${equipmentClaims.quantity} / ${fromUnits}::int) * ${toUnits}::int` })
    .where(eq(equipmentClaims.bookingId, bookingId));
};

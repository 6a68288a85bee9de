import type { CAPACITY_BY_DATE_ORDERING } from '@excursio/contract/availability';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Ordering } from '../../http/paging.ts';
import { recordChange } from '../audit/audit.service.ts';
import { accountSlotUse, type OfferForAvailability, offersForAvailability } from './availability.repository.ts';
import { loadOffer } from './availability.service.ts';
import { dayNotesOf, removeDayNote, setDayNote } from './capacity-day-notes.repository.ts';
import { capacityChangeProblem } from './capacity-math.ts';
import { summariseDays } from './day-summary.ts';
import { formatIsoDate, monthDays } from './local-date.ts';
import { availabilityOf, keyOf, offerSlots, slotRowValues, useByKey } from './offer-slots.ts';
import { lockSlot, slotTaken, updateSlot } from './reservations.repository.ts';
import type { Slot } from './slot-generation.ts';
import { toAvailabilitySlot } from './slot-wire.ts';

/** The offers a capacity view covers: one offer (any status), or the account's Active offers. */
const offersOf = (db: Db, accountId: string, experienceId?: string) =>
  offersForAvailability(db, accountId, experienceId ? { experienceId } : { activeOnly: true });

const entriesOf = async (
  db: Db,
  accountId: string,
  offers: OfferForAvailability[],
  range: { from: string; to: string },
  now: Date,
  options: { holds?: boolean } = {},
) => {
  const ids = offers.length === 1 ? [offers[0].id] : undefined;
  const use = useByKey(await accountSlotUse(db, accountId, range, now, ids, options));
  return offers.flatMap((offer) =>
    offerSlots(offer, range.from, range.to, now.getTime()).map((slot) => {
      const stored = use.get(`${offer.id}|${keyOf(slot)}`);
      return { offer, slot, stored, availability: availabilityOf(slot, stored) };
    }),
  );
};

/** Per-day use across the account (or one offer) for a month: the capacity calendar. */
export const capacityCalendar = async (
  db: Db,
  accountId: string,
  query: { month: number; year: number; experience_id?: string },
  now: Date,
) => {
  const offers = await offersOf(db, accountId, query.experience_id);
  if (query.experience_id && !offers.length) throw notFound('This offer does not exist.');
  const { from, to } = monthDays(query.year, query.month);
  const entries = await entriesOf(db, accountId, offers, { from: formatIsoDate(from), to: formatIsoDate(to) }, now);
  const days = summariseDays(entries).sort((a, b) => a.date.localeCompare(b.date));
  return {
    month: query.month,
    year: query.year,
    days: days.map((d) => ({
      date: d.date,
      slots: d.slots,
      closed_slots: d.closedSlots,
      capacity: d.capacity,
      booked: d.booked,
      held: d.held,
      available: d.available,
      utilisation: d.utilisationPercent,
    })),
  };
};

const toCapacitySlot = (e: {
  offer: OfferForAvailability;
  slot: Slot;
  stored?: { note: string; capacityOverride: number | null };
  availability: ReturnType<typeof availabilityOf>;
}) => ({
  ...toAvailabilitySlot(e.slot, e.availability),
  experience_id: e.offer.id,
  experience_title: e.offer.title,
  note: e.stored?.note ?? '',
  capacity_override: e.stored?.capacityOverride ?? null,
});

type ByDateOrdering = Ordering<(typeof CAPACITY_BY_DATE_ORDERING)[number]>;

/** The slots of one day across the account (or one offer), with what each has, in the list's order. */
export const capacityByDate = async (
  db: Db,
  accountId: string,
  query: { date: string; experience_id?: string; search?: string; ordering: ByDateOrdering; limit: number; offset: number },
  now: Date,
) => {
  let offers = await offersOf(db, accountId, query.experience_id);
  const term = query.search?.trim().toLowerCase();
  if (term) offers = offers.filter((o) => o.title.toLowerCase().includes(term));
  const rows = (await entriesOf(db, accountId, offers, { from: query.date, to: query.date }, now)).map(toCapacitySlot);
  const titles = new Map(offers.map((o) => [o.id, o.title]));
  const notes = await dayNotesOf(db, accountId, query.date, [...titles.keys()]);
  const dayNotes = notes
    .map((n) => ({ experience_id: n.experienceId, experience_title: titles.get(n.experienceId) ?? '', note: n.note }))
    .sort((a, b) => a.experience_title.localeCompare(b.experience_title));
  const value = {
    starts_at: (r: (typeof rows)[number]) => r.starts_at,
    experience_title: (r: (typeof rows)[number]) => r.experience_title.toLowerCase(),
    available: (r: (typeof rows)[number]) => r.available ?? Number.MAX_SAFE_INTEGER,
    booked: (r: (typeof rows)[number]) => r.booked,
  }[query.ordering.field];
  const sign = query.ordering.descending ? -1 : 1;
  rows.sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return (x < y ? -1 : x > y ? 1 : a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id)) * sign;
  });
  return { results: rows.slice(query.offset, query.offset + query.limit), count: rows.length, dayNotes };
};

/** What the audit trail keeps of a slot's override. */
const overrideSnapshot = (row: { closed: boolean; capacityOverride: number | null; note: string | null }) => ({
  Closed: row.closed,
  'Capacity override': row.capacityOverride,
  Note: row.note,
});
const auditedSlot = (row: { id: string }, offer: { title: string }, slot: { date: string; time: string }) =>
  ({ type: 'capacity_override', id: row.id, label: `${offer.title}, ${slot.date} ${slot.time}` }) as const;

const slotOf = (offer: OfferForAvailability, date: string, startTimeId: string | null, now: Date) => {
  const slot = offerSlots({ ...offer, status: 'active' }, date, date, now.getTime()).find((s) => s.startTimeId === startTimeId);
  if (!slot) throw notFound('This offer has no start at that date and time.');
  return slot;
};

/**
 * The operator's override of one slot: close or reopen it, change its capacity (never below what is
 * taken unless forced), a note for staff. Under the slot's lock, like every change of its use.
 */
export const overrideSlot = async (
  db: Db,
  accountId: string,
  input: {
    experience_id: string;
    start_time_id: string | null;
    date: string;
    closed?: boolean;
    capacity?: number | null;
    note?: string;
    force: boolean;
  },
  now: Date,
) => {
  const offer = await loadOffer(db, accountId, input.experience_id);
  const slot = slotOf(offer, input.date, input.start_time_id, now);
  await db.transaction(async (tx) => {
    const row = await lockSlot(tx, slotRowValues(offer, slot));
    if (input.capacity !== undefined && input.capacity !== null) {
      const taken = await slotTaken(tx, row.id, now);
      const problem = capacityChangeProblem(input.capacity, { booked: taken.booked, held: taken.held }, input.force);
      if (problem) throw new AppError(409, [{ code: problem.code, detail: problem.detail, attr: 'capacity' }]);
    }
    const change = {
      ...(input.closed !== undefined ? { closed: input.closed } : {}),
      ...(input.capacity !== undefined ? { capacityOverride: input.capacity } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
    };
    await updateSlot(tx, row.id, change);
    const after = overrideSnapshot({ ...row, ...change });
    await recordChange(tx, accountId, auditedSlot(row, offer, slot), overrideSnapshot(row), after);
  });
  const [entry] = await entriesOf(db, accountId, [offer], { from: input.date, to: input.date }, now).then((all) =>
    all.filter((e) => e.slot.startTimeId === input.start_time_id),
  );
  return toCapacitySlot(entry);
};

/**
 * Closes (weather, a holiday) or reopens every start of an offer on a date in one action. The day's
 * note is the day's own (closing with a note sets it, reopening removes it); the slots' own notes
 * are left as they are.
 */
export const closeDay = async (
  db: Db,
  accountId: string,
  input: { experience_id: string; date: string; closed: boolean; note?: string },
  now: Date,
) => {
  const offer = await loadOffer(db, accountId, input.experience_id);
  const slots = offerSlots({ ...offer, status: 'active' }, input.date, input.date, now.getTime());
  if (!slots.length) throw notFound('This offer has no starts on that date.');
  await db.transaction(async (tx) => {
    // Locked in key order, so two day-wide changes never wait on each other in a circle.
    for (const slot of [...slots].sort((a, b) => keyOf(a).localeCompare(keyOf(b)))) {
      const row = await lockSlot(tx, slotRowValues(offer, slot));
      const change = { closed: input.closed };
      await updateSlot(tx, row.id, change);
      const after = overrideSnapshot({ ...row, ...change });
      await recordChange(tx, accountId, auditedSlot(row, offer, slot), overrideSnapshot(row), after);
    }
    const note = input.note?.trim() ?? '';
    if (input.closed && note) await setDayNote(tx, accountId, offer.id, input.date, note);
    else if (!input.closed || input.note !== undefined) await removeDayNote(tx, accountId, offer.id, input.date);
  });
  const [entries, [dayNote]] = await Promise.all([
    entriesOf(db, accountId, [offer], { from: input.date, to: input.date }, now),
    dayNotesOf(db, accountId, input.date, [offer.id]),
  ]);
  return { results: entries.map(toCapacitySlot), day_note: dayNote?.note ?? null };
};

/**
 * The account's Active offers' starts between two local dates with what each has (the capacity
 * view's rows), and the per-day totals: the dashboard home's departures read them.
 */
export const capacityBetween = async (db: Db, accountId: string, range: { from: string; to: string }, now: Date) => {
  const entries = await entriesOf(db, accountId, await offersOf(db, accountId), range, now);
  return { slots: entries.map(toCapacitySlot), days: summariseDays(entries) };
};

/**
 * Places offered and booked per offer over the starts of a range of local dates (the analytics'
 * utilisation): the engine's slots with what their rows hold. A closed start offers nothing; starts
 * without a limit are left out.
 */
export const capacityUseByOffer = async (
  db: Db,
  accountId: string,
  range: { from: string; to: string },
  now: Date,
  experienceIds: string[],
) => {
  const wanted = new Set(experienceIds);
  const offers = (await offersForAvailability(db, accountId, {})).filter((o) => wanted.has(o.id));
  const use = new Map<string, { capacity: number; booked: number }>();
  if (!offers.length) return use;
  // Places booked per place offered: holds do not count, so they are not read.
  for (const { offer, availability } of await entriesOf(db, accountId, offers, range, now, { holds: false })) {
    if (availability.capacity === null) continue;
    const entry = use.get(offer.id) ?? { capacity: 0, booked: 0 };
    entry.capacity += availability.closed ? 0 : availability.capacity;
    entry.booked += availability.booked;
    use.set(offer.id, entry);
  }
  return use;
};

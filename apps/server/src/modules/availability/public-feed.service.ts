import type { GET_AVAILABILITIES_ORDERING } from '@excursio/contract/availability';
import type { Db } from '../../db/client.ts';
import type { Ordering } from '../../http/paging.ts';
import { accountSlotUse, type OfferForAvailability, offersForAvailability } from './availability.repository.ts';
import { limitRemaining, type SlotAvailability } from './capacity-math.ts';
import { equipmentLimits } from './equipment-limits.ts';
import { formatIsoDate, parseIsoDate } from './local-date.ts';
import { arrayCursor, type Cursor, mergeCursors } from './merge-sorted.ts';
import { availabilityOf, keyOf, offerSlots, useByKey } from './offer-slots.ts';
import { countStartsBetween, type Slot, startInstantsBetween, startInstantsCursor } from './slot-generation.ts';
import { toPublicAvailability } from './slot-wire.ts';
import { zoneTimeline } from './zone-timeline.ts';

type FeedOrdering = Ordering<(typeof GET_AVAILABILITIES_ORDERING)[number]>;
type Entry = { offer: OfferForAvailability; slot: Slot };

/**
 * The public availability feed of one organization: every start of its Active, public offers in an
 * instant window, with its status and vacancies (the same engine and counts as the back office).
 *
 * A 30-day window over hundreds of offers is ~150,000 starts, so only the page is turned into
 * answers: each offer's starts come out of the engine already in order, the page is merged from
 * them (by start, or offer by offer), and only its rows are counted against holds and bookings.
 * Ordering by vacancies needs every start's count, so it reads all of them.
 */
export const publicAvailabilities = async (
  db: Db,
  accountId: string,
  query: {
    fromDateTime: string;
    toDateTime: string;
    productId?: string;
    search?: string;
    ordering: FeedOrdering;
    limit: number;
    offset: number;
  },
  now: Date,
) => {
  const fromMs = Date.parse(query.fromDateTime);
  const toMs = Date.parse(query.toDateTime);
  let offers = await offersForAvailability(db, accountId, { activeOnly: true, publicOnly: true, experienceId: query.productId });
  const term = query.search?.trim().toLowerCase();
  if (term) offers = offers.filter((o) => o.title.toLowerCase().includes(term));
  // Ties (the same start in two offers) and the productId ordering go by offer id.
  offers = [...offers].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  // Per offer, how many starts (counted, not listed); the page's starts are then merged lazily, day
  // by day, and only the page is built into slots.
  const counts = offers.map((offer) => countOf(offer, fromMs, toMs, now));
  const count = counts.reduce((n, c) => n + c, 0);
  if (!count) return { results: [], count };

  const { field, descending } = query.ordering;
  const end = query.offset + query.limit;
  let page: Entry[];
  let measured: Map<Entry, SlotAvailability> | null = null;
  if (field === 'vacancies') {
    // Needs every start's count: the one ordering that builds them all.
    const all = offers.flatMap((offer) => startsOf(offer, fromMs, toMs, now).map((ms) => slotAt(offer, ms, now)));
    measured = await measure(db, accountId, all, fromMs, toMs, now);
    const vacancies = (e: Entry) => measured?.get(e)?.remaining ?? Number.MAX_SAFE_INTEGER;
    all.sort((a, b) => (vacancies(a) - vacancies(b)) * (descending ? -1 : 1) || a.slot.startMs - b.slot.startMs);
    page = all.slice(query.offset, end);
  } else {
    const picked =
      field === 'productId'
        ? offerByOffer(offers, counts, query.offset, end, descending, (offer) => startsOf(offer, fromMs, toMs, now))
        : mergeCursors(
            offers.map((offer) => cursorOf(offer, fromMs, toMs, now, descending)),
            (ms) => ms,
            end,
            descending,
          ).slice(query.offset);
    page = picked.map((c) => slotAt(offers[c.list], c.item, now));
  }
  const use = measured ?? (await measure(db, accountId, page, fromMs, toMs, now));
  return {
    results: page.map((e) => toPublicAvailability(e.slot, use.get(e) as SlotAvailability, e.offer.id)),
    count,
  };
};

/**
 * Entries `offset…end` of the offers' starts taken offer by offer (offers in order, or reversed);
 * offers before the page are skipped by their counts, without listing their starts.
 */
const offerByOffer = (
  offers: readonly OfferForAvailability[],
  counts: readonly number[],
  offset: number,
  end: number,
  descending: boolean,
  startsOfOffer: (offer: OfferForAvailability) => number[],
) => {
  const out: { list: number; item: number }[] = [];
  let first = 0; // position of the current offer's first start in the whole sequence
  for (let k = 0; k < offers.length && out.length < end - offset; k++) {
    const list = descending ? offers.length - 1 - k : k;
    if (first + counts[list] > offset) {
      const own = startsOfOffer(offers[list]);
      for (let pos = Math.max(0, offset - first); pos < own.length && out.length < end - offset; pos++) {
        out.push({ list, item: own[pos] });
      }
    }
    first += counts[list];
  }
  return out;
};

const isPass = (offer: OfferForAvailability) => offer.type === 'ticket' && offer.isOpenDated;

/** An offer's start instants in the window, in order. */
const startsOf = (offer: OfferForAvailability, fromMs: number, toMs: number, now: Date) => {
  if (!isPass(offer)) return startInstantsBetween(offer, fromMs, toMs);
  // Pass days are few (one a day): the engine's own days, trimmed to the window.
  const zone = zoneTimeline(offer.timeZone);
  return offerSlots(offer, formatIsoDate(zone.localDayAt(fromMs)), formatIsoDate(zone.localDayAt(toMs - 1)), now.getTime())
    .map((s) => s.startMs)
    .filter((ms) => ms >= fromMs && ms < toMs);
};

const countOf = (offer: OfferForAvailability, fromMs: number, toMs: number, now: Date) =>
  isPass(offer) ? startsOf(offer, fromMs, toMs, now).length : countStartsBetween(offer, fromMs, toMs);

const cursorOf = (offer: OfferForAvailability, fromMs: number, toMs: number, now: Date, descending: boolean): Cursor<number> => {
  if (!isPass(offer)) return startInstantsCursor(offer, fromMs, toMs, descending);
  return arrayCursor(startsOf(offer, fromMs, toMs, now), descending);
};

/** The full slot of an offer starting at an instant (built from that local date alone). */
const slotAt = (offer: OfferForAvailability, startMs: number, now: Date): Entry => {
  const date = formatIsoDate(zoneTimeline(offer.timeZone).localDayAt(startMs));
  const slot = offerSlots(offer, date, date, now.getTime()).find((s) => s.startMs === startMs) as Slot;
  return { offer, slot };
};

/** What each of these starts has left: stored holds, bookings and overrides, and equipment for rentals. */
const measure = async (db: Db, accountId: string, entries: Entry[], fromMs: number, toMs: number, now: Date) => {
  const out = new Map<Entry, SlotAvailability>();
  if (!entries.length) return out;
  const fromDay = Math.floor(fromMs / 86_400_000) - 1;
  const toDay = Math.floor(toMs / 86_400_000) + 1;
  const offerIds = [...new Set(entries.map((e) => e.offer.id))];
  const use = useByKey(
    await accountSlotUse(db, accountId, { from: formatIsoDate(fromDay), to: formatIsoDate(toDay) }, now, offerIds),
  );
  const byOffer = new Map<OfferForAvailability, Entry[]>();
  for (const e of entries) {
    const list = byOffer.get(e.offer);
    if (list) list.push(e);
    else byOffer.set(e.offer, [e]);
  }
  for (const [offer, list] of byOffer) {
    const equipment = await equipmentLimits(
      db,
      offer,
      list.map((e) => e.slot),
      now,
    );
    for (const e of list) {
      const base = availabilityOf(e.slot, use.get(`${offer.id}|${keyOf(e.slot)}`));
      const equippable = equipment(e.slot);
      out.set(e, equippable === null ? base : { ...base, remaining: limitRemaining(base.remaining, equippable) });
    }
  }
  return out;
};

/**
 * The Active public offers of an organization with at least one start between two local dates
 * (inclusive, each in its offer's zone): the webstore's date filter. Counted, never listed.
 */
export const offersStartingBetween = async (db: Db, accountId: string, range: { from: string; to: string }, now: Date) => {
  const offers = await offersForAvailability(db, accountId, { activeOnly: true, publicOnly: true });
  const fromDay = parseIsoDate(range.from);
  const toDay = parseIsoDate(range.to);
  const found = new Set<string>();
  for (const offer of offers) {
    const zone = zoneTimeline(offer.timeZone);
    const fromMs = Math.max(zone.startOfDayMs(fromDay), now.getTime());
    const toMs = zone.startOfDayMs(toDay + 1);
    if (toMs > fromMs && countOf(offer, fromMs, toMs, now) > 0) found.add(offer.id);
  }
  return found;
};

import { formatClockTime } from '@excursio/contract/format';
import type { BookingTicket, StaffTicket, TicketSummary } from '@excursio/contract/qr-codes';
import { normalizeShortCode } from '@excursio/contract/tickets';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound, refusedByState } from '../../http/app-error.ts';
import { orderReference } from '../orders/order-wire.ts';
import { pricingCategoryNames } from '../pricing/pricing-categories.service.ts';
import { checkerName, checkInRule, OTHER_ORGANIZATION } from './check-in-rule.ts';
import { newShortCode, ticketContent } from './short-codes.ts';
import { signingKeyOf } from './ticket-keys.service.ts';
import { signTicket } from './ticket-signing.ts';
import {
  type BookingFacts,
  bookingFacts,
  codeRowOf,
  insertTickets,
  organizationOf,
  type TicketRow,
  ticketState,
  ticketsOfBookings,
} from './tickets.repository.ts';

/**
 * Booking tickets. Every confirmed booking has one: a row in `qr_codes` (type ticket, its short
 * code) made the first time the ticket is needed — the confirmation email, the confirmation page,
 * a PDF, the booking's screen — and a token signed with the organization's key, computed on the
 * spot (Ed25519 signatures are deterministic, so it is the same every time).
 */

type Deps = { db: Db; config: Config };

const summaryOf = (
  row: Pick<TicketRow, 'code' | 'checkedInAt'>,
  facts: BookingFacts,
  organization: { name: string; timeFormat: '24h' | '12h' },
  categories: ReadonlyMap<string, string>,
): TicketSummary => ({
  type: 'ticket',
  code: row.code,
  organization: organization.name,
  reference: orderReference(facts.orderNumber, facts.orderReferencePrefix),
  first_name: facts.firstName,
  experience_title: facts.experienceTitle,
  starts_at: facts.startsAt.toISOString(),
  local_date: facts.localDate,
  time: formatClockTime(facts.startsAt, facts.timeZone, organization.timeFormat),
  time_zone: facts.timeZone,
  participants: facts.participants,
  party: facts.party
    .filter((p) => p.quantity > 0)
    .map((p) => ({ category: categories.get(p.pricing_category_id) ?? 'Participant', quantity: p.quantity })),
  status: facts.status,
  attendance_status: facts.attendance,
  checked_in_at: row.checkedInAt?.toISOString() ?? null,
});

/** The booker's full name (staff, the printed ticket). */
const fullNameOf = (facts: BookingFacts) => `${facts.firstName} ${facts.lastName}`.trim();

/** Where the party meets: the offer's meeting point, or its address alone when it has none. */
const meetingPointOf = (facts: BookingFacts) =>
  facts.meetingPoint
    ? facts.meetingPoint
    : facts.offerAddress.trim()
      ? { name: '', address: facts.offerAddress.trim(), instructions: '' }
      : null;

const categoriesOf = (db: Db, accountId: string, facts: readonly BookingFacts[]) =>
  pricingCategoryNames(db, accountId, [...new Set(facts.flatMap((f) => f.party.map((p) => p.pricing_category_id)))]);

/** Issues the tickets these bookings should have and have not yet (the check-in manifest's codes). */
export const ensureTicketRows = async (db: Db, accountId: string, bookingIds: readonly string[]) => {
  const facts = await bookingFacts(db, accountId, bookingIds);
  if (facts.length) await issueMissing(db, accountId, facts, await ticketsOfBookings(db, accountId, bookingIds));
};

/** Ticket rows for the confirmed bookings among `facts` that have none yet. */
const issueMissing = async (db: Db, accountId: string, facts: readonly BookingFacts[], rows: TicketRow[]) => {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const have = new Set(rows.map((r) => r.bookingId));
    const missing = facts.filter((f) => f.status === 'confirmed' && !have.has(f.bookingId));
    if (!missing.length) break;
    await insertTickets(
      db,
      accountId,
      missing.map((f) => ({
        code: newShortCode(),
        bookingId: f.bookingId,
        name: `${orderReference(f.orderNumber, f.orderReferencePrefix)} · ${f.experienceTitle}`,
      })),
    );
    rows = await ticketsOfBookings(
      db,
      accountId,
      facts.map((f) => f.bookingId),
    );
  }
  return rows;
};

/** The tickets of these bookings with their facts, in the bookings' order (issued where missing). */
const ticketsWithFacts = async ({ db, config }: Deps, accountId: string, bookingIds: readonly string[]) => {
  const facts = await bookingFacts(db, accountId, bookingIds);
  if (!facts.length) return [];
  const rows = await issueMissing(db, accountId, facts, await ticketsOfBookings(db, accountId, bookingIds));
  if (!rows.length) return [];
  const [key, organization, categories] = await Promise.all([
    signingKeyOf(db, config.JWT_SECRET, accountId),
    organizationOf(db, accountId),
    categoriesOf(db, accountId, facts),
  ]);
  const byBooking = new Map(rows.map((r) => [r.bookingId, r]));
  const factsOf = new Map(facts.map((f) => [f.bookingId, f]));
  return bookingIds.flatMap((id) => {
    const row = byBooking.get(id);
    const f = factsOf.get(id);
    if (!row || !f) return [];
    const token = signTicket(key, {
      booking_id: f.bookingId,
      slot_id: f.slotId,
      starts_at: f.startsAt.toISOString(),
      participants: f.participants,
    });
    const ticket: BookingTicket = {
      ...summaryOf(row, f, organization, categories),
      booking_id: f.bookingId,
      content: ticketContent(config, organization.subdomain, row.code, token),
      meeting_point: meetingPointOf(f),
      name: fullNameOf(f),
    };
    return [{ ticket, facts: f }];
  });
};

/**
 * The tickets of these bookings, in their order: a confirmed booking's is issued if it had none;
 * a booking that was never confirmed has none (a canceled one keeps the ticket it had, marked so).
 */
export const bookingTickets = async (deps: Deps, accountId: string, bookingIds: readonly string[]) =>
  (await ticketsWithFacts(deps, accountId, bookingIds)).map((t) => t.ticket);

/** What the QR codes list shows of its tickets, by booking. */
export const ticketsForList = async (deps: Deps, accountId: string, bookingIds: readonly string[]) =>
  new Map(
    (await ticketsWithFacts(deps, accountId, bookingIds)).map(({ ticket, facts }) => [
      ticket.booking_id,
      {
        content: ticket.content,
        booking: {
          id: facts.bookingId,
          order_id: facts.orderId,
          order_reference: ticket.reference,
          experience_title: facts.experienceTitle,
          starts_at: ticket.starts_at,
          time_zone: facts.timeZone,
          status: facts.status,
          attendance_status: facts.attendance,
        },
      },
    ]),
  );

/** One booking's ticket for staff; 404 for a booking of another organization, 409 before it is confirmed. */
export const bookingTicket = async (deps: Deps, accountId: string, bookingId: string) => {
  const [ticket] = await bookingTickets(deps, accountId, [bookingId]);
  if (ticket) return ticket;
  const [facts] = await bookingFacts(deps.db, accountId, [bookingId]);
  if (!facts) throw notFound('This booking does not exist.');
  throw refusedByState('no_ticket', 'This booking is not confirmed: it gets its ticket once it is.');
};

/** What anyone holding a ticket may read about it (GET /api/o/{code}/). */
export const ticketSummary = async (db: Db, accountId: string, row: TicketRow) => {
  const [facts] = await bookingFacts(db, accountId, [row.bookingId as string]);
  if (!facts) throw notFound('This code does not lead anywhere.');
  const [organization, categories] = await Promise.all([organizationOf(db, accountId), categoriesOf(db, accountId, [facts])]);
  return summaryOf(row, facts, organization, categories);
};

/** A ticket as staff see it: the summary with the booker's full name and who checked the party in. */
const staffTicketOf = async (db: Db, accountId: string, row: TicketRow): Promise<StaffTicket> => {
  const [facts] = await bookingFacts(db, accountId, [row.bookingId as string]);
  if (!facts) throw notFound('This code does not lead anywhere.');
  const [organization, categories, state] = await Promise.all([
    organizationOf(db, accountId),
    categoriesOf(db, accountId, [facts]),
    ticketState(db, accountId, row.id),
  ]);
  return {
    ...summaryOf({ code: row.code, checkedInAt: state?.checkedInAt ?? null }, facts, organization, categories),
    name: fullNameOf(facts),
    checked_in_by: state?.checkedInAt ? checkerName(state) : null,
  };
};

/**
 * GET /api/check-in/tickets/{code}/: a ticket looked up by staff on the check-in page (typed, or
 * scanned and not on the day's list). Another organization's ticket is 403, a link 409 `not_a_ticket`.
 */
export const lookUpTicket = async (db: Db, accountId: string, text: string) => {
  const code = normalizeShortCode(text);
  const row = code ? await codeRowOf(db, code) : null;
  if (!row) throw notFound('This code does not lead anywhere.');
  if (row.accountId !== accountId) throw forbidden(OTHER_ORGANIZATION, 'other_organization');
  if (row.type !== 'ticket' || !row.bookingId) {
    throw refusedByState('not_a_ticket', 'This code is a link to a store or an offer, not a ticket.');
  }
  return staffTicketOf(db, accountId, row);
};

/**
 * POST /api/o/{code}/: staff check the ticket's party in (attendance Arrived) at the server's clock,
 * by the rule every check-in follows (`check-in-rule.ts`). Refused for another organization's ticket,
 * a code that is not a ticket, a canceled or unconfirmed booking, and a ticket checked in already —
 * each with its code and a sentence the scanning guide can act on.
 */
export const checkInTicket = async (
  db: Db,
  principal: { accountId: string; userId: string | null; deviceId?: string | null },
  row: TicketRow,
  now: Date,
): Promise<StaffTicket> => {
  const { accountId } = principal;
  if (row.accountId !== accountId) throw forbidden(OTHER_ORGANIZATION, 'other_organization');
  const [facts] = row.bookingId ? await bookingFacts(db, accountId, [row.bookingId]) : [];
  const attempt = { at: now, userId: principal.userId, deviceId: principal.deviceId ?? null, checkInId: null };
  const outcome = await db.transaction((tx) => checkInRule(tx, accountId, row, attempt));
  if (outcome.kind === 'refused') {
    throw outcome.status === 404
      ? notFound(outcome.detail)
      : outcome.status === 403
        ? forbidden(outcome.detail, outcome.code)
        : refusedByState(outcome.code, outcome.detail);
  }
  if (outcome.kind === 'already_checked_in') {
    const { timeFormat } = await organizationOf(db, accountId);
    const zone = facts?.timeZone ?? 'UTC';
    throw refusedByState('already_checked_in', alreadyCheckedIn(outcome.standing, { timeZone: zone, timeFormat, now }));
  }
  return staffTicketOf(db, accountId, row);
};

/** `1 December 2026` of an instant in a zone. */
const localDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(at);

/**
 * What a guide is told of a ticket used before: when (the time in the offer's zone and the
 * organization's time format; the date too when it was not today) and by whom.
 */
export const alreadyCheckedIn = (
  standing: { at: Date; by: string | null } | null,
  options: { timeZone: string; timeFormat: '24h' | '12h'; now: Date },
) => {
  if (!standing) return 'Already marked Arrived on the bookings list: this party is checked in.';
  const { timeZone, timeFormat, now } = options;
  const day = localDay(standing.at, timeZone);
  const when = `${day === localDay(now, timeZone) ? '' : `on ${day} `}at ${formatClockTime(standing.at, timeZone, timeFormat)}`;
  return `Already checked in ${when}${standing.by ? ` by ${standing.by}` : ''}: this ticket was used before.`;
};

import { type CheckInManifest, checkInTimeFits, localDateIn, type ManifestBooking } from '@excursio/contract/check-in';
import { parseScannedCode, type TicketClaims, verifyTicketToken } from '@excursio/contract/tickets';
import { formatZonedTime } from '../../../lib/format/format.ts';

/**
 * What a scanning device decides on its own, from the day's manifest and the organization's public
 * keys it keeps: no network needed. A scanned ticket's signature is checked here (forged, altered
 * or another organization's tickets are refused before anything else); a typed code is found in
 * the manifest (which came from the server over the signed-in connection).
 */

/** A check-in this device made and has not synced yet. */
export type QueuedCheckIn = {
  client_event_id: string;
  code: string;
  token: string | null;
  checked_in_at: string;
  booking_id: string | null;
};

export type LocalVerdict =
  | { kind: 'not_a_code'; message: string }
  | { kind: 'refused'; reason: 'malformed' | 'unknown_key' | 'bad_signature' | 'mismatch'; message: string }
  /** Not on this device's list and nothing signed to go by: only the server can tell (online). */
  | { kind: 'unknown'; code: string }
  | {
      kind: 'ticket';
      code: string;
      token: string | null;
      /** The manifest's booking; null for a signed ticket booked after the manifest was downloaded. */
      booking: ManifestBooking | null;
      claims: TicketClaims | null;
      signature: 'valid' | 'none';
    };

const REFUSALS = {
  malformed: 'This is not a valid ticket: its signed part is damaged or made up. Do not let it in; call the office.',
  unknown_key:
    'This ticket was not issued by this organization (another company’s ticket, or a forgery). Do not let it in; call the office.',
  bad_signature: 'The ticket’s signature does not match: it was altered or forged. Do not let it in; call the office.',
  mismatch: 'This ticket’s signed part belongs to another booking than its code: it was altered. Do not let it in.',
} as const;

export const checkLocally = async (
  scanned: string,
  manifest: Pick<CheckInManifest, 'keys' | 'bookings'> | null,
): Promise<LocalVerdict> => {
  const parsed = parseScannedCode(scanned);
  if (!parsed) return { kind: 'not_a_code', message: 'That is not a ticket code. A code looks like ABCD-EFGH-JKMN.' };
  const byCode = manifest?.bookings.find((b) => b.code === parsed.code) ?? null;
  if (!parsed.token) {
    return byCode
      ? { kind: 'ticket', code: parsed.code, token: null, booking: byCode, claims: null, signature: 'none' }
      : { kind: 'unknown', code: parsed.code };
  }
  const verdict = await verifyTicketToken(parsed.token, manifest?.keys ?? []);
  if (!verdict.valid) {
    // Without keys yet (never online), a signature cannot be judged: leave it to the server.
    if (verdict.reason === 'unknown_key' && !manifest?.keys.length) return { kind: 'unknown', code: parsed.code };
    return { kind: 'refused', reason: verdict.reason, message: REFUSALS[verdict.reason] };
  }
  const booking = manifest?.bookings.find((b) => b.booking_id === verdict.claims.booking_id) ?? null;
  if (byCode && byCode.booking_id !== verdict.claims.booking_id) {
    return { kind: 'refused', reason: 'mismatch', message: REFUSALS.mismatch };
  }
  if (booking?.code && booking.code !== parsed.code) return { kind: 'refused', reason: 'mismatch', message: REFUSALS.mismatch };
  return { kind: 'ticket', code: parsed.code, token: parsed.token, booking, claims: verdict.claims, signature: 'valid' };
};

export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The booking's facts a check-in's time is judged by (a signed ticket alone: its start, in this device's zone). */
export const timingOf = (ticket: Extract<LocalVerdict, { kind: 'ticket' }>) => {
  if (ticket.booking) return ticket.booking;
  const startsAt = ticket.claims?.starts_at ?? new Date(0).toISOString();
  const timeZone = deviceTimeZone();
  return { local_date: localDateIn(new Date(startsAt), timeZone), starts_at: startsAt, ends_at: startsAt, time_zone: timeZone };
};

/** A check-in that stands already: when (null: marked Arrived on the bookings list), by whom, whether on this phone. */
export type StandingCheckIn = { at: string | null; by: string | null; timeZone?: string; onThisPhone: boolean };

export type LocalDecision =
  | { ok: true }
  | { ok: false; state: 'canceled' | 'not_confirmed' | 'other_day'; message: string }
  | { ok: false; state: 'checked_in'; message: string; standing: StandingCheckIn };

/** Whether the party may be checked in here and now, or why not (shown to the guide). */
export const localCheckIn = (
  ticket: Extract<LocalVerdict, { kind: 'ticket' }>,
  queued: readonly QueuedCheckIn[],
  now: Date,
): LocalDecision => {
  const bookingId = ticket.booking?.booking_id ?? ticket.claims?.booking_id;
  const mine = queued.find((q) => q.code === ticket.code || (bookingId && q.booking_id === bookingId));
  if (mine) {
    return {
      ok: false,
      state: 'checked_in',
      message: `Already checked in on this phone at ${clock(mine.checked_in_at, ticket.booking?.time_zone)}.`,
      standing: { at: mine.checked_in_at, by: null, timeZone: ticket.booking?.time_zone, onThisPhone: true },
    };
  }
  const b = ticket.booking;
  if (b?.status === 'canceled')
    return { ok: false, state: 'canceled', message: 'This booking is canceled: the ticket is not valid.' };
  if (b && b.status !== 'confirmed') {
    return {
      ok: false,
      state: 'not_confirmed',
      message: 'This booking is not confirmed yet: the ticket is not valid until it is.',
    };
  }
  if (b?.attendance_status === 'arrived') {
    const who = b.checked_in_by ? ` by ${b.checked_in_by}` : '';
    return {
      ok: false,
      state: 'checked_in',
      message: b.checked_in_at
        ? `Already checked in at ${clock(b.checked_in_at, b.time_zone)}${who}: this ticket was used before.`
        : 'Already marked Arrived on the bookings list: this party is checked in.',
      standing: { at: b.checked_in_at, by: b.checked_in_by, timeZone: b.time_zone, onThisPhone: false },
    };
  }
  if (!checkInTimeFits(now, timingOf(ticket))) {
    return { ok: false, state: 'other_day', message: 'This ticket is for another day: it can be checked in on its day only.' };
  }
  return { ok: true };
};

/** The time of an instant in the organization's time format (the offer's zone when known, else this device's). */
export const clock = (iso: string, timeZone?: string) => formatZonedTime(iso, timeZone);

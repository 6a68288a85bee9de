import {
  CHECK_IN_CLOCK_SKEW_MS,
  type CheckInManifest,
  type CheckInSyncInput,
  type CheckInSyncResult,
  checkInTimeFits,
} from '@excursio/contract/check-in';
import { formatClockTime } from '@excursio/contract/format';
import { normalizeShortCode, verifyTicketToken } from '@excursio/contract/tickets';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderReference } from '../orders/order-wire.ts';
import { pricingCategoryNames } from '../pricing/pricing-categories.service.ts';
import { type CheckInOutcome, checkInRule, NOWHERE, OTHER_ORGANIZATION, type Standing } from '../tickets/check-in-rule.ts';
import { publicKeysOf, signingKeyOf } from '../tickets/ticket-keys.service.ts';
import { bookingFacts, codeRowOf, organizationOf } from '../tickets/tickets.repository.ts';
import { alreadyCheckedIn, ensureTicketRows } from '../tickets/tickets.service.ts';
import { bookingIdsOfDay, claimEvent, eventResult, manifestRows, recordOutcome } from './check-in.repository.ts';

type Deps = { db: Db; config: Config };

const nameOf = (first: string | null, last: string | null, email: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim() || email || null;

/**
 * GET /api/check-in/manifest/?date=: what a scanning device keeps to check tickets in without a
 * network — the day's bookings (every state: a canceled one must be refused offline too) with their
 * ticket codes, party, answers and standing check-in, the organization's public keys, the server's time.
 */
export const checkInManifest = async ({ db, config }: Deps, accountId: string, date: string, now: Date) => {
  const ids = await bookingIdsOfDay(db, accountId, date);
  if (ids.length) {
    await ensureTicketRows(db, accountId, ids);
    // Tickets are signed with the organization's key: make sure it exists before handing the keys out.
    await signingKeyOf(db, config.JWT_SECRET, accountId);
  }
  const [rows, keys, organization] = await Promise.all([
    manifestRows(db, accountId, date),
    publicKeysOf(db, accountId),
    organizationOf(db, accountId),
  ]);
  const categories = await pricingCategoryNames(db, accountId, [
    ...new Set(rows.flatMap((r) => r.party.map((p) => p.pricing_category_id))),
  ]);
  const manifest: CheckInManifest = {
    date,
    organization: organization.name,
    server_time: now.toISOString(),
    keys: keys.keys.map(({ created_at: _, ...k }) => k),
    bookings: rows.map((r) => ({
      booking_id: r.bookingId,
      code: r.code,
      order_reference: orderReference(r.orderNumber, r.orderReferencePrefix),
      name: `${r.firstName} ${r.lastName}`.trim(),
      experience_id: r.experienceId,
      experience_title: r.experienceTitle,
      slot_id: r.slotId,
      starts_at: r.startsAt.toISOString(),
      ends_at: r.endsAt.toISOString(),
      local_date: r.localDate,
      time: formatClockTime(r.startsAt, r.timeZone, organization.timeFormat),
      time_zone: r.timeZone,
      participants: r.participants,
      party: r.party
        .filter((p) => p.quantity > 0)
        .map((p) => ({ category: categories.get(p.pricing_category_id) ?? 'Participant', quantity: p.quantity })),
      answers: r.answers.filter((a) => a.answer.trim()).map((a) => ({ question: a.question, answer: a.answer })),
      status: r.status,
      attendance_status: r.attendance,
      checked_in_at: r.checkedInAt?.toISOString() ?? null,
      checked_in_by: r.checkedInAt ? nameOf(r.byFirstName, r.byLastName, r.byEmail) : null,
      checked_in_device_id: r.checkedInAt ? r.checkedInDeviceId : null,
    })),
  };
  return manifest;
};

type Item = CheckInSyncInput['items'][number];
type TimeFormat = '24h' | '12h';
type Principal = { accountId: string; userId: string | null };

const wire = (s: Standing | null) => (s ? { at: s.at.toISOString(), by: s.by, device_id: s.deviceId } : null);

/** A device's clock this far from the server's is corrected (a few seconds are the network's). */
const CLOCK_OFFSET_CORRECTED_MS = 60_000;

/**
 * One queued check-in, in its own transaction: its event id claimed first (a retry answers what the
 * first sync answered and changes nothing), the code resolved, a scanned token verified again with
 * the organization's keys, the device's time checked, then the rule every check-in follows.
 */
const syncItem = async (
  tx: Tx,
  principal: Principal,
  deviceId: string,
  item: Item,
  at: Date,
  now: Date,
  timeFormat: TimeFormat,
): Promise<CheckInSyncResult> => {
  const { accountId } = principal;
  const claimed = await claimEvent(tx, accountId, {
    clientEventId: item.client_event_id,
    deviceId,
    userId: principal.userId,
    occurredAt: at,
    receivedAt: now,
  });
  if (!claimed) return (await eventResult(tx, accountId, item.client_event_id)) as CheckInSyncResult;
  const base = { client_event_id: item.client_event_id, code: item.code, checked_in: null, replaced: null };
  const code = normalizeShortCode(item.code);
  const found = code ? await codeRowOf(tx, code) : null;
  const row = found?.accountId === accountId ? found : null;
  const refuse = (reason: string, detail: string): CheckInSyncResult => ({
    ...base,
    booking_id: row?.bookingId ?? null,
    result: 'refused',
    reason,
    detail,
  });
  const [facts] = row?.bookingId ? await bookingFacts(tx, accountId, [row.bookingId]) : [];
  let result: CheckInSyncResult;
  if (!found) result = refuse('not_found', NOWHERE);
  else if (!row) result = refuse('other_organization', OTHER_ORGANIZATION);
  else if (item.token && (await tokenProblem(tx, accountId, item.token, row.bookingId))) {
    result = refuse('bad_signature', 'The ticket’s signature does not match: it was altered or forged. Not checked in.');
  } else if (at.getTime() > now.getTime() + CHECK_IN_CLOCK_SKEW_MS) {
    result = refuse('invalid_time', 'This check-in’s time is in the future: check the phone’s clock. Not recorded.');
  } else if (facts && !checkInTimeFits(at, wireFacts(facts))) {
    result = refuse('invalid_time', `Checked in on another day than the booking’s (${facts.localDate}): not recorded.`);
  } else {
    const attempt = { at, userId: principal.userId, deviceId, checkInId: claimed };
    const outcome = await checkInRule(tx, accountId, row, attempt);
    result = resultOf(base, row.bookingId, outcome, { deviceId, at, timeZone: facts?.timeZone ?? 'UTC', timeFormat, now });
  }
  await recordOutcome(tx, accountId, claimed, {
    qrCodeId: row?.id ?? null,
    outcome: result.result,
    result,
  });
  return result;
};

/** Why a scanned token does not vouch for this booking's ticket, or null when it does. */
const tokenProblem = async (tx: Tx, accountId: string, token: string, bookingId: string | null) => {
  const verdict = await verifyTicketToken(token, (await publicKeysOf(tx, accountId)).keys);
  if (!verdict.valid) return verdict.reason;
  return verdict.claims.booking_id === bookingId ? null : 'mismatch';
};

const wireFacts = (f: { localDate: string; startsAt: Date; endsAt: Date; timeZone: string }) => ({
  local_date: f.localDate,
  starts_at: f.startsAt.toISOString(),
  ends_at: f.endsAt.toISOString(),
  time_zone: f.timeZone,
});

/** ` by Anna on another device`: who made a check-in, as the device that asks sees it. */
const madeBy = (s: Standing, deviceId: string) =>
  `${s.by ? ` by ${s.by}` : ''}${s.deviceId === deviceId ? ' on this device' : s.deviceId ? ' on another device' : ''}`;

const resultOf = (
  base: Pick<CheckInSyncResult, 'client_event_id' | 'code'>,
  bookingId: string | null,
  outcome: CheckInOutcome,
  mine: { deviceId: string; at: Date; timeZone: string; timeFormat: TimeFormat; now: Date },
): CheckInSyncResult => {
  const clock = (at: Date) => formatClockTime(at, mine.timeZone, mine.timeFormat);
  const common = { ...base, booking_id: bookingId, checked_in: null, replaced: null };
  if (outcome.kind === 'refused') return { ...common, result: 'refused', reason: outcome.code, detail: outcome.detail };
  if (outcome.kind === 'already_checked_in') {
    const s = outcome.standing;
    return {
      ...common,
      result: 'already_checked_in',
      reason: 'already_checked_in',
      detail: s
        ? `Already checked in at ${clock(s.at)}${madeBy(s, mine.deviceId)}: the earlier check-in counts.`
        : alreadyCheckedIn(null, mine),
      checked_in: wire(s),
    };
  }
  const r = outcome.replaced;
  return {
    ...common,
    result: 'checked_in',
    reason: null,
    detail: r
      ? `Checked in. It was also checked in later, at ${clock(r.at)}${madeBy(r, mine.deviceId)}: this earlier check-in counts.`
      : 'Checked in.',
    checked_in: { at: mine.at.toISOString(), by: null, device_id: mine.deviceId },
    replaced: wire(r),
  };
};

/**
 * POST /api/check-in/sync/: a device's queued check-ins, each answered (checked in, already checked
 * in — when, by whom, on which device — or refused, with why). The device's clock is corrected by
 * its offset from the server's at sending (`sent_at`), so a phone set a few minutes wrong does not
 * win or lose conflicts it should not.
 */
export const syncCheckIns = async (db: Db, principal: Principal, input: CheckInSyncInput, now: Date) => {
  const offset = now.getTime() - Date.parse(input.sent_at);
  const correction = Math.abs(offset) > CLOCK_OFFSET_CORRECTED_MS ? offset : 0;
  const results: CheckInSyncResult[] = [];
  const { timeFormat } = await organizationOf(db, principal.accountId);
  for (const item of input.items) {
    const at = new Date(Date.parse(item.checked_in_at) + correction);
    results.push(await db.transaction((tx) => syncItem(tx, principal, input.device_id, item, at, now, timeFormat)));
  }
  return { server_time: now.toISOString(), results };
};

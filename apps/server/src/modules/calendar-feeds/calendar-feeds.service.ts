import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeed, CalendarFeedCreated } from '@excursio/contract/calendar-feeds';
import ical, { ICalEventStatus } from 'ical-generator';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import {
  activeFeeds,
  departures,
  experienceOf,
  type FeedRow,
  feedByHash,
  insertFeed,
  revokeFeed,
  revokeScope,
} from './calendar-feeds.repository.ts';

/** Feeds cover the last 30 days and the coming year. */
const PAST_DAYS = 30;
const AHEAD_DAYS = 366;
const DAY_MS = 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** `cal_` + 32 random bytes (base64url): what the address carries. */
const newToken = () => `cal_${randomBytes(32).toString('base64url')}`;
export const looksLikeFeedToken = (token: string) => /^cal_[A-Za-z0-9_-]{43}$/.test(token);

const toFeed = (feed: FeedRow, title: string | null): CalendarFeed => ({
  id: feed.id,
  experience_id: feed.experienceId,
  experience_title: feed.experienceId ? title : null,
  created_at: feed.createdAt.toISOString(),
});

export const listFeeds = async (db: Db, accountId: string) =>
  (await activeFeeds(db, accountId)).map((r) => toFeed(r.feed, r.title));

/**
 * A new secret address for the organization's calendar or one offer's; the scope's previous
 * address stops working in the same transaction (one live address per scope).
 */
export const createFeed = async (
  db: Db,
  accountId: string,
  experienceId: string | null,
  options: { origin: string; now: Date },
): Promise<CalendarFeedCreated> => {
  const token = newToken();
  const { feed, title } = await db.transaction(async (tx) => {
    const offer = experienceId ? await experienceOf(tx, accountId, experienceId) : null;
    if (experienceId && !offer) throw notFound('This experience does not exist.');
    await revokeScope(tx, accountId, experienceId, options.now);
    return { feed: await insertFeed(tx, { accountId, experienceId, tokenHash: hashOf(token) }), title: offer?.title ?? null };
  });
  return { ...toFeed(feed, title), url: `${options.origin}/api/calendar-feeds/${token}/feed.ics` };
};

export const revokeCalendarFeed = async (db: Db, accountId: string, id: string, now: Date) => {
  if (!(await revokeFeed(db, accountId, id, now))) throw notFound('This calendar feed does not exist.');
};

/**
 * The feed's calendar (RFC 5545, by ical-generator: escaped text, folded lines, CRLF): one event per
 * departure with bookings, in UTC, `UID slot-<id>@excursio` (stable: a calendar updates the event in
 * place when the counts change). Null for an unknown or revoked token, or another organization's.
 */
export const feedCalendar = async (db: Db, accountId: string, token: string, now: Date) => {
  if (!looksLikeFeedToken(token)) return null;
  const feed = await feedByHash(db, hashOf(token));
  if (!feed || feed.accountId !== accountId) return null;
  const rows = await departures(db, accountId, {
    experienceId: feed.experienceId,
    from: new Date(now.getTime() - PAST_DAYS * DAY_MS),
    to: new Date(now.getTime() + AHEAD_DAYS * DAY_MS),
  });
  const calendar = ical({
    prodId: { company: 'Excursio', product: 'Departures', language: 'EN' },
    name: feed.experienceId ? (rows[0]?.title ?? 'Departures') : 'Departures',
    ttl: 15 * 60,
  });
  for (const d of rows) {
    calendar.createEvent({
      id: `slot-${d.slotId}@excursio`,
      start: d.startsAt,
      end: d.endsAt,
      stamp: now,
      summary: `${d.title} (${d.participants} booked)`,
      description: `${d.bookings} booking${d.bookings === 1 ? '' : 's'}, ${d.participants} participant${d.participants === 1 ? '' : 's'}, ${d.arrived} arrived`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
};

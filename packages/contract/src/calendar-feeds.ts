import { z } from 'zod';
import { id, timestamp } from './common.ts';

/** A calendar feed: the organization's departures (`experience_id` null) or one offer's. */
export const calendarFeed = z.object({
  id,
  experience_id: id.nullable(),
  /** The offer's title, or null for the organization's feed. */
  experience_title: z.string().nullable(),
  created_at: timestamp,
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

/** The answer to making a feed: its secret address (shown this once; the server keeps a hash). */
export const calendarFeedCreated = calendarFeed.extend({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreated>;

/** Making a feed for a scope revokes that scope's previous one (a new address = the old one stops). */
export const calendarFeedInput = z.strictObject({ experience_id: id.nullable().default(null) });
export type CalendarFeedInput = z.input<typeof calendarFeedInput>;

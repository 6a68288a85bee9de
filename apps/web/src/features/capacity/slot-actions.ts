import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { formatTime } from '../../lib/format/format.ts';

type SlotRef = { experience_id: string; start_time_id: string | null; date: string; time: string; experience_title: string };

/** What the override endpoints need to name one start. */
export const slotTarget = (slot: SlotRef) => ({
  experience_id: slot.experience_id,
  start_time_id: slot.start_time_id,
  date: slot.date,
});

/** "10:00 · Old town walk" (an open-dated pass day has no time of its own). */
export const slotTitle = (slot: SlotRef) =>
  `${slot.start_time_id === null ? 'All day' : formatTime(slot.time)} · ${slot.experience_title}`;

const CONFLICT_CODES = new Set(['below_booked', 'below_held']);

/**
 * A capacity below what is booked or held (409 `below_booked` / `below_held`): the server's
 * sentence, for the "Set anyway" question. Null for any other failure.
 */
export const conflictOf = (error: FetchBaseQueryError | SerializedError | undefined): string | null => {
  if (!error || !('status' in error) || error.status !== 409) return null;
  const items = (error.data as { errors?: { code?: unknown; detail?: unknown }[] } | undefined)?.errors ?? [];
  const item = items.find((i) => typeof i.code === 'string' && CONFLICT_CODES.has(i.code));
  return item && typeof item.detail === 'string' ? item.detail : null;
};

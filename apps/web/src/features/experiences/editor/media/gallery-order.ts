/** Pure rules of the gallery's order (the first image is the offer's cover). */

/** `ids` with the item at `from` moved to `to` (both clamped); the same array when nothing moves. */
export const moveId = (ids: readonly string[], from: number, to: number): string[] => {
  const target = Math.max(0, Math.min(ids.length - 1, to));
  if (from < 0 || from >= ids.length || from === target) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved);
  return next;
};

export const orderKey = (ids: readonly string[]) => ids.join(',');

/** An order shown before the server confirmed it, tied to the server order it was made from. */
export type PendingOrder = { ids: string[]; base: string };

/**
 * What the gallery shows: the pending order while the server's order is still the one it was made
 * from; once the server's order changes (the refetch after saving, an upload, a removal) the
 * server's order again.
 */
export const shownOrder = (serverIds: readonly string[], pending: PendingOrder | null): string[] =>
  pending && pending.base === orderKey(serverIds) ? pending.ids : [...serverIds];

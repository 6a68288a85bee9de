/**
 * Equipment stock shared across rentals. An item (10 kayaks) is one pool for every offer and slot
 * that uses it: usages that overlap in time share the stock, whatever offer they come from.
 * Intervals are half-open, [start, end): a kayak returned at 12:00 can go out again at 12:00.
 * An empty interval (an offer without a duration) is read as occupying its start instant, so it
 * still competes with anything running then instead of silently using no stock.
 *
 * The peak over an interval, not the sum, is what matters: 6 kayaks out 09–11 and 6 out 11–13 never
 * need more than 6 at once.
 */

export type EquipmentUsage = {
  /** A hold's or booking's id: lets a caller leave its own usage out (re-checking a cart line). */
  id?: string;
  itemId: string;
  quantity: number;
  startMs: number;
  endMs: number;
  /** For holds: the usage stops counting at this instant. Absent/null = a booking, always counts. */
  expiresAtMs?: number | null;
};

export type EquipmentNeed = { itemId: string; quantity: number };

export type Interval = { startMs: number; endMs: number };

const endOf = (startMs: number, endMs: number) => (endMs > startMs ? endMs : startMs + 1);

/** Whether two half-open intervals share an instant (empty ones read as their start instant). */
export const intervalsOverlap = (a: Interval, b: Interval): boolean =>
  a.startMs < endOf(b.startMs, b.endMs) && b.startMs < endOf(a.startMs, a.endMs);

const counts = (u: EquipmentUsage, nowMs: number, ignoreIds?: ReadonlySet<string>) =>
  (u.expiresAtMs === undefined || u.expiresAtMs === null || u.expiresAtMs > nowMs) &&
  !(u.id !== undefined && ignoreIds?.has(u.id));

/** The most units of `itemId` in use at any one instant of `interval` (expired holds left out). */
export const maxConcurrentUsage = (
  usages: readonly EquipmentUsage[],
  itemId: string,
  interval: Interval,
  nowMs: number,
  ignoreIds?: ReadonlySet<string>,
): number => {
  const qStart = interval.startMs;
  const qEnd = endOf(interval.startMs, interval.endMs);
  const events: [time: number, delta: number][] = [];
  for (const u of usages) {
    if (u.itemId !== itemId || u.quantity <= 0 || !counts(u, nowMs, ignoreIds)) continue;
    const end = endOf(u.startMs, u.endMs);
    if (u.startMs >= qEnd || end <= qStart) continue;
    events.push([Math.max(u.startMs, qStart), u.quantity], [Math.min(end, qEnd), -u.quantity]);
  }
  // Ends before starts at the same instant: half-open intervals that touch do not overlap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let peak = 0;
  for (const [, delta] of events) {
    current += delta;
    if (current > peak) peak = current;
  }
  return peak;
};

export type ItemFit = { itemId: string; stock: number; used: number; available: number; requested: number; fits: boolean };

export type EquipmentFitInput = {
  /** Stock per item id; an item missing here has no stock. */
  stock: ReadonlyMap<string, number>;
  usages: readonly EquipmentUsage[];
  interval: Interval;
  needs: readonly EquipmentNeed[];
  nowMs: number;
  ignoreIds?: ReadonlySet<string>;
};

/**
 * Whether a new usage fits: for each item, the peak already in use over the new interval plus
 * the new quantity stays within stock. (The new usage covers its whole interval, so the peak
 * with it is the old peak plus its quantity.)
 */
export const equipmentFit = (input: EquipmentFitInput): { fits: boolean; items: ItemFit[] } => {
  const requested = new Map<string, number>();
  for (const n of input.needs) requested.set(n.itemId, (requested.get(n.itemId) ?? 0) + n.quantity);
  const items: ItemFit[] = [];
  for (const [itemId, quantity] of requested) {
    const stock = input.stock.get(itemId) ?? 0;
    const used = maxConcurrentUsage(input.usages, itemId, input.interval, input.nowMs, input.ignoreIds);
    const available = Math.max(0, stock - used);
    items.push({ itemId, stock, used, available, requested: quantity, fits: quantity <= available });
  }
  return { fits: items.every((i) => i.fits), items };
};

/**
 * How many more participants the stock can equip over an interval, given the units of each item
 * one participant needs (`experience_inventory_items.quantity`); null when the offer uses no
 * equipment (then only the slot's own capacity limits it).
 */
export const participantsEquippable = (
  input: Omit<EquipmentFitInput, 'needs'> & { perParticipant: readonly EquipmentNeed[] },
): number | null => {
  let best: number | null = null;
  for (const need of input.perParticipant) {
    if (need.quantity <= 0) continue;
    const stock = input.stock.get(need.itemId) ?? 0;
    const used = maxConcurrentUsage(input.usages, need.itemId, input.interval, input.nowMs, input.ignoreIds);
    const people = Math.floor(Math.max(0, stock - used) / need.quantity);
    best = best === null ? people : Math.min(best, people);
  }
  return best;
};

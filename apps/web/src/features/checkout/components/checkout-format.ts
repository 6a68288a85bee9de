import type { AvailabilitySlot } from '@excursio/contract/availability';
import type { CartLine } from '@excursio/contract/cart';

const REASON_LABELS: Record<NonNullable<AvailabilitySlot['unbookable_reason']>, string> = {
  not_active: 'Not on sale',
  past: 'Started',
  cutoff: 'Sales closed',
  no_rate: 'No price',
  closed: 'Closed',
  full: 'Full',
};

/** `7 left`, `No limit`, or why it cannot be booked. */
export const slotLabel = (slot: Pick<AvailabilitySlot, 'bookable' | 'unbookable_reason' | 'available'>) => {
  if (!slot.bookable) return slot.unbookable_reason ? REASON_LABELS[slot.unbookable_reason] : 'Not bookable';
  return slot.available === null ? 'No limit' : `${slot.available} left`;
};

/** The party as `check-availability` reads it: `<category id>:2,<category id>:1` (zeros left out). */
export const pricingOptionsParam = (quantities: Record<string, number>) =>
  Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => `${id}:${quantity}`)
    .join(',');

/** `2 × Adult, 1 × Child` from the line's party (the server names each category, a resold offer's too). */
export const partySummary = (line: Pick<CartLine, 'units' | 'participants'>) =>
  line.units.map((u) => `${u.quantity} × ${u.name}`).join(', ') || `${line.participants} participants`;

/** What is left of a hold: `9 min`, `45 s`, or null once it expired. */
export const holdLeft = (expiresAt: string, nowMs: number) => {
  const ms = new Date(expiresAt).getTime() - nowMs;
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  return minutes >= 1 ? `${minutes} min` : `${Math.ceil(ms / 1000)} s`;
};

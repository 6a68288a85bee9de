import type { Departure, DepartureDay, SalesFigures } from '@excursio/contract/home';

/**
 * The home's small judgements, pure: how this month compares with last, how far a departure's
 * check-in is, how full a day is.
 */

/** Change from `before` to `now` in whole percent; null when there was nothing before (no base to compare). */
export const percentChange = (now: number, before: number): number | null =>
  before === 0 ? null : Math.round(((now - before) * 100) / before);

/** "+12 % vs last month to date", "−5 % …", "New this month" (nothing before), "Same as …". */
export const changeLabel = (now: SalesFigures, before: SalesFigures): { text: string; color: 'teal' | 'red' | 'gray' } => {
  const change = percentChange(now.gross, before.gross);
  if (change === null) return now.gross > 0 ? { text: 'New this month', color: 'teal' } : { text: 'No sales yet', color: 'gray' };
  if (change === 0) return { text: 'Same as last month to date', color: 'gray' };
  return change > 0
    ? { text: `+${change} % vs last month to date`, color: 'teal' }
    : { text: `−${Math.abs(change)} % vs last month to date`, color: 'red' };
};

/** Arrived of booked participants, 0–100 (a departure without participants has nothing to check in). */
export const checkInPercent = (d: Pick<Departure, 'arrived' | 'participants'>) =>
  d.participants === 0 ? 0 : Math.min(100, Math.round((d.arrived * 100) / d.participants));

/** "5 / 12" places, or "5 booked" without a limit. */
export const bookedLabel = (d: { booked: number; capacity: number | null }) =>
  d.capacity === null ? `${d.booked} booked` : `${d.booked} / ${d.capacity}`;

/** How full a day of the week ahead looks: its colour on the strip (as the capacity calendar colours days). */
export const dayColor = (day: Pick<DepartureDay, 'slots' | 'utilisation'>) => {
  if (day.slots === 0 || day.utilisation === null) return 'gray';
  if (day.utilisation >= 85) return 'red';
  if (day.utilisation >= 50) return 'orange';
  return 'teal';
};

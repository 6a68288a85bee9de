import type { UnbookableReason } from '@excursio/contract/availability';

export type SlotStatus = { label: string; color: string; hint: string };

type SlotLike = {
  closed: boolean;
  available: number | null;
  capacity: number | null;
  unbookable_reason: UnbookableReason | null;
};

/**
 * A slot's badge: Closed (the operator closed it) before Full (nothing left) before what the
 * schedule says (past, sales ended, no rate, offer not Active), else Open.
 */
export const slotStatus = (slot: SlotLike): SlotStatus => {
  if (slot.closed) return { label: 'Closed', color: 'red', hint: 'Closed by your team: nobody can book it.' };
  if (slot.available !== null && slot.available <= 0) {
    return { label: 'Full', color: 'orange', hint: 'Every place is booked or held.' };
  }
  switch (slot.unbookable_reason) {
    case 'past':
      return { label: 'Past', color: 'gray', hint: 'This start has begun or is over.' };
    case 'cutoff':
      return { label: 'Sales ended', color: 'gray', hint: "The offer's booking cut-off has passed." };
    case 'no_rate':
      return { label: 'No rate', color: 'gray', hint: 'No priced rate sells on this date.' };
    case 'not_active':
      return { label: 'Not on sale', color: 'gray', hint: 'The offer is not Active.' };
    default:
      return { label: 'Open', color: 'green', hint: 'Bookable.' };
  }
};

/** "Unlimited" for a slot without a limit, else the number. */
export const placesText = (value: number | null) => (value === null ? 'Unlimited' : String(value));

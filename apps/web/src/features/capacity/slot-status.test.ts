import { describe, expect, it } from 'vitest';
import { placesText, slotStatus } from './slot-status.ts';

const slot = (over: Partial<Parameters<typeof slotStatus>[0]> = {}) => ({
  closed: false,
  available: 5,
  capacity: 10,
  unbookable_reason: null,
  ...over,
});

describe('slot status', () => {
  it('is Closed before Full before what the schedule says, else Open', () => {
    expect(slotStatus(slot()).label).toBe('Open');
    expect(slotStatus(slot({ closed: true, available: 0, unbookable_reason: 'closed' })).label).toBe('Closed');
    expect(slotStatus(slot({ available: 0, unbookable_reason: 'full' })).label).toBe('Full');
    expect(slotStatus(slot({ available: 0, unbookable_reason: 'past' })).label).toBe('Full');
    expect(slotStatus(slot({ unbookable_reason: 'past' })).label).toBe('Past');
    expect(slotStatus(slot({ unbookable_reason: 'cutoff' })).label).toBe('Sales ended');
    expect(slotStatus(slot({ unbookable_reason: 'no_rate' })).label).toBe('No rate');
    expect(slotStatus(slot({ unbookable_reason: 'not_active' })).label).toBe('Not on sale');
    expect(slotStatus(slot({ available: null, capacity: null })).label).toBe('Open');
    expect([
      slotStatus(slot({ closed: true })).color,
      slotStatus(slot({ available: 0 })).color,
      slotStatus(slot()).color,
    ]).toEqual(['red', 'orange', 'green']);
  });

  it('says Unlimited for a slot without a limit', () => {
    expect([placesText(null), placesText(0), placesText(12)]).toEqual(['Unlimited', '0', '12']);
  });
});

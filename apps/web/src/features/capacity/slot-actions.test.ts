import { describe, expect, it } from 'vitest';
import { setDisplayFormats } from '../../lib/format/format.ts';
import { conflictOf, slotTarget, slotTitle } from './slot-actions.ts';

const slot = {
  experience_id: 'e1',
  start_time_id: 's1',
  date: '2026-12-05',
  time: '10:00',
  experience_title: 'Old town walk',
};

describe('slot actions', () => {
  it('name a start by offer, schedule line and date', () => {
    expect(slotTarget(slot)).toEqual({ experience_id: 'e1', start_time_id: 's1', date: '2026-12-05' });
    expect(slotTitle(slot)).toBe('10:00 · Old town walk');
    expect(slotTitle({ ...slot, start_time_id: null, time: '00:00' })).toBe('All day · Old town walk');
  });

  it('read a capacity below what is taken as a question, anything else as an error', () => {
    const conflict = (code: string, status = 409) => ({
      status,
      data: { type: 'client_error', errors: [{ code, detail: `${code} detail`, attr: 'capacity' }] },
    });
    expect(conflictOf(conflict('below_booked'))).toBe('below_booked detail');
    expect(conflictOf(conflict('below_held'))).toBe('below_held detail');
    expect(conflictOf(conflict('busy'))).toBeNull();
    expect(conflictOf(conflict('below_booked', 400))).toBeNull();
    expect(conflictOf({ status: 'FETCH_ERROR', error: 'offline' })).toBeNull();
    expect(conflictOf(undefined)).toBeNull();
  });
});

describe("a slot's title in the organization's time format", () => {
  it('says 10:00 AM with 12-hour set', () => {
    setDisplayFormats({ date_format: 'DD. MMMM YYYY', time_format: '12h' });
    try {
      expect(slotTitle(slot)).toBe('10:00 AM · Old town walk');
    } finally {
      setDisplayFormats({ date_format: 'DD. MMMM YYYY', time_format: '24h' });
    }
    expect(slotTitle(slot)).toBe('10:00 · Old town walk');
  });
});

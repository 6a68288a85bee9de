import { availabilitySlot, parseSlotKey, partyPrice, publicAvailability } from '@excursio/contract/availability';
import { describe, expect, it } from 'vitest';
import { slotAvailability } from './capacity-math.ts';
import { priceParty } from './party-price.ts';
import { generatePassDays } from './pass-days.ts';
import { generateSlots } from './slot-generation.ts';
import { localDateTime, toAvailabilitySlot, toPartyPriceWire, toPublicAvailability } from './slot-wire.ts';

const LINE = '0190a000-0000-7000-8000-000000000001';
const RATE = '0190a000-0000-7000-8000-0000000000aa';
const CAT = '0190a000-0000-7000-8000-0000000000cc';
const NOW = Date.parse('2026-03-01T00:00:00Z');
const slotsOn = (date: string, time = '09:00') =>
  generateSlots({
    timeZone: 'Europe/Berlin',
    startTimes: [{ id: LINE, time, weekdays: [1, 2, 3, 4, 5, 6, 7], dateFrom: '2026-01-01', dateTo: null, capacity: 10 }],
    durationMinutes: 240,
    cutoffMinutes: 30,
    rates: [{ id: RATE, validFrom: null, validTo: null, priceCount: 1 }],
    from: date,
    to: date,
    nowMs: NOW,
  });

describe('slot wire shapes (draft contract)', () => {
  it('serialises a slot with its capacity in the contract shape', () => {
    const [slot] = slotsOn('2026-03-29');
    const wire = toAvailabilitySlot(slot, slotAvailability({ capacity: 10, bookedUnits: 4, holds: [] }, NOW));
    expect(availabilitySlot.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({
      id: `2026-03-29_${LINE}`,
      starts_at: '2026-03-29T07:00:00.000Z',
      ends_at: '2026-03-29T11:00:00.000Z',
      sales_end_at: '2026-03-29T06:30:00.000Z',
      available: 6,
      bookable: true,
      unbookable_reason: null,
    });
    expect(parseSlotKey(wire.id)).toEqual({ date: '2026-03-29', start_time_id: LINE });
  });

  it('gives the schedule reason first, then closed, then full', () => {
    const [slot] = slotsOn('2026-03-29');
    const full = slotAvailability({ capacity: 10, bookedUnits: 10, holds: [] }, NOW);
    const closed = slotAvailability({ capacity: 10, closed: true, bookedUnits: 0, holds: [] }, NOW);
    expect(toAvailabilitySlot(slot, full).unbookable_reason).toBe('full');
    expect(toAvailabilitySlot(slot, closed).unbookable_reason).toBe('closed');
    expect(toAvailabilitySlot({ ...slot, reason: 'past', bookable: false }, full).unbookable_reason).toBe('past');
    expect(toPublicAvailability(slot, full, RATE).status).toBe('SOLD_OUT');
    expect(toPublicAvailability(slot, closed, RATE).status).toBe('CLOSED');
  });

  it('writes the public feed with local date-times and their offsets across a DST change', () => {
    // 00:30 CET start, 4 hours later it is 05:30 CEST.
    const [slot] = slotsOn('2026-03-29', '00:30');
    const wire = toPublicAvailability(slot, slotAvailability({ capacity: 10, bookedUnits: 7, holds: [] }, NOW), RATE);
    expect(publicAvailability.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({
      localDateTimeStart: '2026-03-29T00:30:00+01:00',
      localDateTimeEnd: '2026-03-29T05:30:00+02:00',
      utcStartAt: '2026-03-28T23:30:00.000Z',
      status: 'LIMITED',
      vacancies: 3,
      allDay: false,
    });
    expect(localDateTime('America/St_Johns', Date.parse('2026-01-10T12:00:00Z'))).toBe('2026-01-10T08:30:00-03:30');
  });

  it('marks pass days all-day and keys them by date', () => {
    const [day] = generatePassDays({
      timeZone: 'Europe/Berlin',
      rates: [{ id: RATE, validFrom: '2026-07-01', validTo: null, priceCount: 1 }],
      dailyCap: null,
      cutoffMinutes: 0,
      from: '2026-07-01',
      to: '2026-07-01',
      nowMs: NOW,
    });
    const wire = toPublicAvailability(day, slotAvailability({ capacity: null, bookedUnits: 3, holds: [] }, NOW), RATE);
    expect(wire).toMatchObject({ id: '2026-07-01_day', allDay: true, status: 'AVAILABLE', vacancies: null });
  });

  it('serialises a party price', () => {
    const rate = {
      id: RATE,
      pricingMode: 'per_person' as const,
      minParticipants: 1,
      maxParticipants: null,
      prices: [{ pricingCategoryId: CAT, priceMinor: 1999 }],
    };
    const price = priceParty(rate, { lines: [{ pricingCategoryId: CAT, quantity: 3 }] });
    if (!price.ok) throw new Error('expected a price');
    const wire = toPartyPriceWire(rate, price, 'EUR');
    expect(partyPrice.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({ total: 5997, capacity_units: 3, lines: [{ quantity: 3, unit_price: 1999, amount: 5997 }] });
  });
});

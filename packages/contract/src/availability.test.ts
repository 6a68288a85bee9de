import { describe, expect, it } from 'vitest';
import {
  checkAvailabilityQuery,
  getAvailabilitiesQuery,
  parseSlotKey,
  pricingOptions,
  reserveInput,
  slotKey,
  slotOverrideInput,
} from './availability.ts';

const A = '0190a000-0000-7000-8000-0000000000a1';
const C = '0190a000-0000-7000-8000-0000000000c1';

describe('availability contract (draft)', () => {
  it('reads pricing_options as JSON object, JSON array or id:qty pairs, dropping empty lines', () => {
    const expected = [{ pricing_category_id: A, quantity: 2 }];
    expect(pricingOptions.parse(JSON.stringify({ [A]: 2, [C]: 0 }))).toEqual(expected);
    expect(pricingOptions.parse(JSON.stringify([{ pricing_category_id: A, quantity: 2 }]))).toEqual(expected);
    expect(pricingOptions.parse(`${A}:2,${C}:0`)).toEqual(expected);
    expect(pricingOptions.parse('')).toEqual([]);
    for (const bad of [`${A}:-1`, `${A}:1.5`, 'nope:1', '{"broken"', `${A}`])
      expect(pricingOptions.safeParse(bad).success).toBe(false);
  });

  it('checks the check-availability query', () => {
    const q = checkAvailabilityQuery.parse({
      experience_id: A,
      date_from: '2026-06-01',
      group_size: '3',
      pricing_options: `${C}:3`,
    });
    expect(q).toMatchObject({ group_size: 3, pricing_options: [{ pricing_category_id: C, quantity: 3 }] });
    expect(checkAvailabilityQuery.safeParse({ experience_id: A, date_from: '2026-02-30' }).success).toBe(false);
    expect(checkAvailabilityQuery.safeParse({ experience_id: A, date_from: '2026-06-01', extra: 1 }).success).toBe(false);
  });

  it('round-trips slot keys and refuses foreign ones', () => {
    expect(parseSlotKey(slotKey({ date: '2026-06-01', start_time_id: A }))).toEqual({ date: '2026-06-01', start_time_id: A });
    expect(parseSlotKey(slotKey({ date: '2026-06-01', start_time_id: null }))).toEqual({
      date: '2026-06-01',
      start_time_id: null,
    });
    for (const bad of ['2026-06-01', '2026-02-30_day', `2026-06-01_${A}x`, 'x_day']) expect(parseSlotKey(bad)).toBeNull();
  });

  it('bounds the public availability window', () => {
    const ok = { fromDateTime: '2026-06-01T00:00:00Z', toDateTime: '2026-07-01T00:00:00+02:00' };
    expect(getAvailabilitiesQuery.safeParse(ok).success).toBe(true);
    expect(getAvailabilitiesQuery.safeParse({ ...ok, toDateTime: '2026-05-31T00:00:00Z' }).success).toBe(false);
    expect(getAvailabilitiesQuery.safeParse({ ...ok, toDateTime: '2026-09-01T00:00:00Z' }).success).toBe(false);
  });

  it('validates a reserve body and a slot override', () => {
    const body = { productId: A, availabilityId: `2026-06-01_${C}`, rateId: C, units: [{ pricingCategoryId: C, quantity: 2 }] };
    expect(reserveInput.safeParse(body).success).toBe(true);
    expect(reserveInput.safeParse({ ...body, units: [] }).success).toBe(false);
    expect(reserveInput.safeParse({ ...body, availabilityId: 'tomorrow' }).success).toBe(false);
    const override = { experience_id: A, start_time_id: C, date: '2026-06-01' };
    expect(slotOverrideInput.safeParse(override).success).toBe(false); // nothing to change
    expect(slotOverrideInput.parse({ ...override, capacity: 4 })).toMatchObject({ capacity: 4, force: false });
  });
});

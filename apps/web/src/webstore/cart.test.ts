import { describe, expect, it } from 'vitest';
import {
  addLine,
  type CartLine,
  cartKey,
  extendLine,
  isExpired,
  lineTotal,
  loadCart,
  participants,
  removeLine,
  saveCart,
} from './cart.ts';

const memory = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
};

const line = (holdId: string, over: Partial<CartLine> = {}): CartLine => ({
  holdId,
  expiresAt: '2026-11-25T10:15:00Z',
  experienceId: 'exp-1',
  title: 'Old Town Walk',
  imageUrl: null,
  availabilityId: '2026-11-26_abc',
  rateId: 'rate-1',
  startsAt: '2026-11-26T10:00:00Z',
  date: '2026-11-26',
  timeZone: 'Europe/Lisbon',
  allDay: false,
  units: [{ pricingCategoryId: 'adult', name: 'Adult', quantity: 2 }],
  extras: [{ itemId: 'x', name: 'Pastry', quantity: 2, price: 350 }],
  currency: 'EUR',
  partyTotal: 7000,
  ...over,
});

describe('cart storage', () => {
  it('keeps one cart per store and drops it when empty', () => {
    const storage = memory();
    saveCart('harbour', [line('h1')], storage);
    saveCart('city', [line('h2'), line('h3')], storage);
    expect(loadCart('harbour', storage).map((l) => l.holdId)).toEqual(['h1']);
    expect(loadCart('city', storage).map((l) => l.holdId)).toEqual(['h2', 'h3']);
    saveCart('harbour', [], storage);
    expect(storage.map.has(cartKey('harbour'))).toBe(false);
    expect(loadCart('harbour', storage)).toEqual([]);
  });

  it('reads an unreadable or foreign value as an empty cart, and skips lines that are not lines', () => {
    const storage = memory();
    storage.setItem(cartKey('s'), '{not json');
    expect(loadCart('s', storage)).toEqual([]);
    storage.setItem(cartKey('s'), JSON.stringify({ holdId: 'x' }));
    expect(loadCart('s', storage)).toEqual([]);
    storage.setItem(cartKey('s'), JSON.stringify([line('ok'), { holdId: 3 }, null]));
    expect(loadCart('s', storage).map((l) => l.holdId)).toEqual(['ok']);
    expect(loadCart('s', null)).toEqual([]);
  });

  it('adds (replacing the same hold), extends and removes lines', () => {
    let lines = addLine([], line('h1'));
    lines = addLine(lines, line('h2'));
    lines = addLine(lines, line('h1', { partyTotal: 1 }));
    expect(lines.map((l) => [l.holdId, l.partyTotal])).toEqual([
      ['h2', 7000],
      ['h1', 1],
    ]);
    lines = extendLine(lines, 'h2', '2026-11-25T10:30:00Z');
    expect(lines[0].expiresAt).toBe('2026-11-25T10:30:00Z');
    expect(removeLine(lines, 'h2').map((l) => l.holdId)).toEqual(['h1']);
  });

  it('totals the party price and the extras, counts participants, knows when a hold ran out', () => {
    expect(lineTotal(line('h'))).toBe(7700);
    expect(
      participants(
        line('h', {
          units: [
            { pricingCategoryId: 'a', name: 'Adult', quantity: 2 },
            { pricingCategoryId: 'c', name: 'Child', quantity: 1 },
          ],
        }),
      ),
    ).toBe(3);
    expect(isExpired(line('h'), Date.parse('2026-11-25T10:14:59Z'))).toBe(false);
    expect(isExpired(line('h'), Date.parse('2026-11-25T10:15:00Z'))).toBe(true);
  });
});

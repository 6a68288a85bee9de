import { describe, expect, it } from 'vitest';
import { canAttach, sameAttachments, usageFor } from './inventory-rules.ts';

describe('inventory attachment rules', () => {
  it('attaches equipment items as equipment, to rentals only', () => {
    expect(usageFor('equipment')).toBe('equipment');
    expect(usageFor('extras')).toBe('extra');
    expect(usageFor('package')).toBe('extra');
    expect(canAttach('rental', 'equipment')).toBe(true);
    expect(canAttach('ticket', 'equipment')).toBe(false);
    expect(canAttach('transfer', 'extras')).toBe(true);
    expect(canAttach('ticket', 'package')).toBe(true);
  });

  it('compares attachment sets regardless of order', () => {
    const a = { item_id: 'a', usage: 'extra' as const, quantity: 1 };
    const b = { item_id: 'b', usage: 'equipment' as const, quantity: 2 };
    expect(sameAttachments([a, b], [b, a])).toBe(true);
    expect(sameAttachments([a, b], [a, { ...b, quantity: 3 }])).toBe(false);
    expect(sameAttachments([a], [a, b])).toBe(false);
  });
});

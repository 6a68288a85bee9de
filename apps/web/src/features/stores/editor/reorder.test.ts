import { describe, expect, it } from 'vitest';
import { canReorder, movedPosition } from './reorder.ts';

describe('moving an offer in the store', () => {
  it('moves one place up or down, never past either end', () => {
    expect(movedPosition(2, 'up', 5)).toBe(1);
    expect(movedPosition(2, 'down', 5)).toBe(3);
    expect(movedPosition(0, 'up', 5)).toBeNull();
    expect(movedPosition(4, 'down', 5)).toBeNull();
  });

  it('is offered only in the store’s own order without filters', () => {
    expect(canReorder('', false)).toBe(true);
    expect(canReorder('position', false)).toBe(true);
    expect(canReorder('-position', false)).toBe(false);
    expect(canReorder('title', false)).toBe(false);
    expect(canReorder('', true)).toBe(false);
  });
});

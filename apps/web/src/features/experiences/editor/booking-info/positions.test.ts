import { describe, expect, it } from 'vitest';
import { byPosition, moved, movePatch } from './positions.ts';

const rows = (...positions: number[]) => positions.map((position, i) => ({ id: `r${i}`, position }));

describe('positions', () => {
  it('sorts by position and keeps the server order for ties', () => {
    const list = [
      { id: 'b', position: 2 },
      { id: 'a', position: 0 },
      { id: 'c', position: 2 },
    ];
    expect(byPosition(list).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('moves a row with one patch to its new index', () => {
    expect(movePatch(rows(0, 1, 2), 1, -1)).toEqual({ id: 'r1', position: 0 });
    expect(movePatch(rows(0, 1, 2), 1, 1)).toEqual({ id: 'r1', position: 2 });
    // The index in display order counts, whatever the stored numbers are.
    expect(movePatch(rows(0, 4, 9), 2, -1)).toEqual({ id: 'r2', position: 1 });
  });

  it('does nothing past either end', () => {
    expect(movePatch(rows(0, 1), 0, -1)).toBeNull();
    expect(movePatch(rows(0, 1), 1, 1)).toBeNull();
    expect(movePatch([], 0, 1)).toBeNull();
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('gives the order after a move', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});

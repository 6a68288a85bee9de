import { describe, expect, it } from 'vitest';
import { moveId, orderKey, shownOrder } from './gallery-order.ts';

describe('moveId', () => {
  it('moves an id and clamps at the ends', () => {
    expect(moveId(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveId(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 7, 0)).toEqual(['a', 'b', 'c']);
  });
});

describe('shownOrder (optimistic reorder)', () => {
  const server = ['a', 'b', 'c'];
  it('shows the pending order while the server still has the order it was made from', () => {
    expect(shownOrder(server, { ids: ['b', 'a', 'c'], base: orderKey(server) })).toEqual(['b', 'a', 'c']);
  });
  it('shows the server order without a pending one, or once the server order changed', () => {
    expect(shownOrder(server, null)).toEqual(server);
    expect(shownOrder(['b', 'a', 'c'], { ids: ['b', 'a', 'c'], base: orderKey(server) })).toEqual(['b', 'a', 'c']);
    expect(shownOrder(['a', 'b', 'c', 'd'], { ids: ['b', 'a', 'c'], base: orderKey(server) })).toEqual(['a', 'b', 'c', 'd']);
  });
});

import { describe, expect, it } from 'vitest';
import { subtreeOf } from './folders.service.ts';

describe('subtreeOf', () => {
  it('collects a folder and everything below it, whatever the row order', () => {
    const tree = [
      { id: 'c', parentId: 'b' },
      { id: 'a', parentId: null },
      { id: 'b', parentId: 'a' },
      { id: 'x', parentId: null },
      { id: 'd', parentId: 'a' },
    ];
    expect([...subtreeOf(tree, 'a')].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect([...subtreeOf(tree, 'b')].sort()).toEqual(['b', 'c']);
    expect([...subtreeOf(tree, 'x')]).toEqual(['x']);
  });
});

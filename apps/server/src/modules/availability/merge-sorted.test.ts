import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayCursor, mergeCursors } from './merge-sorted.ts';

const mergeSorted = <T>(lists: T[][], key: (item: T) => number, take: number, descending = false) =>
  mergeCursors(
    lists.map((list) => arrayCursor(list, descending)),
    key,
    take,
    descending,
  );

describe('mergeCursors over sorted arrays', () => {
  it('takes the first items of sorted lists in order, ties by list order', () => {
    const lists = [[1, 4, 9], [2, 4, 8], [], [0, 10]].map((l, li) => l.map((v) => ({ v, li })));
    expect(mergeSorted(lists, (x) => x.v, 5).map(({ list, item }) => `${item.v}/${item.li}/${list}`)).toEqual([
      '0/3/3',
      '1/0/0',
      '2/1/1',
      '4/0/0',
      '4/1/1',
    ]);
    expect(mergeSorted(lists, (x) => x.v, 3, true).map(({ item }) => item.v)).toEqual([10, 9, 8]);
    expect(mergeSorted(lists, (x) => x.v, 100)).toHaveLength(8);
  });

  it('equals sorting everything and slicing, for any sorted lists', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 50 })), { maxLength: 8 }),
        fc.nat(60),
        fc.boolean(),
        (raw, take, desc) => {
          const lists = raw.map((l) => [...l].sort((a, b) => a - b));
          const all = lists.flat().sort((a, b) => (desc ? b - a : a - b));
          expect(mergeSorted(lists, (x) => x, take, desc).map(({ item }) => item)).toEqual(all.slice(0, take));
        },
      ),
    );
  });

  it('asks each cursor only for the items the merge reaches', () => {
    let asked = 0;
    const counting = (list: number[]) => {
      const next = arrayCursor(list);
      return () => {
        asked++;
        return next();
      };
    };
    const lists = Array.from({ length: 10 }, (_, i) => Array.from({ length: 1000 }, (_, k) => k * 10 + i));
    expect(mergeCursors(lists.map(counting), (x) => x, 5).map(({ item }) => item)).toEqual([0, 1, 2, 3, 4]);
    expect(asked).toBeLessThanOrEqual(10 + 5);
  });
});

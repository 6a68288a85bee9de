/** Yields a list's items one at a time, in its order; `undefined` when there are no more. */
export type Cursor<T> = () => T | undefined;

/**
 * The first `take` items of several cursors that each yield in order of `key` (ascending, or
 * descending when `descending`), merged in that order, each with the index of its cursor. Ties keep
 * the order of the cursors. A binary heap of one head per cursor: O(cursors + take · log cursors),
 * and a cursor is asked only for the items the merge reaches.
 */
export const mergeCursors = <T>(
  cursors: readonly Cursor<T>[],
  key: (item: T) => number,
  take: number,
  descending = false,
): { list: number; item: T }[] => {
  type Head = { list: number; item: T; key: number };
  const before = (a: Head, b: Head) =>
    descending ? a.key > b.key || (a.key === b.key && a.list < b.list) : a.key < b.key || (a.key === b.key && a.list < b.list);
  const heap: Head[] = [];
  const push = (h: Head) => {
    heap.push(h);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  };
  const pop = () => {
    const top = heap[0];
    const last = heap.pop() as Head;
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let best = i;
        if (l < heap.length && before(heap[l], heap[best])) best = l;
        if (r < heap.length && before(heap[r], heap[best])) best = r;
        if (best === i) break;
        [heap[i], heap[best]] = [heap[best], heap[i]];
        i = best;
      }
    }
    return top;
  };
  const advance = (list: number) => {
    const item = cursors[list]();
    if (item !== undefined) push({ list, item, key: key(item) });
  };
  if (take > 0) for (let i = 0; i < cursors.length; i++) advance(i);
  const out: { list: number; item: T }[] = [];
  while (out.length < take && heap.length) {
    const { list, item } = pop();
    out.push({ list, item });
    if (out.length < take) advance(list);
  }
  return out;
};

/** A cursor over an array sorted ascending: from its start, or (`descending`) from its end. */
export const arrayCursor = <T>(list: readonly T[], descending = false): Cursor<T> => {
  let pos = descending ? list.length - 1 : 0;
  return () => (pos >= 0 && pos < list.length ? list[descending ? pos-- : pos++] : undefined);
};

/** Rows with a stored position (booking questions, agenda items). */
export type Positioned = { id: string; position: number };

/** Display order: by position; equal positions keep the order the server sent. */
export const byPosition = <T extends Positioned>(items: readonly T[]): T[] =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.position - b.item.position || a.index - b.index)
    .map(({ item }) => item);

/**
 * The PATCH that moves the row at `index` (in display order) one place up (-1) or down (+1), or
 * null past either end. The server places the row at `position` and shifts the others to make room
 * (then renumbers 0…n−1), so one request moves a row and the position is its new index.
 */
export const movePatch = (items: readonly Positioned[], index: number, delta: -1 | 1): Positioned | null => {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return null;
  return { id: items[index].id, position: target };
};

/** The display order after a move (what the list shows while the PATCH is on its way). */
export const moved = <T>(items: readonly T[], index: number, delta: -1 | 1): T[] => {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const order = [...items];
  const [row] = order.splice(index, 1);
  order.splice(target, 0, row);
  return order;
};

/**
 * Moving an offer up or down in the store: positions are 0…n-1 in the store's order, and moving is
 * only offered when the list shows that order without filters (else a neighbour may be hidden).
 */
export const canReorder = (ordering: string, filtered: boolean) => !filtered && (ordering === '' || ordering === 'position');

export const movedPosition = (position: number, direction: 'up' | 'down', count: number): number | null => {
  const target = direction === 'up' ? position - 1 : position + 1;
  return target < 0 || target >= count ? null : target;
};

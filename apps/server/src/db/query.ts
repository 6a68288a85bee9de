import { type Column, ilike, or, type SQL } from 'drizzle-orm';

/** `%`, `_` and `\` in a search term match themselves. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" on any of the columns; no condition when there is no term. */
export const searchAny = (term: string | undefined, ...columns: Column[]): SQL | undefined =>
  term ? or(...columns.map((column) => ilike(column, likePattern(term)))) : undefined;

/**
 * A page that is not full is the end of the list, so it tells the count without a count query:
 * `offset + rows` (null when the page is full, or empty past the end, and the count must be asked).
 */
export const countOfShortPage = (rows: number, window: { limit: number; offset: number }) =>
  rows < window.limit && (rows > 0 || window.offset === 0) ? window.offset + rows : null;

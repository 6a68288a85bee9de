import { type Column, ilike, or, type SQL } from 'drizzle-orm';

/** `%`, `_` and `\` in a search term match themselves. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" on any of the columns; no condition when there is no term. */
export const searchAny = (term: string | undefined, ...columns: Column[]): SQL | undefined =>
  term ? or(...columns.map((column) => ilike(column, likePattern(term)))) : undefined;

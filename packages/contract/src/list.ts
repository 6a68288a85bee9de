import { z } from 'zod';

/** Page sizes offered by every list (specification §9). */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** API clients may ask for more than the UI offers, up to this bound. */
export const MAX_PAGE_SIZE = 100;
export const SEARCH_DEBOUNCE_MS = 500;

/** Query parameters every list endpoint accepts; filters are added per resource. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  ordering: z.string().max(64).optional(),
  search: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    count: z.number().int(),
    total_pages: z.number().int(),
    current_page_number: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    /**
     * Present and true when a very large filtered list stopped counting at `count`: there are more
     * (the pages go as far as the count; a narrower search finds the rest).
     */
    count_capped: z.boolean().optional(),
  });

export type Paginated<T> = {
  results: T[];
  count: number;
  total_pages: number;
  current_page_number: number;
  next: string | null;
  previous: string | null;
  count_capped?: boolean;
};

/**
 * Where a filtered count of a very large list stops (`count_capped`): ten pages past the page asked
 * for, as search engines count ("1–25 of 250+"); moving on counts further.
 */
export const COUNT_PAGES_AHEAD = 10;
export const countCap = (window: { limit: number; offset: number }) => window.offset + COUNT_PAGES_AHEAD * window.limit;

export const errorType = z.enum(['validation_error', 'client_error', 'server_error']);
export const errorItem = z.object({
  code: z.string(),
  detail: z.string(),
  attr: z.string().nullable(),
});
export const errorResponse = z.object({ type: errorType, errors: z.array(errorItem) });
export type ErrorItem = z.infer<typeof errorItem>;
export type ErrorResponse = z.infer<typeof errorResponse>;

/** `ordering` value → { field, descending }, or null when not in the allow-list. */
export const parseOrdering = <F extends string>(
  value: string | undefined,
  allowed: readonly F[],
): { field: F; descending: boolean } | null | undefined => {
  if (value === undefined || value === '') return undefined;
  const descending = value.startsWith('-');
  const field = (descending ? value.slice(1) : value) as F;
  return allowed.includes(field) ? { field, descending } : null;
};

export const totalPages = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

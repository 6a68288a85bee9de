import { type ListQuery, listQuery, type Paginated, parseOrdering, totalPages } from '@excursio/contract/list';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalid, notFound } from './app-error.ts';

/** The list query of a resource: paging, search, ordering + its own filters (all optional). */
export const listQuerySchema = <F extends z.ZodRawShape = Record<never, never>>(filters: F = {} as F) =>
  listQuery.extend(filters).strict();

export type Ordering<F extends string> = { field: F; descending: boolean };

/** Validates `ordering` against the allow-list; falls back to the resource's default ordering. */
export const orderingOf = <F extends string>(
  value: string | undefined,
  allowed: readonly F[],
  fallback: Ordering<F>,
): Ordering<F> => {
  const parsed = parseOrdering(value, allowed);
  if (parsed === null) {
    throw invalid('ordering', `Unknown ordering '${value}'. Allowed: ${allowed.flatMap((f) => [f, `-${f}`]).join(', ')}.`);
  }
  return parsed ?? fallback;
};

export const pageWindow = (query: Pick<ListQuery, 'page' | 'page_size'>) => ({
  limit: query.page_size,
  offset: (query.page - 1) * query.page_size,
});

const pageUrl = (request: FastifyRequest, page: number) => {
  const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
  url.searchParams.set('page', String(page));
  return url.toString();
};

/** The specification's paginated list shape; a page past the end is 404. */
export const paginate = <T>(
  request: FastifyRequest,
  query: Pick<ListQuery, 'page' | 'page_size'>,
  results: T[],
  count: number,
  capped = false,
): Paginated<T> => {
  const pages = totalPages(count, query.page_size);
  if (query.page > pages) throw notFound('Invalid page.');
  return {
    results,
    count,
    total_pages: pages,
    current_page_number: query.page,
    next: query.page < pages ? pageUrl(request, query.page + 1) : null,
    previous: query.page > 1 ? pageUrl(request, query.page - 1) : null,
    ...(capped ? { count_capped: true } : {}),
  };
};

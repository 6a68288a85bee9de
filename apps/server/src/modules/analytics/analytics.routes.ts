import {
  ANALYTICS_ORDERING,
  analyticsFilters,
  analyticsPage,
  analyticsTimeline as analyticsTimelineShape,
} from '@excursio/contract/analytics';
import { errorResponse } from '@excursio/contract/list';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { analyticsRows, analyticsTimeline } from './analytics.service.ts';
import { analyticsCsv } from './analytics-csv.ts';

/** Sales figures are order money: 'Manage orders', on a plan with the `analytics` feature. */
export const readAnalytics = { access: { permissions: ['Manage orders'], features: ['analytics'] } } as const;
const tags = ['analytics'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

export const analyticsRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;

  app.get(
    '/api/analytics/',
    {
      config: readAnalytics,
      schema: {
        tags,
        summary:
          'Sales per offer, store, channel, reseller or day (`group`, default offer) and currency over a range of sale days ' +
          '(`date_from`/`date_to`, UTC, default the last 30 days), filters `store` and `experience`, `search` on the label, ' +
          '`ordering` label / bookings / participants / gross / canceled / refunds / net / utilisation; totals per currency',
        querystring: listQuerySchema(analyticsFilters),
        response: { 200: analyticsPage, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = query.ordering
        ? orderingOf(query.ordering, ANALYTICS_ORDERING, { field: 'net', descending: true })
        : undefined;
      const { rows, range, totals } = await analyticsRows(
        db,
        principalOf(request).accountId,
        { ...query, ordering },
        ctx.clock(),
      );
      const { limit, offset } = pageWindow(query);
      return {
        ...paginate(request, query, rows.slice(offset, offset + limit), rows.length),
        date_from: range.from,
        date_to: range.to,
        totals,
      };
    },
  );

  app.get(
    '/api/analytics/timeline/',
    {
      config: readAnalytics,
      schema: {
        tags,
        summary: 'Sales per day and currency over the range (zero days included): the charts of revenue and bookings over time',
        querystring: z.strictObject(analyticsFilters),
        response: { 200: analyticsTimelineShape, ...errors },
      },
    },
    async (request) => analyticsTimeline(db, principalOf(request).accountId, request.query, ctx.clock()),
  );

  app.get(
    '/api/analytics/csv/',
    {
      config: readAnalytics,
      schema: {
        tags,
        summary: 'Every row of `/api/analytics/` (same filters, search and ordering) as CSV, cells escaped against formulas',
        querystring: listQuerySchema(analyticsFilters).omit({ page: true, page_size: true }),
        response: { 200: z.any().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const ordering = query.ordering
        ? orderingOf(query.ordering, ANALYTICS_ORDERING, { field: 'net', descending: true })
        : undefined;
      const result = await analyticsRows(db, principalOf(request).accountId, { ...query, ordering }, ctx.clock());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sales-${result.range.from}-${result.range.to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(analyticsCsv(query.group ?? 'offer', result));
    },
  );
};

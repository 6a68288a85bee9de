import { errorResponse, paginated } from '@excursio/contract/list';
import {
  RESALE_ORDERING,
  resale,
  resaleCancelResponse,
  resaleDetail,
  resaleFilterOptions as resaleFilterOptionsShape,
  resaleListFilters,
  sharedOfferDetail,
  statement,
  statementQuery,
} from '@excursio/contract/partners';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { acting, readPartners } from '../partners/partners.routes.ts';
import { sharedOffer } from '../partners/partners.service.ts';
import { offerExtrasAndQuestions } from '../webstore/webstore.service.ts';
import { cancelResale, getResale, listResales, partnershipStatement, resaleFilterOptions } from './resales.service.ts';
import { statementCsv, statementPdf } from './statement-files.ts';

/** Resales are orders: 'Manage orders', with the plan feature `partners` (either side). */
const manageResales = { access: { permissions: ['Manage orders'], features: ['partners'] } } as const;
const tags = ['resales'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const params = z.strictObject({ id: z.uuid() });

export const resaleRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;

  app.get(
    '/api/resales/',
    {
      config: manageResales,
      schema: {
        tags,
        summary:
          'Resales the organization made as a reseller (side=reseller) or that resellers made of its offers (side=supplier): ' +
          'partner, status, payment_status, date_range, search by reference or contact, ordering created_at / total / commission',
        querystring: listQuerySchema(resaleListFilters),
        response: { 200: paginated(resale), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, RESALE_ORDERING, { field: 'created_at', descending: true });
      const { results, count } = await listResales(db, principalOf(request).accountId, {
        ...query,
        ordering,
        ...pageWindow(query),
        now: ctx.clock(),
      });
      return paginate(request, query, results, count);
    },
  );

  app.get(
    '/api/resales/filter-options/',
    {
      config: manageResales,
      schema: { tags, summary: 'The values each resale filter offers', response: { 200: resaleFilterOptionsShape, ...errors } },
    },
    async (request) => resaleFilterOptions(db, principalOf(request).accountId),
  );

  app.get(
    '/api/resales/:id/',
    {
      config: manageResales,
      schema: {
        tags,
        summary: 'One resale: gross, commission, net, what was collected and who owes whom, with its lines and contact',
        params,
        response: { 200: resaleDetail, ...errors },
      },
    },
    async (request) => getResale(db, principalOf(request).accountId, request.params.id),
  );

  app.post(
    '/api/resales/:id/cancel/',
    {
      config: manageResales,
      schema: {
        tags,
        summary:
          "Cancel the sale (either side) under the supplier's cancellation policy: places back once, the policy's refund proposed",
        params,
        response: { 200: resaleCancelResponse, ...errors },
      },
    },
    async (request) => cancelResale(db, principalOf(request).accountId, request.params.id, ctx.clock()),
  );

  app.get(
    '/api/partners/offers/:id/',
    {
      config: { access: { permissions: ['Manage cart'], features: ['resales'] } },
      schema: {
        tags: ['partners'],
        summary: 'An offer a supplier shares with us: its extras and booking questions (the back-office checkout asks them)',
        params,
        response: { 200: sharedOfferDetail, ...errors },
      },
    },
    async (request) => {
      const offer = await sharedOffer(db, principalOf(request).accountId, request.params.id);
      return {
        id: offer.id,
        title: offer.title,
        type: offer.type,
        currency: offer.currency,
        time_zone: offer.timeZone,
        supplier: { id: offer.supplierId, name: offer.supplierName },
        ...(await offerExtrasAndQuestions(db, offer)),
      };
    },
  );

  app.get(
    '/api/partners/:id/statement/',
    {
      config: readPartners,
      schema: {
        tags: ['partners'],
        summary:
          'The monthly statement of a partnership (UTC month): its resales, cancellations, commission and balance, as JSON, CSV or PDF',
        params,
        querystring: statementQuery,
        response: { 200: z.union([statement, z.any().describe('text/csv or application/pdf')]), ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const result = await partnershipStatement(db, acting(principal), request.params.id, request.query.month);
      const name = `statement-${request.query.month}`;
      if (request.query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(statementCsv(result));
      }
      if (request.query.format === 'pdf') {
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${name}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(await statementPdf(result));
      }
      return result;
    },
  );
};

import {
  AUDIT_ORDERING,
  auditEntry,
  auditFilterOptions as auditFilterOptionsSchema,
  auditListFilters,
} from '@excursio/contract/audit';
import { idParams } from '@excursio/contract/common';
import { errorResponse, paginated } from '@excursio/contract/list';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { getOrder } from '../orders/orders.service.ts';
import { auditFilterOptions, listAuditPage } from './audit.service.ts';

/**
 * Reading only: the trail has no route that writes, changes or deletes an entry (entries are written
 * by the services, in the transaction of the change; the route-table suite proves no route alters it).
 * The organization's whole trail needs 'Manage account'; an order's entries, whoever may see the order.
 */
const manageAccount = { access: { permissions: ['Manage account'] } } as const;
const manageOrders = { access: { permissions: ['Manage orders'], features: ['orders'] } } as const;
const tags = ['audit'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };
const fallback = { field: 'at', descending: true } as const;

export const auditRoutes = (app: Api, { db }: AppContext) => {
  app.get(
    '/api/audit-entries/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary:
          "The organization's audit trail (append-only): filters entity_type, entity_id, actor_kind, actor (a user's or " +
          'key’s id), date_from / date_to (UTC days, included); search entity, actor and action; ordering at (newest first)',
        querystring: listQuerySchema(auditListFilters),
        response: { 200: paginated(auditEntry), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, AUDIT_ORDERING, fallback);
      const { results, count } = await listAuditPage(db, principalOf(request).accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );

  app.get(
    '/api/audit-entries/filter-options/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary: 'The people and API keys present in the audit trail (values of the actor filter)',
        response: { 200: auditFilterOptionsSchema, ...errors },
      },
    },
    async (request) => auditFilterOptions(db, principalOf(request).accountId),
  );

  app.get(
    '/api/orders/:id/audit-entries/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: "An order's audit trail: the order, its bookings, payments and refunds (newest first)",
        params: idParams,
        querystring: listQuerySchema(auditListFilters),
        response: { 200: paginated(auditEntry), ...errors },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      const order = await getOrder(db, accountId, request.params.id);
      const query = request.query;
      const ordering = orderingOf(query.ordering, AUDIT_ORDERING, fallback);
      const { results, count } = await listAuditPage(db, accountId, { ...query, ordering }, order.id);
      return paginate(request, query, results, count);
    },
  );
};

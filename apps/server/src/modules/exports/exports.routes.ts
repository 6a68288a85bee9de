import { BOOKINGS_BY_DATE_ORDERING, bookingsByDateFilters } from '@excursio/contract/bookings';
import { CUSTOMER_ORDERING, customerListFilters } from '@excursio/contract/customers';
import { errorResponse } from '@excursio/contract/list';
import { ORDER_ORDERING, orderListFilters } from '@excursio/contract/orders';
import { RESALE_ORDERING, resaleListFilters } from '@excursio/contract/partners';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { allRows, EXPORT_MAX_ROWS, exportQuerySchema, sendExport, type Window } from '../../http/exports.ts';
import { orderingOf } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { listCustomersPage } from '../customers/customers.service.ts';
import { bookingsOfDayPage } from '../orders/bookings.service.ts';
import { listOrdersPage } from '../orders/orders.service.ts';
import { pricingCategoryNames } from '../pricing/pricing-categories.service.ts';
import { listResales } from '../resales/resales.service.ts';
import {
  customerColumns,
  type LineExportRow,
  lineColumns,
  manifestColumns,
  orderColumns,
  resaleColumns,
} from './export-columns.ts';
import { organizationZone } from './exports.repository.ts';

const tags = ['exports'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };
const file = z.any().describe('text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
const manageOrders = { access: { permissions: ['Manage orders'], features: ['orders'] } } as const;
const manageCustomers = { access: { permissions: ['Manage customers'], features: ['customers'] } } as const;
const manageResales = { access: { permissions: ['Manage orders'], features: ['partners'] } } as const;
const summary = (what: string, list: string) =>
  `${what} as CSV (\`format=csv\`, the default) or XLSX (\`format=xlsx\`): the same filters, search and ordering as ` +
  `${list}, every row (CSV streamed, at most 100,000; XLSX at most 10,000; more is a 400 \`export_too_large\`); ` +
  'cells that a spreadsheet would run as a formula stay text';

/** Downloads of the lists: each takes its list's query and reads rows through the list's own service call. */
export const exportRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;
  const today = () => ctx.clock().toISOString().slice(0, 10);

  app.get(
    '/api/orders/export/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: summary('Orders', 'GET /api/orders/'),
        querystring: exportQuerySchema(orderListFilters),
        response: { 200: file, ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, ORDER_ORDERING, { field: 'created_at', descending: true });
      const accountId = principalOf(request).accountId;
      return sendExport(reply, {
        format: query.format,
        filename: `orders-${today()}`,
        sheet: 'Orders',
        columns: orderColumns(await organizationZone(db, accountId)),
        rows: (window) => listOrdersPage(db, accountId, { ...query, ...window, ordering, now: ctx.clock() }),
      });
    },
  );

  app.get(
    '/api/orders/export/lines/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: `${summary(
          'Order lines (one row per line: offer, service date in its zone, party, amount, seller, store)',
          'GET /api/orders/',
        )}; the limits count orders`,
        querystring: exportQuerySchema(orderListFilters),
        response: { 200: file, ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, ORDER_ORDERING, { field: 'created_at', descending: true });
      const accountId = principalOf(request).accountId;
      // Each page of the list's orders, with its lines and their party named by category.
      const page = async (window: Window) => {
        const { results, lines } = await listOrdersPage(db, accountId, { ...query, ...window, ordering, now: ctx.clock() });
        const categories = [...new Set(lines.flatMap((l) => (l.party ?? []).map((p) => p.pricing_category_id)))];
        const names = await pricingCategoryNames(db, accountId, categories);
        const party = (l: (typeof lines)[number]) =>
          (l.party ?? []).map((p) => `${p.quantity} × ${names.get(p.pricing_category_id) ?? 'Participant'}`).join(', ');
        return {
          results: results.map((order) => ({
            order,
            rows: lines.filter((l) => l.orderId === order.id).map((line): LineExportRow => ({ order, line, party: party(line) })),
          })),
        };
      };
      return sendExport(reply, {
        format: query.format,
        filename: `order-lines-${today()}`,
        sheet: 'Order lines',
        columns: lineColumns(await organizationZone(db, accountId)),
        rows: page,
        expand: (o) => o.rows,
      });
    },
  );

  app.get(
    '/api/bookings/by-date/export/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: summary("A day's manifest (one row per booking)", 'GET /api/bookings/by-date/'),
        querystring: exportQuerySchema(bookingsByDateFilters),
        response: { 200: file, ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, BOOKINGS_BY_DATE_ORDERING, { field: 'starts_at', descending: false });
      const accountId = principalOf(request).accountId;
      // The party column names the categories of every row, so the day's rows are read first.
      const rows = await allRows(
        (window) => bookingsOfDayPage(db, accountId, { ...query, ...window, ordering, now: ctx.clock() }),
        EXPORT_MAX_ROWS[query.format],
      );
      const categories = [...new Set(rows.flatMap((r) => r.party.map((p) => p.pricing_category_id)))];
      const names = await pricingCategoryNames(db, accountId, categories);
      return sendExport(reply, {
        format: query.format,
        filename: `manifest-${query.date}`,
        sheet: `Manifest ${query.date}`,
        columns: manifestColumns(names),
        rows,
      });
    },
  );

  app.get(
    '/api/customers/export/',
    {
      config: manageCustomers,
      schema: {
        tags,
        summary: summary('Customers', 'GET /api/customers/'),
        querystring: exportQuerySchema(customerListFilters),
        response: { 200: file, ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, CUSTOMER_ORDERING, { field: 'last_name', descending: false });
      const accountId = principalOf(request).accountId;
      return sendExport(reply, {
        format: query.format,
        filename: `customers-${today()}`,
        sheet: 'Customers',
        columns: customerColumns(await organizationZone(db, accountId)),
        rows: (window) => listCustomersPage(db, accountId, { ...query, ...window, ordering }),
      });
    },
  );

  app.get(
    '/api/resales/export/',
    {
      config: manageResales,
      schema: {
        tags,
        summary: summary('Resales', 'GET /api/resales/'),
        querystring: exportQuerySchema(resaleListFilters),
        response: { 200: file, ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, RESALE_ORDERING, { field: 'created_at', descending: true });
      const accountId = principalOf(request).accountId;
      return sendExport(reply, {
        format: query.format,
        filename: `resales-${today()}`,
        sheet: 'Resales',
        columns: resaleColumns(await organizationZone(db, accountId)),
        rows: (window) => listResales(db, accountId, { ...query, ...window, ordering, now: ctx.clock() }),
      });
    },
  );
};

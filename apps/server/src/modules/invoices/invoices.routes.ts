import { invoice, invoiceFileName } from '@excursio/contract/invoices';
import { errorResponse } from '@excursio/contract/list';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { getInvoice, issueInvoice } from './invoices.service.ts';

const tags = ['orders'];
const manageOrders = { access: { permissions: ['Manage orders'], features: ['orders'] } } as const;
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const orderParams = z.strictObject({ id: z.uuid() });

export const invoiceRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;

  app.post(
    '/api/orders/:id/invoice/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          "Issue the order's invoice with the organization's next number (201); once issued, the same invoice is answered (200). " +
          'A canceled order is refused (409 `order_canceled`)',
        params: orderParams,
        response: { 200: invoice, 201: invoice, ...errors },
      },
    },
    async (request, reply) => {
      const { invoice: issued, created } = await issueInvoice(db, principalOf(request).accountId, request.params.id, ctx.clock());
      reply.code(created ? 201 : 200);
      return issued;
    },
  );

  app.get(
    '/api/orders/:id/invoice/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: "The order's invoice as issued (404 when it has none yet)",
        params: orderParams,
        response: { 200: invoice, ...errors },
      },
    },
    async (request) => getInvoice(db, principalOf(request).accountId, request.params.id),
  );

  app.get(
    '/api/orders/:id/invoice/pdf/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: "The order's invoice as a PDF file (`invoice-<number>.pdf`)",
        params: orderParams,
        // The body is the PDF's bytes (a Buffer is sent as it is, never serialized).
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const issued = await getInvoice(db, principalOf(request).accountId, request.params.id);
      const pdf = await renderInvoicePdf(issued);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(issued.number)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

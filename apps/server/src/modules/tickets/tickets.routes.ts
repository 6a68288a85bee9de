import { errorResponse } from '@excursio/contract/list';
import { bookingTicket as bookingTicketShape, ticketKeys } from '@excursio/contract/qr-codes';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { publicKeysOf } from './ticket-keys.service.ts';
import { renderTicketsPdf } from './ticket-pdf.ts';
import { bookingTicket } from './tickets.service.ts';

const tags = ['tickets'];
/** Tickets come with bookings: reading them is part of managing orders, whatever the plan's QR codes. */
export const manageOrders = { access: { permissions: ['Manage orders'], features: ['orders'] } } as const;
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const bookingParams = z.strictObject({ id: z.uuid() });

/** A PDF answer: a file to keep, never cached on the way. */
export const pdfHeaders = (filename: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'private, no-store',
});

export const ticketRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/bookings/:id/ticket/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          "The booking's ticket: its short code, what its QR code holds (the address with the signed token) and what it shows. " +
          'Issued on first request; a booking not confirmed yet has none (409 `no_ticket`)',
        params: bookingParams,
        response: { 200: bookingTicketShape, ...errors },
      },
    },
    async (request) => bookingTicket(ctx, principalOf(request).accountId, request.params.id),
  );

  app.get(
    '/api/bookings/:id/ticket/pdf/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: "The booking's ticket as a PDF (`ticket-<reference>.pdf`)",
        params: bookingParams,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const ticket = await bookingTicket(ctx, principalOf(request).accountId, request.params.id);
      const pdf = await renderTicketsPdf([ticket]);
      return reply.headers(pdfHeaders(`ticket-${ticket.reference.replace('#', '')}.pdf`)).send(pdf);
    },
  );

  app.get(
    '/api/tickets/keys/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          "The organization's ticket verification keys (Ed25519, raw public keys in base64url; earlier keys still verify the tickets " +
          'they signed): a scanner keeps them to check tickets without a network',
        response: { 200: ticketKeys, ...errors },
      },
    },
    async (request) => publicKeysOf(ctx.db, principalOf(request).accountId),
  );
};

import { errorResponse } from '@excursio/contract/list';
import { orderSessionQuery } from '@excursio/contract/orders';
import { orderTickets } from '@excursio/contract/qr-codes';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { publicAccountOf } from '../accounts/base-accounts.service.ts';
import { orderOfCheckout } from '../orders/place-order.service.ts';
import { renderTicketsPdf } from '../tickets/ticket-pdf.ts';
import { pdfHeaders } from '../tickets/tickets.routes.ts';
import { bookingTickets } from '../tickets/tickets.service.ts';

const tags = ['public booking'];
const limited = { access: 'public' as const, rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The tickets of a checkout's confirmed bookings (the session id is the key, as for the confirmation). */
const ticketsOfCheckout = async (ctx: AppContext, db: Db, subdomain: string | null, sessionId: string) => {
  const order = await orderOfCheckout(db, await publicAccountOf(db, subdomain), sessionId);
  if (!order) throw notFound('No order was made by this checkout.');
  const bookingIds = order.lines.flatMap((l) =>
    l.status === 'active' && l.booking?.status === 'confirmed' ? [l.booking.id] : [],
  );
  const tickets = await bookingTickets(ctx, order.ownerAccountId, bookingIds);
  return { order, tickets: tickets.filter((t) => t.status === 'confirmed') };
};

/** The visitor's tickets, from the confirmation page: on screen and as a PDF. */
export const orderTicketRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/order/tickets/',
    {
      config: limited,
      schema: {
        tags,
        summary: "A checkout's tickets (its confirmed bookings'), for the confirmation page: what each QR code holds and shows",
        querystring: orderSessionQuery,
        response: { 200: orderTickets, 404: errorResponse },
      },
    },
    // The first name only on screen (the key travels in the address); the printed ticket carries the full name.
    async (request) => ({
      tickets: (await ticketsOfCheckout(ctx, ctx.db, request.subdomain, request.query.session_id)).tickets.map(
        ({ name: _, ...ticket }) => ticket,
      ),
    }),
  );

  app.get(
    '/api/order/tickets/pdf/',
    {
      config: limited,
      schema: {
        tags,
        summary: "A checkout's tickets as one PDF, a page per booking (`tickets-<number>.pdf`)",
        querystring: orderSessionQuery,
        response: { 200: z.any().describe('application/pdf'), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { order, tickets } = await ticketsOfCheckout(ctx, ctx.db, request.subdomain, request.query.session_id);
      if (!tickets.length) throw notFound('This checkout has no tickets yet: they come once the booking is confirmed.');
      return reply.headers(pdfHeaders(`tickets-${order.number}.pdf`)).send(await renderTicketsPdf(tickets));
    },
  );
};

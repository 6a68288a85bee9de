import { errorResponse } from '@excursio/contract/list';
import { shortCodeParams, staffTicket, ticketSummary } from '@excursio/contract/qr-codes';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { publicAccountOf } from '../accounts/base-accounts.service.ts';
import { manageOrders } from '../tickets/tickets.routes.ts';
import { checkInCode, resolveCode } from './short-codes.service.ts';

const tags = ['qr codes'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** A browser opening the address (a phone's camera app), not a client asking for JSON. */
const wantsPage = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
};

/** Where a browser that opened a ticket's address goes: the check-in page, with the code. */
export const checkInPagePath = (code: string) => `/bookings/check-in?code=${code}`;

export const shortCodeRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/o/:code/',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'The short address behind every QR code: a link redirects (302) to its store or offer page and counts the scan; ' +
          "a ticket answers the booking's public summary (JSON), or sends a browser to the check-in page",
        params: shortCodeParams,
        response: { 200: ticketSummary, 302: z.null(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const accountId = await publicAccountOf(ctx.db, request.subdomain);
      const found = await resolveCode(ctx, accountId, request.params.code, ctx.clock());
      reply.header('cache-control', 'no-store').header('vary', 'Accept');
      if (found.kind === 'link') return reply.redirect(found.url, 302);
      if (wantsPage(request)) return reply.redirect(checkInPagePath(found.code), 302);
      return found.summary;
    },
  );

  app.post(
    '/api/o/:code/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          "Check a ticket's party in (attendance Arrived). Refused: another organization's ticket (403 `other_organization`), " +
          'a link (409 `not_a_ticket`), a canceled booking (409 `booking_canceled`), a second check-in (409 `already_checked_in`)',
        params: shortCodeParams,
        body: z.strictObject({ device_id: z.string().max(64).optional() }).optional(),
        response: { 200: staffTicket, ...errors },
      },
    },
    async (request) => {
      // A person's check-in is recorded with their name; an API key's (a scanning system) without one.
      const principal = principalOf(request);
      const who = {
        accountId: principal.accountId,
        userId: principal.kind === 'user' ? principal.userId : null,
        deviceId: request.body?.device_id ?? null,
      };
      return checkInCode(ctx.db, who, request.params.code, ctx.clock());
    },
  );
};

import {
  checkInManifestQuery,
  checkInManifest as checkInManifestShape,
  checkInSyncInput,
  checkInSyncResponse,
} from '@excursio/contract/check-in';
import { errorResponse } from '@excursio/contract/list';
import { shortCodeParams, staffTicket } from '@excursio/contract/qr-codes';
import { principalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { manageOrders } from '../tickets/tickets.routes.ts';
import { lookUpTicket } from '../tickets/tickets.service.ts';
import { checkInManifest, syncCheckIns } from './check-in.service.ts';

const tags = ['check-in'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** The scanning device's two calls: the day's manifest to keep, and the sync of what it checked in. */
export const checkInRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/check-in/manifest/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          "A day's bookings for checking in without a network: ticket codes, party, answers, state and standing check-in, " +
          "with the organization's public keys and the server's time",
        querystring: checkInManifestQuery,
        response: { 200: checkInManifestShape, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return checkInManifest(ctx, principalOf(request).accountId, request.query.date, ctx.clock());
    },
  );

  app.get(
    '/api/check-in/tickets/:code/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          "A ticket looked up by its code (typed or scanned): the booking's summary with the booker's full name and who " +
          "checked the party in. Another organization's ticket 403 `other_organization`, a link 409 `not_a_ticket`",
        params: shortCodeParams,
        response: { 200: staffTicket, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return lookUpTicket(ctx.db, principalOf(request).accountId, request.params.code);
    },
  );

  app.post(
    '/api/check-in/sync/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          "A device's queued check-ins (at most 200): each answered checked in, already checked in (when, by whom, on which " +
          'device: the earliest stands) or refused (why). Idempotent per `client_event_id`',
        body: checkInSyncInput,
        response: { 200: checkInSyncResponse, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const who = { accountId: principal.accountId, userId: principal.kind === 'user' ? principal.userId : null };
      return syncCheckIns(ctx.db, who, request.body, ctx.clock());
    },
  );
};

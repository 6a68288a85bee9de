import {
  checkInManifestQuery,
  checkInManifest as checkInManifestShape,
  checkInSyncInput,
  checkInSyncResponse,
} from '@excursio/contract/check-in';
import { errorResponse } from '@excursio/contract/list';
import { principalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { manageOrders } from '../tickets/tickets.routes.ts';
import { checkInManifest, syncCheckIns } from './check-in.service.ts';

const tags = ['check-in'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

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

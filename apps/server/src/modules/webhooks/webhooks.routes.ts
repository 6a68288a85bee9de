import { idParams } from '@excursio/contract/common';
import { errorResponse, paginated } from '@excursio/contract/list';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  webhookDelivery,
  webhookEndpoint,
  webhookEndpointInput,
  webhookEndpointPatch,
  webhookEndpointWithSecret,
} from '@excursio/contract/webhooks';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, pageWindow, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  replayDelivery,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  updateWebhookEndpoint,
} from './webhooks.service.ts';

/** Integrations are the organization's business: 'Manage account' and the plan's `api_access`. */
const manageWebhooks = { access: { permissions: ['Manage account'], features: ['api_access'] } } as const;
const tags = ['webhooks'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const webhookEndpointRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;
  const accountOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).accountId;
  const allowPrivate = ctx.config.WEBHOOK_ALLOW_PRIVATE;

  app.get(
    '/api/webhook-endpoints/',
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: "The organization's webhook endpoints, newest first (secrets are not listed: see reveal-secret)",
        querystring: listQuerySchema(),
        response: { 200: paginated(webhookEndpoint), ...errors },
      },
    },
    async (request) => {
      const { results, count } = await listWebhookEndpoints(db, accountOf(request), pageWindow(request.query));
      return paginate(request, request.query, results, count);
    },
  );

  app.post(
    '/api/webhook-endpoints/',
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary:
          `Register an endpoint for some of these events: ${WEBHOOK_EVENTS.join(', ')}. The answer carries the ` +
          'signing secret. Every delivery is a JSON POST with `Excursio-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, ' +
          '"<t>.<body>")>`; only public addresses are delivered to.',
        body: webhookEndpointInput,
        response: { 201: webhookEndpointWithSecret, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createWebhookEndpoint(db, accountOf(request), request.body, allowPrivate);
    },
  );

  app.get(
    '/api/webhook-endpoints/:id/',
    {
      config: manageWebhooks,
      schema: { tags, summary: 'One webhook endpoint', params: idParams, response: { 200: webhookEndpoint, ...errors } },
    },
    async (request) => getWebhookEndpoint(db, accountOf(request), request.params.id),
  );

  app.patch(
    '/api/webhook-endpoints/:id/',
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary:
          'Change the address, description or events; `enabled: true` re-enables a disabled endpoint (its waiting ' +
          'deliveries are sent at once), `false` pauses it',
        params: idParams,
        body: webhookEndpointPatch,
        response: { 200: webhookEndpoint, ...errors },
      },
    },
    async (request) => {
      const updated = await updateWebhookEndpoint(db, accountOf(request), request.params.id, request.body, { allowPrivate });
      if (request.body.enabled) ctx.webhookWorker.kick();
      return updated;
    },
  );

  app.delete(
    '/api/webhook-endpoints/:id/',
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeWebhookEndpoint(db, accountOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/webhook-endpoints/:id/reveal-secret/',
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: "Show the endpoint's signing secret",
        params: idParams,
        response: { 200: webhookEndpointWithSecret, ...errors },
      },
    },
    async (request) => revealSecret(db, accountOf(request), request.params.id),
  );

  app.post(
    '/api/webhook-endpoints/:id/rotate-secret/',
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: 'A new signing secret, used from the next attempt on (the old one stops at once)',
        params: idParams,
        response: { 200: webhookEndpointWithSecret, ...errors },
      },
    },
    async (request) => rotateSecret(db, accountOf(request), request.params.id),
  );

  app.post(
    '/api/webhook-endpoints/:id/test/',
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: 'Send a test event: a signed `ping` queued for this endpoint through the same outbox as real events',
        params: idParams,
        response: { 201: webhookDelivery, ...errors },
      },
    },
    async (request, reply) => {
      const delivery = await sendTestEvent(db, accountOf(request), request.params.id, ctx.clock());
      ctx.webhookWorker.kick();
      reply.code(201);
      return delivery;
    },
  );

  app.get(
    '/api/webhook-deliveries/',
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: 'The delivery log, newest first: filter by endpoint, status, event type',
        querystring: listQuerySchema({
          endpoint: z.uuid().optional(),
          status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
          event_type: z.enum(WEBHOOK_EVENTS).optional(),
        }),
        response: { 200: paginated(webhookDelivery), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { results, count } = await listWebhookDeliveries(db, accountOf(request), {
        ...pageWindow(q),
        endpointId: q.endpoint,
        status: q.status,
        eventType: q.event_type,
      });
      return paginate(request, q, results, count);
    },
  );

  app.post(
    '/api/webhook-deliveries/:id/replay/',
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: 'Send a delivered or failed event again (a new delivery with the same body and event id)',
        params: idParams,
        response: { 201: webhookDelivery, ...errors },
      },
    },
    async (request, reply) => {
      const replay = await replayDelivery(db, accountOf(request), request.params.id);
      ctx.webhookWorker.kick();
      reply.code(201);
      return replay;
    },
  );
};

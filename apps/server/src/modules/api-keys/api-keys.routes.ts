import { API_KEY_ORDERING, API_KEY_STATUSES, apiKey, apiKeyCreated, apiKeyInput } from '@excursio/contract/api-keys';
import { idParams } from '@excursio/contract/common';
import { errorResponse, paginated } from '@excursio/contract/list';
import { z } from 'zod';
import { principalOf, userPrincipalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { createKey, listKeys, revokeKey } from './api-keys.service.ts';

/**
 * 'Manage account' and the plan's `api_access`. A key can never hold 'Manage account'
 * (API_KEY_SCOPES), so keys never manage keys; creating and revoking also need a person
 * (`userPrincipalOf`), who is recorded.
 */
const manageKeys = { access: { permissions: ['Manage account'], features: ['api_access'] } } as const;
const tags = ['api-keys'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

export const apiKeyRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;

  app.get(
    '/api/api-keys/',
    {
      config: manageKeys,
      schema: {
        tags,
        summary:
          "The organization's API keys (never their secrets): status active / revoked, search by name or prefix, " +
          'ordering name / created_at / last_used_at (newest first by default)',
        querystring: listQuerySchema({ status: z.enum(API_KEY_STATUSES).optional() }),
        response: { 200: paginated(apiKey), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, API_KEY_ORDERING, { field: 'created_at', descending: true });
      const { results, count } = await listKeys(db, principalOf(request).accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );

  app.post(
    '/api/api-keys/',
    {
      config: manageKeys,
      schema: {
        tags,
        summary:
          'Create an API key with a name and permission titles (only ones you hold; never Manage account, Manage users ' +
          'or Manage cart). The answer carries the secret (`exc_live_…`) this once: it is stored hashed. ' +
          'Use it as `Authorization: Bearer <secret>` on the organization’s own address.',
        body: apiKeyInput,
        response: { 201: apiKeyCreated, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createKey(db, userPrincipalOf(request), request.body);
    },
  );

  app.delete(
    '/api/api-keys/:id/',
    {
      config: manageKeys,
      schema: {
        tags,
        summary: 'Revoke an API key: refused from the next request on, on every server instance (it stays listed as revoked)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeKey(db, userPrincipalOf(request), request.params.id, ctx.clock());
      return reply.status(204).send(null);
    },
  );
};

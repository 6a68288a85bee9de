import { idParams } from '@excursio/contract/common';
import { errorResponse, paginated } from '@excursio/contract/list';
import { accountUser, accountUserInput, accountUserPatchInput } from '@excursio/contract/users';
import { z } from 'zod';
import { userPrincipalOf } from '../../http/access.ts';
import { listQuerySchema } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { deactivateUser, getUser, listUsers, updateUser } from './users.service.ts';

const tags = ['users'];
const access = { permissions: ['Manage users'] } as const;
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The organization's logins, for members who may manage users. Always scoped to the caller's account. */
export const usersRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/users/',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'List the organization’s users (search: email and names; ordering: email, first_name, last_name, date_joined, last_login)',
        querystring: listQuerySchema(),
        response: { 200: paginated(accountUser), ...errors },
      },
    },
    async (request) => listUsers(ctx, request, userPrincipalOf(request), request.query),
  );

  app.get(
    '/api/users/:id/',
    {
      config: { access },
      schema: { tags, summary: 'One user of the organization', params: idParams, response: { 200: accountUser, ...errors } },
    },
    async (request) => getUser(ctx, userPrincipalOf(request), request.params.id),
  );

  app.put(
    '/api/users/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Replace a user’s names (and activity)',
        params: idParams,
        body: accountUserInput,
        response: { 200: accountUser, ...errors },
      },
    },
    async (request) => updateUser(ctx, userPrincipalOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/users/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Update a user’s names or activity',
        params: idParams,
        body: accountUserPatchInput,
        response: { 200: accountUser, ...errors },
      },
    },
    async (request) => updateUser(ctx, userPrincipalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/users/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Deactivate a user (not the owner, not yourself: use /api/users/me/)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deactivateUser(ctx, userPrincipalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

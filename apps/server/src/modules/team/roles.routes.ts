import { appInfo } from '@excursio/contract/auth';
import { idParams } from '@excursio/contract/common';
import { paginated } from '@excursio/contract/list';
import { ROLE_ORDERING, role, roleInput, rolePatchInput } from '@excursio/contract/team';
import { z } from 'zod';
import { principalOf, userPrincipalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { listPermissionSets } from '../auth/principal.repository.ts';
import { changeRole, createRole, getRole, listRolesPage, removeRole } from './roles.service.ts';

const manageUsers = { access: { permissions: ['Manage users'] as const } };
const tags = ['team'];

export const appInfoRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/app-info/',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Permission sets (titles and their codenames)', response: { 200: appInfo } },
    },
    async () => ({ permission_sets: await listPermissionSets(ctx.db) }),
  );
};

export const roleRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/roles/',
    {
      config: manageUsers,
      schema: { tags, summary: 'List roles', querystring: listQuerySchema(), response: { 200: paginated(role) } },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      const query = request.query;
      const ordering = orderingOf(query.ordering, ROLE_ORDERING, { field: 'name', descending: false });
      const { results, count } = await listRolesPage(ctx.db, accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );

  app.post(
    '/api/roles/',
    { config: manageUsers, schema: { tags, summary: 'Create a role', body: roleInput, response: { 201: role } } },
    async (request, reply) => {
      const created = await createRole(ctx.db, principalOf(request).accountId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/roles/:id/',
    { config: manageUsers, schema: { tags, summary: 'Retrieve a role', params: idParams, response: { 200: role } } },
    async (request) => getRole(ctx.db, principalOf(request).accountId, request.params.id),
  );

  app.put(
    '/api/roles/:id/',
    {
      config: manageUsers,
      schema: { tags, summary: 'Replace a role', params: idParams, body: roleInput, response: { 200: role } },
    },
    async (request) => changeRole(ctx.db, userPrincipalOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/roles/:id/',
    {
      config: manageUsers,
      schema: { tags, summary: 'Update a role', params: idParams, body: rolePatchInput, response: { 200: role } },
    },
    async (request) => changeRole(ctx.db, userPrincipalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/roles/:id/',
    { config: manageUsers, schema: { tags, summary: 'Delete a role', params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeRole(ctx.db, principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

import { baseAccount, baseAccountInput, baseAccountPatchInput } from '@excursio/contract/accounts';
import { idParams } from '@excursio/contract/common';
import { errorResponse, paginated } from '@excursio/contract/list';
import { principalOf } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { changeOwnAccount, getOwnAccount, listOwnAccount } from './base-accounts.service.ts';

const tags = ['organization'];
const manageAccount = { access: { permissions: ['Manage account'] as const } };

const notAllowed = (detail: string) => new AppError(405, [{ code: 'method_not_allowed', detail, attr: null }]);

export const baseAccountRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/base-accounts/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's organization (a list of one)",
        querystring: listQuerySchema(),
        response: { 200: paginated(baseAccount) },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      orderingOf(request.query.ordering, ['name'] as const, { field: 'name', descending: false });
      const results = await listOwnAccount(ctx.db, accountId, request.query.search);
      return paginate(request, request.query, results, results.length);
    },
  );

  app.get(
    '/api/base-accounts/:id/',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: "Retrieve the caller's organization", params: idParams, response: { 200: baseAccount } },
    },
    async (request) => getOwnAccount(ctx.db, principalOf(request).accountId, request.params.id),
  );

  app.put(
    '/api/base-accounts/:id/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary: "Replace the organization's name, contact, profile, legal and billing info",
        params: idParams,
        body: baseAccountInput,
        response: { 200: baseAccount },
      },
    },
    async (request) => changeOwnAccount(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );

  app.patch(
    '/api/base-accounts/:id/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary: 'Update the organization; nested sections merge the given keys',
        params: idParams,
        body: baseAccountPatchInput,
        response: { 200: baseAccount },
      },
    },
    async (request) => changeOwnAccount(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );

  app.post(
    '/api/base-accounts/',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Not allowed: organizations are created by registration', response: { 405: errorResponse } },
    },
    async (_request, reply) => {
      reply.header('allow', 'GET, HEAD');
      throw notAllowed('Organizations are created by registration, not through this endpoint.');
    },
  );

  app.delete(
    '/api/base-accounts/:id/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Not allowed: closing an organization is not self-service',
        params: idParams,
        response: { 405: errorResponse },
      },
    },
    async (_request, reply) => {
      reply.header('allow', 'GET, HEAD, PUT, PATCH');
      throw notAllowed('Closing an organization is not self-service. Contact Excursio support to close your account.');
    },
  );
};

import { errorResponse } from '@excursio/contract/list';
import { redirectAnswer, testModeAction, testModePage } from '@excursio/contract/payments';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userPrincipalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { actOnTestModePage, testModePageOf } from './test-mode-pages.service.ts';

const tags = ['payments'];
// The pages stand in for the provider's (onboarding, checkout, billing portal): the people who may
// connect a provider or manage billing, of the organization the page was made for.
const manageAccount = { access: { permissions: ['Manage account'] as const } };
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const tokenParams = z.strictObject({ token: z.string().min(1).max(100) });

const callerOf = (request: FastifyRequest) => {
  // Billing and the provider's pages are a person's business: never an API key.
  const principal = userPrincipalOf(request);
  return { accountId: principal.accountId, accountName: principal.profile.accountName };
};

export const testModeRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/test-mode/pages/:token/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary:
          "A test-mode page (onboarding, subscription checkout, billing portal) of the caller's organization; " +
          '404 when used, expired, unknown, or with PAYMENT_PROVIDER=stripe',
        params: tokenParams,
        response: { 200: testModePage, ...errors },
      },
    },
    async (request) => testModePageOf(ctx, callerOf(request), request.params.token),
  );

  app.post(
    '/api/test-mode/pages/:token/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary:
          'Answer a test-mode page, once: checkout `complete` / `cancel`, billing portal `cancel_subscription` / `fail_payment` / `cancel`; ' +
          'what it does arrives as signed test events through the webhook receiver. Answers where to go next',
        params: tokenParams,
        body: testModeAction,
        response: { 200: redirectAnswer, ...errors },
      },
    },
    async (request) => actOnTestModePage(ctx, callerOf(request), request.params.token, request.body.action),
  );
};

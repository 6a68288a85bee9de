import { errorResponse } from '@excursio/contract/list';
import { paymentConnection, redirectAnswer } from '@excursio/contract/payments';
import { z } from 'zod';
import { principalOf, userPrincipalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { publicAccountOf } from '../accounts/base-accounts.service.ts';
import { disconnect, finishConnect, getConnection, startConnect } from './connect.service.ts';

/** The organization's payment provider is account business: 'Manage account' (the owner's set). */
const manageAccount = { access: { permissions: ['Manage account'] } } as const;
const tags = ['payments'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 502: errorResponse };

export const connectRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/stripe/connect/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary: "The organization's card payment provider account: status, capabilities, the plan's platform fee",
        response: { 200: paymentConnection, ...errors },
      },
    },
    async (request) => getConnection(ctx, principalOf(request).accountId),
  );

  app.post(
    '/api/stripe/connect/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary:
          "Starts (or resumes) connecting the card payment provider: answers the provider's onboarding page to send the person to",
        response: { 200: redirectAnswer, ...errors },
      },
    },
    async (request) => {
      // A person goes through the provider's onboarding pages: never an API key.
      return startConnect(ctx, userPrincipalOf(request));
    },
  );

  app.delete(
    '/api/stripe/connect/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary: 'Disconnects the card payment provider: card payments stop at once',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disconnect(ctx, principalOf(request).accountId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/stripe/oauth/',
    {
      // The browser's return from the provider: the signed single-use state is the authority.
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "Return from the provider's onboarding (state: the signed single-use state; code; error): records the connection and redirects to the payment providers page",
        querystring: z.object({
          state: z.string().max(200).optional(),
          code: z.string().max(500).optional(),
          error: z.string().max(100).optional(),
          error_description: z.string().max(1000).optional(),
        }),
        response: { 302: z.null(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const accountId = await publicAccountOf(ctx.db, request.subdomain);
      return reply.redirect(await finishConnect(ctx, accountId, request.query), 302);
    },
  );
};

import { errorResponse } from '@excursio/contract/list';
import {
  redirectAnswer,
  subscriptionChangeAnswer,
  subscriptionChangeInput,
  subscriptionState,
} from '@excursio/contract/payments';
import type { FastifyRequest } from 'fastify';
import { principalOf, userPrincipalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { changeSubscription, openBillingPortal, subscriptionStateOf } from './subscription.service.ts';
import type { Caller } from './subscription-rows.ts';

const tags = ['subscription'];
// Specification §1: owners and admins manage the organization's billing.
const manageAccount = { access: { permissions: ['Manage account'] as const } };
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 502: errorResponse };

export const callerOf = (request: FastifyRequest): Caller => {
  // Billing and the provider's pages are a person's business: never an API key.
  const principal = userPrincipalOf(request);
  return {
    accountId: principal.accountId,
    userId: principal.userId,
    log: (err) => request.log.warn({ err }, 'billing provider call failed'),
  };
};

export const subscriptionRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/subscription/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary: "The organization's plan and its subscription as the billing provider reports it",
        response: { 200: subscriptionState, ...errors },
      },
    },
    async (request) => subscriptionStateOf(ctx, principalOf(request).accountId),
  );

  app.post(
    '/api/subscription/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary:
          'Change to a plan of the account type: a paid plan without a running subscription answers the hosted checkout to pay at (`url`); ' +
          'a running subscription changes plan, or ends for the free plan, at once (`url` null). ' +
          '400 `unknown_tier` / `wrong_account_type`, 409 `already_on_plan`, 502 `provider_failed`',
        body: subscriptionChangeInput,
        response: { 200: subscriptionChangeAnswer, ...errors },
      },
    },
    async (request) => changeSubscription(ctx, callerOf(request), request.body),
  );

  app.post(
    '/api/subscription/manage/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary:
          "The billing provider's portal for the organization's subscription (`url`); 409 `nothing_to_manage` before any paid plan",
        response: { 200: redirectAnswer, ...errors },
      },
    },
    async (request) => openBillingPortal(ctx, callerOf(request)),
  );
};

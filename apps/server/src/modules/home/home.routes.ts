import { idParams } from '@excursio/contract/common';
import {
  departuresQuery,
  departuresResponse,
  monthSalesResponse,
  ONBOARDING_STEP_FILTERS,
  ONBOARDING_STEP_ORDERING,
  onboarding,
  onboardingInput,
  onboardingPatch,
  onboardingPut,
  onboardingStep,
  onboardingStepInput,
  onboardingStepPatch,
  onboardingStepPut,
} from '@excursio/contract/home';
import { errorResponse, paginated } from '@excursio/contract/list';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authorized, principalOf, readAccountOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { departures, monthSales } from './home.service.ts';
import {
  addStep,
  createOnboarding,
  dismissOnboarding,
  dismissStep,
  getOnboarding,
  getStep,
  listOnboardings,
  listSteps,
  removeOnboarding,
  removeStep,
} from './onboarding.service.ts';

/** Departures: whoever reads capacity (the catalog's readers or whoever takes orders), plan `bookings`. */
const readDepartures = {
  access: { permissions: ['View experiences', 'Manage orders'], anyPermission: true, features: ['bookings'] },
  readAhead: true,
} as const;
/** Sales figures: whoever manages orders, plan `orders`. */
const readSales = { access: { permissions: ['Manage orders'], features: ['orders'] }, readAhead: true } as const;
/** The onboarding checklist is the organization's setup: 'Manage account' (no plan feature). */
const manageAccount = { access: { permissions: ['Manage account'] } } as const;
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['dashboard'];

const callerOf = (request: FastifyRequest) => {
  const principal = principalOf(request);
  return { accountId: principal.accountId, userId: principal.kind === 'user' ? principal.userId : null };
};

export const homeRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;

  app.get(
    '/api/dashboard/departures/',
    {
      config: readDepartures,
      schema: {
        tags,
        summary:
          "Today's starts with bookings (booked / capacity from the capacity engine, participants arrived of those booked) " +
          'and per-day totals for `days` days from today (the organization’s zone; default 7)',
        querystring: departuresQuery,
        response: { 200: departuresResponse, ...errors },
      },
    },
    async (request) => authorized(request, departures(db, readAccountOf(request), request.query.days, ctx.clock())),
  );

  app.get(
    '/api/dashboard/month-sales/',
    {
      config: readSales,
      schema: {
        tags,
        summary:
          'Sales this month against last month (and last month up to the same day), per currency, in the organization’s ' +
          'zone: a supplier’s own orders not canceled, an affiliate’s resales with its commission',
        response: { 200: monthSalesResponse, ...errors },
      },
    },
    async (request) => authorized(request, monthSales(db, readAccountOf(request), ctx.clock())),
  );

  // Onboarding checklist ----------------------------------------------------------------------------

  app.get(
    '/api/onboardings/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary:
          "The organization's onboarding checklist (one; made on the first read) with its steps, each done or not as " +
          'the data says now',
        querystring: listQuerySchema(),
        response: { 200: paginated(onboarding), ...errors },
      },
    },
    async (request) => {
      const { results, count } = await listOnboardings(db, principalOf(request).accountId);
      return paginate(request, request.query, results.slice(pageWindow(request.query).offset), count);
    },
  );

  app.post(
    '/api/onboardings/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary: 'Start the onboarding checklist (409 `onboarding_exists` when the organization has one)',
        body: onboardingInput,
        response: { 201: onboarding, 409: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createOnboarding(db, principalOf(request).accountId, request.body, ctx.clock());
    },
  );

  app.get(
    '/api/onboardings/:id/',
    {
      config: manageAccount,
      schema: { tags, summary: 'Retrieve the onboarding checklist', params: idParams, response: { 200: onboarding, ...errors } },
    },
    async (request) => getOnboarding(db, principalOf(request).accountId, request.params.id),
  );

  for (const [method, body] of [
    ['put', onboardingPut],
    ['patch', onboardingPatch],
  ] as const) {
    app[method](
      '/api/onboardings/:id/',
      {
        config: manageAccount,
        schema: {
          tags,
          summary: `${method === 'put' ? 'Replace' : 'Update'} the onboarding checklist: \`dismissed\` hides it from the home (or shows it again)`,
          params: idParams,
          body,
          response: { 200: onboarding, ...errors },
        },
      },
      async (request) =>
        dismissOnboarding(
          db,
          callerOf(request),
          request.params.id,
          (request.body as { dismissed?: boolean }).dismissed,
          ctx.clock(),
        ),
    );
  }

  app.delete(
    '/api/onboardings/:id/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary: 'Remove the checklist and what was dismissed on it: the next read starts a fresh one',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeOnboarding(db, principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/onboarding-steps/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary: 'The steps of the onboarding checklist (filters `onboarding`, `done`, `dismissed`; ordering `position`, `code`)',
        querystring: listQuerySchema(ONBOARDING_STEP_FILTERS),
        response: { 200: paginated(onboardingStep), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, ONBOARDING_STEP_ORDERING, { field: 'position', descending: false });
      const steps = await listSteps(db, principalOf(request).accountId, { ...query, ordering });
      const { limit, offset } = pageWindow(query);
      return paginate(request, query, steps.slice(offset, offset + limit), steps.length);
    },
  );

  app.post(
    '/api/onboarding-steps/',
    {
      config: manageAccount,
      schema: {
        tags,
        summary: 'Put a removed step back on the checklist (409 `step_exists` when it is there)',
        body: onboardingStepInput,
        response: { 201: onboardingStep, 409: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return addStep(db, principalOf(request).accountId, request.body);
    },
  );

  app.get(
    '/api/onboarding-steps/:id/',
    {
      config: manageAccount,
      schema: { tags, summary: 'Retrieve an onboarding step', params: idParams, response: { 200: onboardingStep, ...errors } },
    },
    async (request) => getStep(db, principalOf(request).accountId, request.params.id),
  );

  for (const [method, body] of [
    ['put', onboardingStepPut],
    ['patch', onboardingStepPatch],
  ] as const) {
    app[method](
      '/api/onboarding-steps/:id/',
      {
        config: manageAccount,
        schema: {
          tags,
          summary: `${method === 'put' ? 'Replace' : 'Update'} an onboarding step: \`dismissed\` skips it (it no longer counts as to do)`,
          params: idParams,
          body,
          response: { 200: onboardingStep, ...errors },
        },
      },
      async (request) =>
        dismissStep(
          db,
          principalOf(request).accountId,
          request.params.id,
          (request.body as { dismissed?: boolean }).dismissed,
          ctx.clock(),
        ),
    );
  }

  app.delete(
    '/api/onboarding-steps/:id/',
    {
      config: manageAccount,
      schema: { tags, summary: 'Remove a step from the checklist', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeStep(db, principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

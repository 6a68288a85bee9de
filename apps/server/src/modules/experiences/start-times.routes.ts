import { idParams } from '@excursio/contract/common';
import { paginated } from '@excursio/contract/list';
import {
  START_TIME_ORDERING,
  schedule,
  scheduleInput,
  startTime,
  startTimeInput,
  startTimeListFilters,
  startTimePatchInput,
  startTimePutInput,
} from '@excursio/contract/schedule';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { manageExperiences, viewExperiences } from './experiences.routes.ts';
import { getExperience } from './experiences.service.ts';
import {
  changeStartTime,
  createStartTime,
  getStartTime,
  listStartTimesPage,
  removeStartTime,
  replaceSchedule,
  scheduleOf,
} from './start-times.service.ts';

const tags = ['start-times'];

export const startTimeRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/experiences/:id/start-times/',
    {
      config: viewExperiences,
      schema: { tags, summary: "An offer's whole schedule", params: idParams, response: { 200: schedule } },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      await getExperience(ctx.db, accountId, request.params.id); // 404 for another account's offer
      return scheduleOf(ctx.db, accountId, request.params.id);
    },
  );

  app.put(
    '/api/experiences/:id/start-times/',
    {
      config: manageExperiences,
      schema: {
        tags,
        summary: "Replace an offer's schedule (lines with an id are kept and updated, others added, the rest removed)",
        params: idParams,
        body: scheduleInput,
        response: { 200: schedule },
      },
    },
    async (request) => replaceSchedule(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );

  app.get(
    '/api/start-times/',
    {
      config: viewExperiences,
      schema: {
        tags,
        summary: 'List start times (filter: experience)',
        querystring: listQuerySchema(startTimeListFilters),
        response: { 200: paginated(startTime) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, START_TIME_ORDERING, { field: 'time', descending: false });
      const { results, count } = await listStartTimesPage(ctx.db, principalOf(request).accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );

  app.post(
    '/api/start-times/',
    {
      config: manageExperiences,
      schema: { tags, summary: 'Add a start time to an offer', body: startTimeInput, response: { 201: startTime } },
    },
    async (request, reply) => {
      const created = await createStartTime(ctx.db, principalOf(request).accountId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/start-times/:id/',
    {
      config: viewExperiences,
      schema: { tags, summary: 'Retrieve a start time', params: idParams, response: { 200: startTime } },
    },
    async (request) => getStartTime(ctx.db, principalOf(request).accountId, request.params.id),
  );

  app.put(
    '/api/start-times/:id/',
    {
      config: manageExperiences,
      schema: { tags, summary: 'Replace a start time', params: idParams, body: startTimePutInput, response: { 200: startTime } },
    },
    async (request) => changeStartTime(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );

  app.patch(
    '/api/start-times/:id/',
    {
      config: manageExperiences,
      schema: { tags, summary: 'Update a start time', params: idParams, body: startTimePatchInput, response: { 200: startTime } },
    },
    async (request) => changeStartTime(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );

  app.delete(
    '/api/start-times/:id/',
    {
      config: manageExperiences,
      schema: { tags, summary: 'Delete a start time', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeStartTime(ctx.db, principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

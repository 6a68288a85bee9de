import { idParams } from '@excursio/contract/common';
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
import { principalOf } from '../../http/access.ts';
import { manageExperiences, resourceRoutes, viewExperiences } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
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

  resourceRoutes(app, {
    path: '/api/start-times/',
    tag: 'start-times',
    noun: 'start time',
    nouns: 'start times',
    summaries: { list: 'List start times (filter: experience)', create: 'Add a start time to an offer' },
    item: startTime,
    input: startTimeInput,
    putInput: startTimePutInput,
    patchInput: startTimePatchInput,
    filters: startTimeListFilters,
    ordering: { allowed: START_TIME_ORDERING, fallback: { field: 'time', descending: false } },
    list: (accountId, query) => listStartTimesPage(ctx.db, accountId, query),
    get: (accountId, id) => getStartTime(ctx.db, accountId, id),
    create: (accountId, body) => createStartTime(ctx.db, accountId, body),
    replace: (accountId, id, body) => changeStartTime(ctx.db, accountId, id, body),
    update: (accountId, id, body) => changeStartTime(ctx.db, accountId, id, body),
    remove: (accountId, id) => removeStartTime(ctx.db, accountId, id),
  });
};

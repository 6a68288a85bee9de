import { idParams } from '@excursio/contract/common';
import {
  EXPERIENCE_ORDERING,
  experience,
  experienceCreateInput,
  experienceListFilters,
  experienceListItem,
  experienceOptions,
  experiencePatchInput,
  experiencePutInput,
} from '@excursio/contract/experiences';
import { paginated } from '@excursio/contract/list';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { experienceOptionsData } from './experience-options.ts';
import {
  changeExperience,
  createExperience,
  duplicateExperience,
  getExperience,
  listExperiencesPage,
  removeExperience,
} from './experiences.service.ts';

export const viewExperiences = { access: { permissions: ['View experiences'], features: ['experiences'] } } as const;
export const manageExperiences = { access: { permissions: ['Manage experiences'], features: ['experiences'] } } as const;
const tags = ['experiences'];

export const experienceRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/experiences/',
    {
      config: viewExperiences,
      schema: {
        tags,
        summary: 'List offers',
        querystring: listQuerySchema(experienceListFilters),
        response: { 200: paginated(experienceListItem) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, EXPERIENCE_ORDERING, { field: 'created_at', descending: true });
      const { results, count } = await listExperiencesPage(ctx.db, principalOf(request).accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );

  app.post(
    '/api/experiences/',
    {
      config: manageExperiences,
      schema: { tags, summary: 'Create an offer (Draft)', body: experienceCreateInput, response: { 201: experience } },
    },
    async (request, reply) => {
      const created = await createExperience(ctx.db, principalOf(request).accountId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/experiences/:id/',
    { config: viewExperiences, schema: { tags, summary: 'Retrieve an offer', params: idParams, response: { 200: experience } } },
    async (request) => getExperience(ctx.db, principalOf(request).accountId, request.params.id),
  );

  app.put(
    '/api/experiences/:id/',
    {
      config: manageExperiences,
      schema: { tags, summary: 'Replace an offer', params: idParams, body: experiencePutInput, response: { 200: experience } },
    },
    async (request) => changeExperience(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );

  app.patch(
    '/api/experiences/:id/',
    {
      config: manageExperiences,
      schema: { tags, summary: 'Update an offer', params: idParams, body: experiencePatchInput, response: { 200: experience } },
    },
    async (request) => changeExperience(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );

  app.delete(
    '/api/experiences/:id/',
    { config: manageExperiences, schema: { tags, summary: 'Delete an offer', params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeExperience(ctx.db, principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/experiences/:id/duplicate/',
    {
      config: manageExperiences,
      schema: {
        tags,
        summary: 'Copy an offer with all its parts (the copy is a Draft)',
        params: idParams,
        response: { 201: experience },
      },
    },
    async (request, reply) => {
      const copy = await duplicateExperience(ctx.db, principalOf(request).accountId, request.params.id);
      return reply.status(201).send(copy);
    },
  );
};

export const experienceOptionsRoutes = (app: Api) => {
  app.get(
    '/api/experience-options/',
    {
      config: viewExperiences,
      schema: { tags, summary: 'Choices for the basic-info step', response: { 200: experienceOptions } },
    },
    async () => experienceOptionsData(),
  );
};

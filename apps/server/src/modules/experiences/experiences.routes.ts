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
import { principalOf } from '../../http/access.ts';
import { manageExperiences, resourceRoutes, viewExperiences } from '../../http/resource-routes.ts';
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

const tags = ['experiences'];

export const experienceRoutes = (app: Api, ctx: AppContext) => {
  resourceRoutes(app, {
    path: '/api/experiences/',
    tag: 'experiences',
    noun: 'offer',
    nouns: 'offers',
    summaries: {
      create: 'Create an offer (Draft)',
      get: 'Retrieve an offer',
      replace: 'Replace an offer',
      update: 'Update an offer',
      remove: 'Delete an offer',
    },
    item: experience,
    listItem: experienceListItem,
    input: experienceCreateInput,
    putInput: experiencePutInput,
    patchInput: experiencePatchInput,
    filters: experienceListFilters,
    ordering: { allowed: EXPERIENCE_ORDERING, fallback: { field: 'created_at', descending: true } },
    list: (accountId, query) => listExperiencesPage(ctx.db, accountId, query),
    get: (accountId, id) => getExperience(ctx.db, accountId, id),
    create: (accountId, body) => createExperience(ctx.db, accountId, body),
    replace: (accountId, id, body) => changeExperience(ctx.db, accountId, id, body),
    update: (accountId, id, body) => changeExperience(ctx.db, accountId, id, body),
    remove: (accountId, id) => removeExperience(ctx.db, accountId, id),
  });

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

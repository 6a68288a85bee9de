import { idParams } from '@excursio/contract/common';
import { type ListQuery, paginated } from '@excursio/contract/list';
import {
  baseAccountVideoInput,
  VIDEO_ORDERING,
  video,
  videoInput,
  videoListFilters,
  videoPatchInput,
  videoPutInput,
} from '@excursio/contract/media';
import { z } from 'zod';
import type { Access } from '../../http/access.ts';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import { manageExperiences, viewExperiences } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import type { VideoScope } from './videos.repository.ts';
import { addVideo, changeVideo, getVideo, listVideosPage, removeVideo } from './videos.service.ts';

const tags = ['media'];

/**
 * One CRUD for both video collections: `/api/videos/` (an offer's videos: read with View experiences,
 * changed with Manage experiences) and
 * `/api/base-account-videos/` (the organization's own videos, no offer, Manage account).
 */
const videoCollection = (
  app: Api,
  ctx: AppContext,
  options: { base: string; noun: string; access: Access; readAccess?: Access; organization: boolean },
) => {
  const { base, noun, organization } = options;
  const config = { access: options.access };
  const readConfig = { access: options.readAccess ?? options.access };
  const scopeOf = (experience?: string): VideoScope =>
    organization ? { kind: 'organization' } : { kind: 'offer', experienceId: experience };
  const filters = organization ? {} : videoListFilters;

  app.get(
    base,
    {
      config: readConfig,
      schema: { tags, summary: `List ${noun}s`, querystring: listQuerySchema(filters), response: { 200: paginated(video) } },
    },
    async (request) => {
      // Both list schemas parse to ListQuery; only the offer videos add the `experience` filter.
      const query = request.query as ListQuery & { experience?: string };
      const ordering = orderingOf(query.ordering, VIDEO_ORDERING, { field: 'position', descending: false });
      const { results, count } = await listVideosPage(ctx.db, principalOf(request).accountId, {
        ...query,
        scope: scopeOf(query.experience),
        ordering,
      });
      return paginate(request, query, results, count);
    },
  );

  app.post(
    base,
    {
      config,
      schema: {
        tags,
        summary: `Add a ${noun} (YouTube or Vimeo URL)`,
        body: organization ? baseAccountVideoInput : videoInput,
        response: { 201: video },
      },
    },
    async (request, reply) => {
      const body = request.body as { experience_id?: string; url: string; title?: string };
      const created = await addVideo(
        ctx.db,
        ctx.config,
        principalOf(request).accountId,
        { experience_id: organization ? null : (body.experience_id ?? null), url: body.url, title: body.title },
        request.log,
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    `${base}:id/`,
    { config: readConfig, schema: { tags, summary: `Retrieve a ${noun}`, params: idParams, response: { 200: video } } },
    async (request) => getVideo(ctx.db, principalOf(request).accountId, request.params.id, scopeOf()),
  );

  for (const [method, body] of [
    ['PUT', videoPutInput],
    ['PATCH', videoPatchInput],
  ] as const) {
    app.route({
      method,
      url: `${base}:id/`,
      config,
      schema: {
        tags,
        summary: `${method === 'PUT' ? 'Replace' : 'Update'} a ${noun}'s title and position`,
        params: idParams,
        body,
        response: { 200: video },
      },
      handler: async (request) => changeVideo(ctx.db, principalOf(request).accountId, request.params.id, scopeOf(), request.body),
    });
  }

  app.delete(
    `${base}:id/`,
    { config, schema: { tags, summary: `Delete a ${noun}`, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeVideo(ctx.db, principalOf(request).accountId, request.params.id, scopeOf());
      return reply.status(204).send(null);
    },
  );
};

export const videoRoutes = (app: Api, ctx: AppContext) => {
  // An offer's videos are read with the offer ('View experiences'), changed with 'Manage experiences'.
  videoCollection(app, ctx, {
    base: '/api/videos/',
    noun: 'video',
    access: manageExperiences.access,
    readAccess: viewExperiences.access,
    organization: false,
  });
  videoCollection(app, ctx, {
    base: '/api/base-account-videos/',
    noun: 'organization video',
    access: { permissions: ['Manage account'] },
    organization: true,
  });
};

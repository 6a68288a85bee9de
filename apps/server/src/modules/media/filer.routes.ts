import { idParams } from '@excursio/contract/common';
import { paginated } from '@excursio/contract/list';
import {
  FILER_FOLDER_ORDERING,
  FILER_IMAGE_ORDERING,
  filerFolder,
  filerFolderInput,
  filerFolderListFilters,
  filerFolderPatchInput,
  filerImage,
  filerImageListFilters,
  filerImagePatchInput,
  filerImagePutInput,
  filerImageUploadResult,
} from '@excursio/contract/media';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import { manageExperiences } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import type { Storage } from '../../integrations/storage.ts';
import { changeFolder, createFolder, getFolder, listFoldersPage, removeFolder } from './folders.service.ts';
import { changeImage, getImage, listImagesPage, removeImage, uploadImages } from './images.service.ts';
import { readUploadForm } from './uploads.ts';

/** The media library needs what editing offers needs; reading it also serves store managers (a store's logo and hero). */
const tags = ['media'];
const readLibrary = {
  access: { permissions: ['Manage experiences', 'Manage stores'], anyPermission: true, features: ['experiences'] },
} as const;

export const filerFolderRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/filer-folders/',
    {
      config: manageExperiences,
      schema: {
        tags,
        summary: 'List media folders',
        querystring: listQuerySchema(filerFolderListFilters),
        response: { 200: paginated(filerFolder) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, FILER_FOLDER_ORDERING, { field: 'name', descending: false });
      const { results, count } = await listFoldersPage(ctx.db, principalOf(request).accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );

  app.post(
    '/api/filer-folders/',
    {
      config: manageExperiences,
      schema: { tags, summary: 'Create a media folder', body: filerFolderInput, response: { 201: filerFolder } },
    },
    async (request, reply) => reply.status(201).send(await createFolder(ctx.db, principalOf(request).accountId, request.body)),
  );

  app.get(
    '/api/filer-folders/:id/',
    {
      config: manageExperiences,
      schema: { tags, summary: 'Retrieve a media folder', params: idParams, response: { 200: filerFolder } },
    },
    async (request) => getFolder(ctx.db, principalOf(request).accountId, request.params.id),
  );

  for (const [method, body] of [
    ['PUT', filerFolderInput],
    ['PATCH', filerFolderPatchInput],
  ] as const) {
    app.route({
      method,
      url: '/api/filer-folders/:id/',
      config: manageExperiences,
      schema: {
        tags,
        summary: `${method === 'PUT' ? 'Replace' : 'Update'} a media folder`,
        params: idParams,
        body,
        response: { 200: filerFolder },
      },
      handler: async (request) => changeFolder(ctx.db, principalOf(request).accountId, request.params.id, request.body),
    });
  }

  app.delete(
    '/api/filer-folders/:id/',
    {
      config: manageExperiences,
      schema: {
        tags,
        summary: 'Delete a media folder and its subfolders (their images stay, unfiled)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeFolder(ctx.db, principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export const filerImageRoutes = (app: Api, ctx: AppContext, storage: Storage) => {
  app.get(
    '/api/filer-images/',
    {
      config: readLibrary,
      schema: {
        tags,
        summary: 'List media images',
        querystring: listQuerySchema(filerImageListFilters),
        response: { 200: paginated(filerImage) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, FILER_IMAGE_ORDERING, { field: 'created_at', descending: true });
      const { results, count } = await listImagesPage(ctx.db, principalOf(request).accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );

  app.get(
    '/api/filer-images/:id/',
    {
      config: readLibrary,
      schema: { tags, summary: 'Retrieve a media image', params: idParams, response: { 200: filerImage } },
    },
    async (request) => getImage(ctx.db, principalOf(request).accountId, request.params.id),
  );

  for (const [method, body] of [
    ['PUT', filerImagePutInput],
    ['PATCH', filerImagePatchInput],
  ] as const) {
    app.route({
      method,
      url: '/api/filer-images/:id/',
      config: manageExperiences,
      schema: {
        tags,
        summary: `${method === 'PUT' ? 'Replace' : 'Update'} a media image's alt text and folder`,
        params: idParams,
        body,
        response: { 200: filerImage },
      },
      handler: async (request) => changeImage(ctx.db, principalOf(request).accountId, request.params.id, request.body),
    });
  }

  app.delete(
    '/api/filer-images/:id/',
    {
      config: manageExperiences,
      schema: { tags, summary: 'Delete a media image and its stored files', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeImage(ctx.db, storage, principalOf(request).accountId, request.params.id, request.log);
      return reply.status(204).send(null);
    },
  );
};

/** Registered in the multipart scope. */
export const filerUploadRoute = (app: Api, ctx: AppContext, storage: Storage) => {
  app.post(
    '/api/filer-images/',
    {
      config: manageExperiences,
      schema: {
        tags,
        summary: "Upload images (multipart: one or more 'file', optional folder_id, alt_text)",
        consumes: ['multipart/form-data'],
        response: { 201: filerImageUploadResult },
      },
    },
    async (request, reply) => {
      const form = await readUploadForm(request, ctx.config);
      return reply.status(201).send(await uploadImages(ctx.db, storage, principalOf(request).accountId, form));
    },
  );
};

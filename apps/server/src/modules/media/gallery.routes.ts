import { idParams } from '@excursio/contract/common';
import { reorderImagesInput } from '@excursio/contract/experiences';
import { experienceImageList } from '@excursio/contract/media';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { manageExperiences } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import type { Storage } from '../../integrations/storage.ts';
import { detachImage, reorderGallery, requireExperience, uploadToGallery } from './gallery.service.ts';
import { readUploadForm } from './uploads.ts';

const tags = ['experiences'];
const imageParams = z.strictObject({ id: idParams.shape.id, imageId: idParams.shape.id });

/** An offer's gallery: detach and reorder (the upload is in the multipart scope, below). */
export const galleryRoutes = (app: Api, ctx: AppContext) => {
  app.delete(
    '/api/experiences/:id/images/:imageId/',
    {
      config: manageExperiences,
      schema: {
        tags,
        summary: "Take an image off the offer's gallery (it stays in the media library)",
        params: imageParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await detachImage(ctx.db, principalOf(request).accountId, request.params.id, request.params.imageId);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/experiences/:id/reorder-images/',
    {
      config: manageExperiences,
      schema: {
        tags,
        summary: "Reorder the offer's gallery (every attached image id exactly once)",
        params: idParams,
        body: reorderImagesInput,
        response: { 200: experienceImageList },
      },
    },
    async (request) => reorderGallery(ctx.db, principalOf(request).accountId, request.params.id, request.body.image_ids),
  );
};

/** Registered in the multipart scope. */
export const galleryUploadRoute = (app: Api, ctx: AppContext, storage: Storage) => {
  app.patch(
    '/api/experiences/:id/images/',
    {
      config: manageExperiences,
      schema: {
        tags,
        summary:
          "Upload images and append them to the offer's gallery (multipart: one or more 'file', optional folder_id, alt_text)",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: experienceImageList },
      },
    },
    async (request, reply) => {
      const accountId = principalOf(request).accountId;
      await requireExperience(ctx.db, accountId, request.params.id);
      const form = await readUploadForm(request, ctx.config);
      return reply.status(201).send(await uploadToGallery(ctx.db, storage, accountId, request.params.id, form));
    },
  );
};

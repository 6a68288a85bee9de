import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { createStorage, type Storage } from '../../integrations/storage.ts';
import { filerFolderRoutes, filerImageRoutes, filerUploadRoute } from './filer.routes.ts';
import { galleryRoutes, galleryUploadRoute } from './gallery.routes.ts';
import { registerMultipart } from './uploads.ts';

/** Stored files are named by fresh ids and never change: caches may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `GET /media/{key}`: stored files, public (the webstore shows them), on every host. */
const mediaFileRoute = (app: Api, storage: Storage) => {
  app.get(
    '/media/*',
    {
      config: { access: 'public' },
      schema: { tags: ['media'], summary: 'A stored media file (public)', params: z.object({ '*': z.string() }) },
    },
    async (request, reply) => {
      const file = await storage.get(request.params['*']);
      if (!file) throw notFound();
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('cache-control', IMMUTABLE)
          .header('x-content-type-options', 'nosniff')
          // Other origins (an operator's own site embedding the webstore) may show the images.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(file.body)
      );
    },
  );
};

/**
 * The media library (folders, images, uploads), offer galleries and the stored files. Uploads get
 * their own scope: only there is multipart/form-data parsed.
 */
export const mediaRoutes = (api: Api, ctx: AppContext, storage: Storage = createStorage(ctx.config)) => {
  mediaFileRoute(api, storage);
  filerFolderRoutes(api, ctx);
  filerImageRoutes(api, ctx, storage);
  galleryRoutes(api, ctx);
  api.register(async (uploads) => {
    await registerMultipart(uploads, ctx.config);
    filerUploadRoute(uploads, ctx, storage);
    galleryUploadRoute(uploads, ctx, storage);
  });
};

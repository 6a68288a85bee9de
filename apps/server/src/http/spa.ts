import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './app-error.ts';

/**
 * Serves the built web app on the bare domain and every subdomain. Unknown non-API paths get
 * index.html (client-side routes); unknown API paths get the JSON 404.
 */
export const registerSpa = async (app: FastifyInstance, webDist: string) => {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    // A missing file (e.g. an asset of an older build) is a 404, never index.html served as script.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(path) || path.startsWith('/assets/');
    if (path.startsWith('/api') || path.startsWith('/schema') || isFile || !['GET', 'HEAD'].includes(request.method) || !built) {
      if (!built && !path.startsWith('/api') && request.method === 'GET') {
        request.log.warn('web app not built: run `npm run build`');
      }
      throw notFound();
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
};

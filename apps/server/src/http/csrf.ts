import type { FastifyInstance } from 'fastify';
import { forbidden } from './app-error.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests that could ride on cookies must come from the request's own origin.
 * A sibling subdomain is a foreign origin. Bearer-token clients (no cookies) are not exposed to
 * CSRF and may omit Origin; a cookie-carrying request with no Origin is refused.
 */
export const registerCsrf = (app: FastifyInstance, protocol: 'http' | 'https') => {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const own = `${protocol}://${request.headers.host}`;
    if (origin !== undefined) {
      if (origin !== own) throw forbidden('Cross-origin request refused.', 'csrf_failed');
      return;
    }
    const referer = request.headers.referer;
    if (referer !== undefined) {
      if (!referer.startsWith(`${own}/`)) throw forbidden('Cross-origin request refused.', 'csrf_failed');
      return;
    }
    if (request.headers.cookie && !request.headers.authorization) {
      throw forbidden('Cross-origin request refused: the Origin header is missing.', 'csrf_failed');
    }
  });
};

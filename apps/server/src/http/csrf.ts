import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './app-error.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `http://Demo.Example.com.:80` and `http://demo.example.com` are one origin; null when unparsable. */
export const normalizeOrigin = (value: string): string | null => {
  try {
    const url = new URL(value);
    const host = url.hostname.toLowerCase().replace(/\.$/, '');
    return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
  } catch {
    return null;
  }
};

/**
 * State-changing requests that could ride on cookies must come from the request's own origin.
 * A sibling subdomain is a foreign origin. Bearer-token clients (no cookies) are not exposed to
 * CSRF and may omit Origin; a cookie-carrying request with no Origin is refused.
 *
 * The rule covers every unsafe method whatever its path: deciding by the raw URL (`/api/` prefix)
 * let `/%61pi/…` through, because the router decodes the path the check had looked at.
 */
export const registerCsrf = (app: FastifyInstance, protocol: 'http' | 'https') => {
  // A plain (not async) hook: it runs on every request and mostly returns at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE.has(request.method)) return done();
    done(originRefusal(request, protocol));
  });
};

/** Why a state-changing request is refused, or undefined when its origin is its own. */
const originRefusal = (request: FastifyRequest, protocol: 'http' | 'https') => {
  const own = normalizeOrigin(`${protocol}://${request.headers.host ?? ''}`);
  const origin = request.headers.origin;
  if (origin !== undefined) {
    return own === null || normalizeOrigin(origin) !== own
      ? forbidden('Cross-origin request refused.', 'csrf_failed')
      : undefined;
  }
  const referer = request.headers.referer;
  if (referer !== undefined) {
    return own === null || normalizeOrigin(referer) !== own
      ? forbidden('Cross-origin request refused.', 'csrf_failed')
      : undefined;
  }
  if (request.headers.cookie && !request.headers.authorization) {
    return forbidden('Cross-origin request refused: the Origin header is missing.', 'csrf_failed');
  }
  return undefined;
};

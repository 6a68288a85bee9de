import type { FastifyInstance } from 'fastify';
import { invalid } from './app-error.ts';

/**
 * The first place a NUL character hides in a parsed input (a value or a key), as the dotted path
 * the error shape's `attr` uses; null when there is none. PostgreSQL cannot store NUL in text, so
 * such input must be refused before any handler sees it.
 */
export const nulPath = (value: unknown, path = ''): string | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here.replaceAll('\u0000', '\\0');
    const found = nulPath(child, here);
    if (found !== null) return found;
  }
  return null;
};

/** One rule for every route: a NUL anywhere in the path parameters, query or JSON body is a 400 naming the field. */
export const registerTextGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const attr = nulPath(part);
      if (attr !== null) return done(invalid(attr || null, 'Text must not contain NUL characters.', 'null_character'));
    }
    done();
  });
};

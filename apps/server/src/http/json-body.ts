import type { FastifyInstance } from 'fastify';
import { invalid } from './app-error.ts';

/** The deepest nesting of arrays and objects a JSON body may have (no route's input comes near it). */
export const MAX_JSON_DEPTH = 64;

/**
 * The nesting depth of a JSON text, counted over its characters (strings skipped) with a counter,
 * not recursion, so a body nested thousands of levels cannot overflow the stack here; it stops
 * counting once past `limit`. Malformed text is left to the parser to refuse.
 */
export const jsonDepth = (text: string, limit = Number.POSITIVE_INFINITY): number => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
};

/**
 * The JSON body parser of every route (Fastify's own, with its prototype-poisoning refusals),
 * with two rules in front of it:
 * - an empty body is `{}`: many clients send `Content-Type: application/json` with the body-less
 *   POSTs (cancel, confirm…); a route that needs fields still answers their validation errors;
 * - a body nested deeper than MAX_JSON_DEPTH is a 400 `too_deep` before it is parsed (a deep body
 *   overflowed the recursive walks after parsing: a 500).
 */
export const registerJsonBodyParser = (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      return done(
        invalid(null, `The JSON body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`, 'too_deep'),
        undefined,
      );
    }
    return parse(request, text, done);
  });
};

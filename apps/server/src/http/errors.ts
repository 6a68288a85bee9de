import type { ErrorItem, ErrorResponse } from '@excursio/contract/list';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type DatabaseFailure, databaseFailure } from '../db/errors.ts';
import { authorizationFailure } from './access.ts';
import { AppError } from './app-error.ts';

const send = (type: ErrorResponse['type'], errors: ErrorItem[]): ErrorResponse => ({ type, errors });
const SERVER_ERROR = send('server_error', [{ code: 'error', detail: 'A server error occurred.', attr: null }]);

/** Database failures the caller can act on: try again shortly, or fix the text. Never a 500 or a hang. */
const DATABASE_ANSWERS: Record<DatabaseFailure, [number, ErrorResponse['type'], string, string]> = {
  unavailable: [503, 'server_error', 'database_unavailable', 'The service is briefly unavailable. Please try again.'],
  timeout: [503, 'server_error', 'timeout', 'The request took too long and was stopped. Please try again.'],
  busy: [409, 'client_error', 'busy', 'Someone else is changing this right now. Please try again.'],
  retryable: [409, 'client_error', 'conflict', 'This change collided with another one. Please try again.'],
  bad_text: [400, 'validation_error', 'null_character', 'Text must not contain NUL characters.'],
};

/** Map every failure to `{type, errors:[{code, detail, attr}]}`; 5xx never leak internals. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler(async (thrown: FastifyError, request, reply) => {
    // A read-ahead request that is not authorized gets only that answer, whatever else went wrong.
    const error = ((await authorizationFailure(request)) ?? thrown) as FastifyError;
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(send(error.type, error.items));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const items = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // fastify-type-provider-zod puts the zod issue code in `keyword`, the rest of the issue in `params`.
        const params = issue.params as { keys?: string[] };
        const code = issue.keyword || 'invalid';
        if (code === 'unrecognized_keys' && params.keys) {
          return params.keys.map((key) => ({
            code: 'unknown_field',
            detail: `Unknown field '${key}'.`,
            attr: path ? `${path}.${key}` : key,
          }));
        }
        const isMissing = code === 'invalid_type' && /received undefined/.test(issue.message ?? '');
        return [
          {
            code: isMissing ? 'required' : code,
            detail: isMissing ? 'This field is required.' : (issue.message ?? 'Invalid value.'),
            attr: path || (where === 'body' ? null : where),
          },
        ];
      });
      return reply.status(400).send(send('validation_error', items.flat()));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(SERVER_ERROR);
    }
    const failure = databaseFailure(error);
    if (failure) {
      const [status, type, code, detail] = DATABASE_ANSWERS[failure];
      request.log.warn({ err: error, failure }, 'database failure answered cleanly');
      if (status === 503) reply.header('retry-after', '1');
      return reply.status(status).send(send(type, [{ code, detail, attr: null }]));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(SERVER_ERROR);
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type, ...): shape them alike.
    const fastifyCodes: Record<string, [number, string, string]> = {
      FST_ERR_CTP_BODY_TOO_LARGE: [400, 'body_too_large', 'The request body is too large.'],
      FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Send the request body as JSON.'],
      FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'parse_error', 'The JSON body is empty.'],
      FST_ERR_CTP_INVALID_JSON_BODY: [400, 'parse_error', 'The JSON body could not be parsed.'],
    };
    const known = fastifyCodes[error.code];
    if (known) {
      return reply
        .status(known[0])
        .send(send(known[0] === 400 ? 'validation_error' : 'client_error', [{ code: known[1], detail: known[2], attr: null }]));
    }
    const code = status === 429 ? 'throttled' : status === 400 && error.message.includes('JSON') ? 'parse_error' : 'error';
    return reply
      .status(status)
      .send(send(status === 400 ? 'validation_error' : 'client_error', [{ code, detail: error.message, attr: null }]));
  });
};

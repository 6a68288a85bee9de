import type { ErrorItem, ErrorResponse } from '@excursio/contract/list';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

const send = (type: ErrorResponse['type'], errors: ErrorItem[]): ErrorResponse => ({ type, errors });
const SERVER_ERROR = send('server_error', [{ code: 'error', detail: 'A server error occurred.', attr: null }]);

/** Map every failure to `{type, errors:[{code, detail, attr}]}`; 5xx never leak internals. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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

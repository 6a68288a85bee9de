import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

type ErrorItem = { code?: string; detail?: string | RegExp; attr?: string | null };

/**
 * Asserts what a client sees on a refusal: the status, the `{type, errors:[{code, detail, attr}]}`
 * shape (every item exactly those three keys), and that one item matches `item`. `type` defaults to
 * `validation_error` for 400 and `client_error` otherwise.
 */
export const expectError = (
  res: LightMyRequestResponse,
  status: number,
  item: ErrorItem,
  type: 'validation_error' | 'client_error' | 'server_error' = status === 400
    ? 'validation_error'
    : status >= 500
      ? 'server_error'
      : 'client_error',
) => {
  const context = `${res.statusCode} ${res.body}`;
  expect(res.statusCode, context).toBe(status);
  const body = res.json();
  expect(Object.keys(body).sort(), context).toEqual(['errors', 'type']);
  expect(body.type, context).toBe(type);
  expect(body.errors.length, context).toBeGreaterThan(0);
  for (const error of body.errors) {
    expect(Object.keys(error).sort(), context).toEqual(['attr', 'code', 'detail']);
    expect(typeof error.code, context).toBe('string');
    expect(typeof error.detail, context).toBe('string');
  }
  const { detail, ...rest } = item;
  const wanted = {
    ...rest,
    ...(detail === undefined ? {} : { detail: typeof detail === 'string' ? detail : expect.stringMatching(detail) }),
  };
  expect(body.errors, context).toContainEqual(expect.objectContaining(wanted));
  return body as { type: string; errors: { code: string; detail: string; attr: string | null }[] };
};

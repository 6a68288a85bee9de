import type { ApiKeyCreated, ApiKeyScope } from '@excursio/contract/api-keys';
import { expect } from 'vitest';
import { TEST_DOMAIN, type TestApp } from './app.ts';
import type { TestAccount } from './factories.ts';

/** A server-to-server client: the organization's host and the key as a bearer token; no Origin, no cookie. */
export const bearer = (subdomain: string | null, secret: string) => ({
  host: subdomain ? `${subdomain}.${TEST_DOMAIN}` : TEST_DOMAIN,
  authorization: `Bearer ${secret}`,
});

/** A key created through the API by the account's owner (or `as`), with the headers to use it. */
export const createApiKey = async (
  t: TestApp,
  account: TestAccount,
  scopes: ApiKeyScope[],
  options: { name?: string; as?: Record<string, string> } = {},
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys/',
    headers: options.as ?? account.owner.headers,
    payload: { name: options.name ?? 'Integration', scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  const key = res.json() as ApiKeyCreated;
  return { ...key, headers: bearer(account.subdomain, key.secret) };
};

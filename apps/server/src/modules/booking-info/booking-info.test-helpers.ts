import { v7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { type AccountTable, accountRows } from '../../test/account-rows.ts';
import type { TestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount } from '../../test/factories.ts';

/** One booking-info resource, as its test file sees it. */
export type ResourceUnderTest = {
  t: TestApp;
  /** The account the file tests with (its owner creates). */
  a: TestAccount;
  url: string;
  table: AccountTable;
  /** A valid create body for the account (per-offer resources create an offer of it). */
  body: (account: TestAccount) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** A valid PATCH body. */
  patch: Record<string, unknown>;
};

/** The account's rows of the table, as stored. */
export const rowsOf = accountRows;

/** POST as this account's owner (or the given headers); asserts 201 and returns the record. */
export const createVia = async (r: ResourceUnderTest, account: TestAccount, body?: object, headers = account.owner.headers) => {
  const res = await r.t.app.inject({ method: 'POST', url: r.url, headers, payload: body ?? (await r.body(account)) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string } & Record<string, unknown>;
};

/** Status of each write attempt (POST, PUT, PATCH, DELETE) on the resource. */
const writeStatuses = async (r: ResourceUnderTest, id: string, headers: Record<string, string>, code: string) => {
  const body = await r.body(r.a);
  const one = `${r.url}${id}/`;
  for (const [method, url, payload] of [
    ['POST', r.url, body],
    ['PUT', one, body],
    ['PATCH', one, r.patch],
    ['DELETE', one, undefined],
  ] as const) {
    const res = await r.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expectError(res, 403, { code });
  }
};

/**
 * The access rules every booking-info resource shares: reads need 'View experiences', writes
 * 'Manage experiences', both the 'experiences' feature; another account's records are 404 and stay
 * as they are, and never show up in a list.
 */
export const describeAccess = (name: string, r: () => ResourceUnderTest) =>
  describe(`${name}: access`, () => {
    it("lets 'View experiences' read but not write", async () => {
      const res = r();
      const record = await createVia(res, res.a);
      const viewer = await createMember(res.t, res.a, ['View experiences']);
      const before = await rowsOf(res.t, res.table, res.a.account.id);
      const list = await res.t.app.inject({ url: res.url, headers: viewer.headers });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().results.map((x: { id: string }) => x.id)).toContain(record.id);
      const one = await res.t.app.inject({ url: `${res.url}${record.id}/`, headers: viewer.headers });
      expect(one.json()).toEqual(record);
      await writeStatuses(res, record.id, viewer.headers, 'permission_denied');
      expect(await rowsOf(res.t, res.table, res.a.account.id)).toEqual(before);
    });

    it("lets 'Manage experiences' alone read and write, and refuses members without permissions", async () => {
      const res = r();
      const manager = await createMember(res.t, res.a, ['Manage experiences']);
      const made = await createVia(res, res.a, undefined, manager.headers);
      const patch = await res.t.app.inject({
        method: 'PATCH',
        url: `${res.url}${made.id}/`,
        headers: manager.headers,
        payload: res.patch,
      });
      expect(patch.statusCode, patch.body).toBe(200);
      // Its permission set holds the reading codenames too.
      expect((await res.t.app.inject({ url: res.url, headers: manager.headers })).statusCode).toBe(200);

      const powerless = await createMember(res.t, res.a, []);
      const before = await rowsOf(res.t, res.table, res.a.account.id);
      expectError(await res.t.app.inject({ url: res.url, headers: powerless.headers }), 403, { code: 'permission_denied' });
      expectError(await res.t.app.inject({ url: `${res.url}${made.id}/`, headers: powerless.headers }), 403, {
        code: 'permission_denied',
      });
      await writeStatuses(res, made.id, powerless.headers, 'permission_denied');
      expect(await rowsOf(res.t, res.table, res.a.account.id)).toEqual(before);
    });

    it("refuses a plan without offers ('experiences' feature)", async () => {
      const res = r();
      const affiliate = await createAccount(res.t, { type: 'affiliate' });
      expectError(await res.t.app.inject({ url: res.url, headers: affiliate.owner.headers }), 403, {
        code: 'feature_not_in_plan',
      });
      await writeStatuses({ ...res, a: affiliate, body: () => ({}) }, v7(), affiliate.owner.headers, 'feature_not_in_plan');
    });

    it("answers 404 for another account's record, leaves it unchanged and keeps lists apart", async () => {
      const res = r();
      const b = await createAccount(res.t);
      const theirs = await createVia(res, b);
      const ours = await createVia(res, res.a);
      const before = await rowsOf(res.t, res.table, b.account.id);
      const url = `${res.url}${theirs.id}/`;
      const headers = res.a.owner.headers;
      const notFound = { type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] };
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', await res.body(res.a)],
        ['PATCH', res.patch],
        ['DELETE', undefined],
      ] as const) {
        const attempt = await res.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(attempt.statusCode, `${method} ${attempt.body}`).toBe(404);
        expect(attempt.json()).toEqual(notFound);
      }
      expect(await rowsOf(res.t, res.table, b.account.id)).toEqual(before);
      const ids = async (account: TestAccount) =>
        (await res.t.app.inject({ url: `${res.url}?page_size=100`, headers: account.owner.headers }))
          .json()
          .results.map((x: { id: string }) => x.id);
      expect(await ids(res.a)).toContain(ours.id);
      expect(await ids(res.a)).not.toContain(theirs.id);
      expect(await ids(b)).toEqual([theirs.id]);
      // An id that exists nowhere is the same 404.
      expectError(await res.t.app.inject({ url: `${res.url}${v7()}/`, headers }), 404, { code: 'not_found' });
    });
  });

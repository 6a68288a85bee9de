import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect } from 'vitest';
import { baseAccounts, subscriptionTiers } from '../db/schema/accounts.ts';
import { experiences } from '../db/schema/catalog.ts';
import { cardProviderForTests } from '../modules/orders/payments.service.ts';
import { createTestApp, hostHeaders, type TestApp, useTestApp } from './app.ts';
import type { createSellableOffer } from './availability-factories.ts';
import { createAccount, type TestAccount } from './factories.ts';

export const PARTNERS_DAY = '2026-12-03';
const NOW = new Date('2026-11-30T09:00:00Z');

type Headers = { headers: Record<string, string> };
type Offer = Awaited<ReturnType<typeof createSellableOffer>>;

/**
 * The partners API as a client calls it, for one test file (its own app, the clock at NOW).
 *
 * Changing the chosen offers (PATCH with experience_ids) once deadlocked on PGlite: changeTerms read
 * the supplier's offers through `db` beside its own open transaction, and PGlite runs one
 * transaction at a time. Tests of it run on an app of their own (`isolated`) and give each PATCH a
 * few seconds to answer, so a regression fails that test with a clear message instead of hanging the
 * whole file (the stuck app is then left behind unclosed).
 */
export const usePartnersApi = () => {
  const shared = useTestApp();
  beforeEach(() => {
    shared.clock.now = NOW;
  });
  afterEach(() => {
    cardProviderForTests.current = null;
  });
  let override: TestApp | null = null;
  /** `t` of the factories: forwards to the app of the moment (the file's, or a test's own). */
  const t = new Proxy({} as TestApp, { get: (_, key) => Reflect.get(override ?? shared, key) });
  const isolated = async (fn: (t: TestApp) => Promise<void>) => {
    const own = await createTestApp();
    own.clock.now = NOW;
    override = own;
    let stuck = false;
    try {
      await fn(own);
    } catch (error) {
      stuck = error instanceof Error && error.message.includes('no answer within');
      throw error;
    } finally {
      override = null;
      if (!stuck) await own.close();
    }
  };
  const answered = async <T>(request: PromiseLike<T>, what: string, ms = 5_000): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms (a deadlock)`)), ms);
    });
    try {
      return await Promise.race([request, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  const get = (who: Headers, url: string) => t.app.inject({ url, headers: who.headers });
  const post = (who: Headers, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  const patch = (who: Headers, id: string, payload: object) =>
    answered(
      t.app.inject({ method: 'PATCH', url: `/api/partners/${id}/`, headers: who.headers, payload }),
      `PATCH ${JSON.stringify(payload)}`,
    );
  const listOf = async (who: Headers, query = '') => {
    const res = await get(who, `/api/partners/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; results: { id: string; partner: { id: string } | null; status: string }[] };
  };
  return {
    t,
    isolated,
    get,
    post,
    patch,
    invite: (who: Headers, body: Record<string, unknown>) => post(who, '/api/partners/', body),
    act: (who: Headers, id: string, action: string) => post(who, `/api/partners/${id}/${action}/`),
    listOf,
    idsOf: (page: { results: { id: string }[] }) => page.results.map((r) => r.id),
    org: (a: TestAccount) => ({ id: a.account.id, name: `Org ${a.subdomain}`, subdomain: a.subdomain }),
    /** An organization on a plan chosen by its code (e.g. `supplier-growth`: partners without resales). */
    accountOnPlan: async (type: 'supplier' | 'affiliate', code: string) => {
      const account = await createAccount(t, { type });
      const [tier] = await t.db.select().from(subscriptionTiers).where(eq(subscriptionTiers.code, code));
      await t.db.update(baseAccounts).set({ subscriptionTierId: tier.id }).where(eq(baseAccounts.id, account.account.id));
      await t.settled();
      return account;
    },
    /** A supplier's offer put into another status directly (Draft / Inactive). */
    setStatus: async (offer: Offer, status: 'draft' | 'inactive' | 'active') => {
      await t.db.update(experiences).set({ status }).where(eq(experiences.id, offer.offer.id));
      await t.settled();
    },
    titlesOf: (res: { json: () => { results: { title: string }[] } }) =>
      res
        .json()
        .results.map((r) => r.title)
        .sort(),
    eligible: (reseller: TestAccount, storeId: string, query = '') =>
      get(reseller.owner, `/api/stores/${storeId}/eligible-experiences/?${query}`),
    webstoreCards: (reseller: TestAccount, slug: string) =>
      t.app.inject({ url: `/api/webstores/experiences/?store=${slug}`, headers: hostHeaders(reseller.subdomain) }),
  };
};

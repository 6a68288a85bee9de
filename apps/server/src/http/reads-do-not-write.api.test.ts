import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { carts } from '../db/schema/carts.ts';
import { onboardingSteps, onboardings } from '../db/schema/home.ts';
import { useTestApp } from '../test/app.ts';
import { createAccount, type TestAccount } from '../test/factories.ts';

// Runs on PGlite and, with DATABASE_URL, on PostgreSQL, where the parallel first writes really race.
const t = useTestApp();

const rows = async (account: TestAccount) => ({
  carts: await t.db.$count(carts, eq(carts.accountId, account.account.id)),
  onboardings: await t.db.$count(onboardings, eq(onboardings.accountId, account.account.id)),
  steps: await t.db.$count(onboardingSteps, eq(onboardingSteps.accountId, account.account.id)),
});
const get = async (account: TestAccount, url: string) => {
  const res = await t.app.inject({ url, headers: account.owner.headers });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json();
};
const write = (account: TestAccount, method: 'PATCH' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: account.owner.headers, payload });

describe('reads do not write: the cart and the onboarding checklist are stored on the first write', () => {
  it('GETs of the cart and of the checklist answer the empty state and store nothing', async () => {
    const a = await createAccount(t);
    const cart = await get(a, '/api/cart/');
    expect(cart).toMatchObject({ lines: [], total: 0, customer_id: null });
    expect(await get(a, `/api/cart/${cart.id}/`)).toMatchObject({ id: cart.id, lines: [] });
    expect((await get(a, `/api/cart/${cart.id}/lines/`)).results ?? []).toEqual([]);
    const list = (await get(a, '/api/onboardings/')).results[0];
    expect(list.steps.length).toBe(5);
    expect((await get(a, `/api/onboardings/${list.id}/`)).id).toBe(list.id);
    expect((await get(a, '/api/onboarding-steps/')).results.map((s: { id: string }) => s.id)).toEqual(
      list.steps.map((s: { id: string }) => s.id),
    );
    expect((await get(a, `/api/onboarding-steps/${list.steps[0].id}/`)).code).toBe(list.steps[0].code);
    // The same ids on every read, so a client may write to what it read.
    expect((await get(a, '/api/cart/')).id).toBe(cart.id);
    expect((await get(a, '/api/onboardings/')).results[0].id).toBe(list.id);
    expect(await rows(a)).toEqual({ carts: 0, onboardings: 0, steps: 0 });
  });

  it('the first write stores the read state under the ids answered; parallel first writes make one row', async () => {
    const a = await createAccount(t);
    const cart = await get(a, '/api/cart/');
    const list = (await get(a, '/api/onboardings/')).results[0];
    const step = list.steps[1];
    const writes = await Promise.all([
      ...Array.from({ length: 8 }, () => write(a, 'PATCH', `/api/cart/${cart.id}/`, { customer_id: null })),
      ...Array.from({ length: 8 }, () => write(a, 'PATCH', `/api/onboarding-steps/${step.id}/`, { dismissed: true })),
    ]);
    for (const res of writes) expect(res.statusCode, res.body).toBe(200);
    expect(await rows(a)).toEqual({ carts: 1, onboardings: 1, steps: 5 });
    expect((await get(a, '/api/cart/')).id).toBe(cart.id);
    const stored = (await get(a, '/api/onboardings/')).results[0];
    expect(stored.id).toBe(list.id);
    expect(stored.steps.find((s: { id: string }) => s.id === step.id).dismissed).toBe(true);
  });

  it("another user's or an unknown cart id is still 404, and writing to it stores nothing", async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const theirs = await get(b, '/api/cart/');
    expect((await t.app.inject({ url: `/api/cart/${theirs.id}/`, headers: a.owner.headers })).statusCode).toBe(404);
    expect((await write(a, 'PATCH', `/api/cart/${theirs.id}/`, { customer_id: null })).statusCode).toBe(404);
    const other = (await get(b, '/api/onboardings/')).results[0];
    expect((await write(a, 'PATCH', `/api/onboarding-steps/${other.steps[0].id}/`, { dismissed: true })).statusCode).toBe(404);
    expect(await rows(a)).toEqual({ carts: 0, onboardings: 0, steps: 0 });
    expect(await rows(b)).toEqual({ carts: 0, onboardings: 0, steps: 0 });
  });
});

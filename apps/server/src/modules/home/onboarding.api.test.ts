import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { experiences } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { createAccount, createMember, type TestAccount } from '../../test/factories.ts';
import { createOrder } from '../../test/order-factories.ts';
import { partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';

const t = useTestApp();

type Step = { id: string; code: string; done: boolean; dismissed: boolean; path: string };
const checklist = async (account: TestAccount, headers = account.owner.headers) => {
  const res = await t.app.inject({ url: '/api/onboardings/', headers });
  expect(res.statusCode).toBe(200);
  expect(res.json().count).toBe(1);
  return res.json().results[0] as {
    id: string;
    kind: string;
    dismissed: boolean;
    completed_steps: number;
    total_steps: number;
    completed: boolean;
    steps: Step[];
  };
};
const doneOf = (steps: Step[]) => Object.fromEntries(steps.map((s) => [s.code, s.done]));
const send = (account: TestAccount, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: account.owner.headers, ...(payload ? { payload } : {}) });

describe('onboarding checklist (supplier)', () => {
  it('derives every step from the data as the supplier sets up', async () => {
    const a = await createAccount(t);
    const first = await checklist(a);
    expect(first.kind).toBe('supplier');
    expect(first.steps.map((s) => s.code)).toEqual([
      'create_offer',
      'publish_offer',
      'connect_payments',
      'open_store',
      'first_booking',
    ]);
    expect(first.steps.every((s) => !s.done && !s.dismissed)).toBe(true);
    expect(first.steps[0].path).toBe('/products/experiences/overview');
    expect([first.completed_steps, first.total_steps, first.completed]).toEqual([0, 5, false]);

    const draft = await createExperience(t, a, { status: 'draft' });
    expect(doneOf((await checklist(a)).steps)).toMatchObject({ create_offer: true, publish_offer: false });
    await t.db.update(experiences).set({ status: 'active' }).where(eq(experiences.id, draft.id));
    expect(doneOf((await checklist(a)).steps)).toMatchObject({ publish_offer: true, connect_payments: false });

    await connectTestProvider(t.db, a.account.id);
    await createStore(t, a, { status: 'draft' });
    expect(doneOf((await checklist(a)).steps)).toMatchObject({ connect_payments: true, open_store: false });
    await createStore(t, a);
    t.clock.now = new Date('2026-12-10T06:00:00Z');
    const offer = await createSellableOffer(t, a);
    await createOrder(t, a, offer, '2026-12-11', { adults: 1 });
    const done = await checklist(a);
    expect(done.steps.every((s) => s.done)).toBe(true);
    expect([done.completed_steps, done.completed]).toEqual([5, true]);
    // The same checklist every time (made once).
    expect(done.id).toBe(first.id);
  });

  it('dismisses a step and the whole checklist, keeps that, and starts over after a delete', async () => {
    const a = await createAccount(t);
    const list = await checklist(a);
    const payments = list.steps.find((s) => s.code === 'connect_payments') as Step;

    const skipped = await send(a, 'PATCH', `/api/onboarding-steps/${payments.id}/`, { dismissed: true });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toMatchObject({ code: 'connect_payments', dismissed: true, done: false });
    expect((await checklist(a)).completed_steps).toBe(1);
    const back = await send(a, 'PUT', `/api/onboarding-steps/${payments.id}/`, { dismissed: false });
    expect(back.json().dismissed).toBe(false);

    const hidden = await send(a, 'PATCH', `/api/onboardings/${list.id}/`, { dismissed: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ dismissed: true });
    expect((await checklist(a)).dismissed).toBe(true);
    expect((await send(a, 'POST', '/api/onboardings/', {})).statusCode).toBe(409);

    expect((await send(a, 'DELETE', `/api/onboardings/${list.id}/`)).statusCode).toBe(204);
    const fresh = await checklist(a);
    expect(fresh.steps.some((step) => step.dismissed)).toBe(false);
    expect([fresh.dismissed, fresh.completed_steps]).toEqual([false, 0]);
    expect((await send(a, 'DELETE', `/api/onboardings/${fresh.id}/`)).statusCode).toBe(204);
    const created = await send(a, 'POST', '/api/onboardings/', { dismissed: false });
    expect(created.statusCode).toBe(201);
    expect(created.json().total_steps).toBe(5);
  });

  it('removes a step and puts it back; lists, filters and retrieves steps', async () => {
    const a = await createAccount(t);
    await createExperience(t, a, { status: 'draft' });
    const list = await checklist(a);
    const store = list.steps.find((s) => s.code === 'open_store') as Step;
    expect((await send(a, 'DELETE', `/api/onboarding-steps/${store.id}/`)).statusCode).toBe(204);
    expect((await checklist(a)).steps.map((s) => s.code)).not.toContain('open_store');
    expect((await t.app.inject({ url: `/api/onboarding-steps/${store.id}/`, headers: a.owner.headers })).statusCode).toBe(404);

    const readded = await send(a, 'POST', '/api/onboarding-steps/', { onboarding: list.id, code: 'open_store' });
    expect(readded.statusCode).toBe(201);
    expect(readded.json()).toMatchObject({ code: 'open_store', position: 3 });
    expect((await send(a, 'POST', '/api/onboarding-steps/', { onboarding: list.id, code: 'open_store' })).statusCode).toBe(409);
    expect((await send(a, 'POST', '/api/onboarding-steps/', { onboarding: list.id, code: 'first_resale' })).statusCode).toBe(400);
    expect((await checklist(a)).steps.map((s) => s.code)[3]).toBe('open_store');

    const doneSteps = await t.app.inject({ url: '/api/onboarding-steps/?done=true', headers: a.owner.headers });
    expect(doneSteps.json().results.map((s: Step) => s.code)).toEqual(['create_offer']);
    const byCode = await t.app.inject({ url: '/api/onboarding-steps/?ordering=-code&page_size=5', headers: a.owner.headers });
    expect(byCode.json().results[0].code).toBe('publish_offer');
    const one = await t.app.inject({ url: `/api/onboarding-steps/${list.steps[0].id}/`, headers: a.owner.headers });
    expect(one.json()).toMatchObject({ code: 'create_offer', done: true });
  });

  it('makes one checklist under parallel first reads', async () => {
    const a = await createAccount(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ url: '/api/onboardings/', headers: a.owner.headers })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((r) => r.json().results[0].id)).size).toBe(1);
    expect(answers[0].json().results[0].steps).toHaveLength(5);
  });
});

describe('onboarding checklist (affiliate)', () => {
  it("has the reseller's own steps, derived from partnerships, stores and resales", async () => {
    const { supplier, reseller } = await supplierAndReseller(t, { card: false });
    const list = await checklist(reseller);
    expect(list.kind).toBe('affiliate');
    expect(list.steps.map((s) => s.code)).toEqual(['find_partner', 'open_store', 'add_partner_offer', 'first_resale']);
    expect(list.steps.some((s) => s.done)).toBe(false);

    const offer = await createSellableOffer(t, supplier);
    await partnerUp(t, supplier, reseller);
    const store = await createStore(t, reseller);
    await addToStore(t, reseller, store.id, [offer.offer.id]);
    expect(doneOf((await checklist(reseller)).steps)).toEqual({
      find_partner: true,
      open_store: true,
      add_partner_offer: true,
      first_resale: false,
    });
    // The supplier's own checklist is not touched by the reseller's progress.
    expect(doneOf((await checklist(supplier)).steps)).toMatchObject({ open_store: false, first_booking: false });
  });
});

describe('onboarding access and isolation', () => {
  it("needs Manage account and never reaches another organization's checklist", async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const listA = await checklist(a);
    const listB = await checklist(b);
    const stepB = listB.steps[0];

    const seller = await createMember(t, a, ['Manage orders']);
    expect((await t.app.inject({ url: '/api/onboardings/', headers: seller.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/onboarding-steps/', headers: seller.headers })).statusCode).toBe(403);
    const admin = await createMember(t, a, ['Manage account']);
    expect((await checklist(a, admin.headers)).id).toBe(listA.id);

    expect((await t.app.inject({ url: `/api/onboardings/${listB.id}/`, headers: a.owner.headers })).statusCode).toBe(404);
    expect((await send(a, 'PATCH', `/api/onboardings/${listB.id}/`, { dismissed: true })).statusCode).toBe(404);
    expect((await send(a, 'DELETE', `/api/onboardings/${listB.id}/`)).statusCode).toBe(404);
    expect((await send(a, 'PATCH', `/api/onboarding-steps/${stepB.id}/`, { dismissed: true })).statusCode).toBe(404);
    expect((await send(a, 'DELETE', `/api/onboarding-steps/${stepB.id}/`)).statusCode).toBe(404);
    expect((await send(a, 'POST', '/api/onboarding-steps/', { onboarding: listB.id, code: 'open_store' })).statusCode).toBe(400);
    const stepsA = await t.app.inject({ url: `/api/onboarding-steps/?onboarding=${listB.id}`, headers: a.owner.headers });
    expect(stepsA.json().count).toBe(0);
    expect((await checklist(b)).steps.every((s) => !s.dismissed)).toBe(true);
  });
});

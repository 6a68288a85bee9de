import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseAccounts, subscriptionTiers } from '../../db/schema/accounts.ts';
import { bookings, holds } from '../../db/schema/availability.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { partnerships, resales } from '../../db/schema/partners.ts';
import { orders } from '../../db/schema/sales.ts';
import { storeExperiences } from '../../db/schema/stores.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { lastMailTo } from '../../test/auth-flows.ts';
import { createSellableOffer, keyAt } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount } from '../../test/factories.ts';
import { book } from '../../test/order-factories.ts';
import { partnerAction, partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, reserveInStore } from '../../test/webstore-factories.ts';
import { testModeProvider } from '../orders/payment-provider.ts';
import { cardProviderForTests } from '../orders/payments.service.ts';

/*
 * Partnerships as a client sees them: invitations by subdomain and by email, the terms, who may do
 * what, and — the key risk — what one organization may see and sell of another's.
 */

const t = useTestApp();
const DAY = '2026-12-03';
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterEach(() => {
  cardProviderForTests.current = null;
});

type Headers = { headers: Record<string, string> };
type Offer = Awaited<ReturnType<typeof createSellableOffer>>;

const get = (who: Headers, url: string) => t.app.inject({ url, headers: who.headers });
const post = (who: Headers, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
const patch = (who: Headers, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/partners/${id}/`, headers: who.headers, payload });
const invite = (who: Headers, body: Record<string, unknown>) => post(who, '/api/partners/', body);
const act = (who: Headers, id: string, action: string) => post(who, `/api/partners/${id}/${action}/`);
const listOf = async (who: Headers, query = '') => {
  const res = await get(who, `/api/partners/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; results: { id: string; partner: { id: string } | null; status: string }[] };
};
const idsOf = (page: { results: { id: string }[] }) => page.results.map((r) => r.id);
const org = (a: TestAccount) => ({ id: a.account.id, name: `Org ${a.subdomain}`, subdomain: a.subdomain });

/** An organization on a plan chosen by its code (e.g. `supplier-growth`: partners without resales). */
const accountOnPlan = async (type: 'supplier' | 'affiliate', code: string) => {
  const account = await createAccount(t, { type });
  const [tier] = await t.db.select().from(subscriptionTiers).where(eq(subscriptionTiers.code, code));
  await t.db.update(baseAccounts).set({ subscriptionTierId: tier.id }).where(eq(baseAccounts.id, account.account.id));
  await t.settled();
  return account;
};

/** A supplier's offer put into another status directly (Draft / Inactive). */
const setStatus = async (offer: Offer, status: 'draft' | 'inactive' | 'active') => {
  await t.db.update(experiences).set({ status }).where(eq(experiences.id, offer.offer.id));
  await t.settled();
};

const titlesOf = (res: { json: () => { results: { title: string }[] } }) => res.json().results.map((r) => r.title).sort();
const eligible = (reseller: TestAccount, storeId: string, query = '') =>
  get(reseller.owner, `/api/stores/${storeId}/eligible-experiences/?${query}`);
const webstoreCards = (reseller: TestAccount, slug: string) =>
  t.app.inject({ url: `/api/webstores/experiences/?store=${slug}`, headers: hostHeaders(reseller.subdomain) });

describe('invitations by subdomain', () => {
  it('are pending for both sides, each seeing the other as its partner type; only the invitee answers; accepting makes it active', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const res = await invite(supplier.owner, {
      partner_type: 'resellers',
      subdomain: reseller.subdomain,
      message: 'Sell our tours?',
      terms: { commission_percent: 12.5, allocation: 4 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(sent).toMatchObject({
      status: 'pending',
      partner_type: 'resellers',
      partner: org(reseller),
      supplier: org(supplier),
      reseller: org(reseller),
      invited_by_us: true,
      invite_email: null,
      message: 'Sell our tours?',
      terms: {
        pricing_mode: 'commission',
        commission_percent: 12.5,
        share_mode: 'all',
        experience_ids: [],
        allocation: 4,
        payment_collector: 'reseller',
      },
      can: { accept: false, decline: false, edit_terms: true, pause: false, resume: false, end: true },
      accepted_at: null,
      ended_at: null,
    });

    const seen = await get(reseller.owner, `/api/partners/${sent.id}/`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      status: 'pending',
      partner_type: 'suppliers',
      partner: org(supplier),
      invited_by_us: false,
      can: { accept: true, decline: true, edit_terms: false, pause: false, resume: false, end: false },
    });
    expect(idsOf(await listOf(reseller.owner, 'type=suppliers&status=pending'))).toEqual([sent.id]);
    expect(idsOf(await listOf(supplier.owner, 'type=resellers&status=pending'))).toEqual([sent.id]);

    // The inviter cannot answer its own invitation; pausing a pending one means nothing.
    expectError(await act(supplier.owner, sent.id, 'accept'), 409, { code: 'invalid_state' });
    expectError(await act(supplier.owner, sent.id, 'decline'), 409, { code: 'invalid_state' });
    expectError(await act(reseller.owner, sent.id, 'pause'), 409, { code: 'invalid_state' });
    expect((await get(supplier.owner, `/api/partners/${sent.id}/`)).json().status).toBe('pending');

    const accepted = await act(reseller.owner, sent.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'active',
      partner_type: 'suppliers',
      can: { accept: false, decline: false, edit_terms: false, pause: true, resume: false, end: true },
    });
    expect(accepted.json().accepted_at).not.toBeNull();
    expect((await get(supplier.owner, `/api/partners/${sent.id}/`)).json()).toMatchObject({
      status: 'active',
      partner_type: 'resellers',
      can: { accept: false, decline: false, edit_terms: true, pause: true, resume: false, end: true },
    });
    // Accepting twice is refused.
    expectError(await act(reseller.owner, sent.id, 'accept'), 409, { code: 'invalid_state' });
  });

  it('work the other way round: a reseller invites a supplier (partner_type suppliers)', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const res = await invite(reseller.owner, { partner_type: 'suppliers', subdomain: supplier.subdomain });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      partner_type: 'suppliers',
      partner: org(supplier),
      supplier: org(supplier),
      reseller: org(reseller),
      invited_by_us: true,
      can: { accept: false, edit_terms: true },
    });
    const seen = (await get(supplier.owner, `/api/partners/${res.json().id}/`)).json();
    expect(seen).toMatchObject({ partner_type: 'resellers', partner: org(reseller), can: { accept: true, decline: true } });
    // While pending, the supplier may not change what the inviter proposed: it accepts or declines.
    expect(seen.can.edit_terms).toBe(false);
    expect((await act(supplier.owner, res.json().id, 'accept')).json()).toMatchObject({
      status: 'active',
      can: { edit_terms: true },
    });
  });

  it('lists filter by type, status and the partner’s name, and order by name, status or date', async () => {
    const me = await createAccount(t, { type: 'supplier' });
    const r1 = await createAccount(t, { type: 'affiliate' });
    const r2 = await createAccount(t, { type: 'affiliate' });
    const s1 = await createAccount(t, { type: 'supplier' });
    const active = await partnerUp(t, me, r1);
    const pendingReseller = (await invite(me.owner, { partner_type: 'resellers', subdomain: r2.subdomain })).json();
    // Another supplier wants us (a Pro supplier, with the feature `resales`) to resell its offers.
    const pendingSupplier = (await invite(s1.owner, { partner_type: 'resellers', subdomain: me.subdomain })).json();

    const all = await listOf(me.owner);
    expect(all.count).toBe(3);
    // Newest first by default.
    expect(idsOf(all)).toEqual([pendingSupplier.id, pendingReseller.id, active.id]);
    expect(idsOf(await listOf(me.owner, 'type=resellers')).sort()).toEqual([active.id, pendingReseller.id].sort());
    expect(idsOf(await listOf(me.owner, 'type=My%20suppliers'))).toEqual([pendingSupplier.id]);
    expect(idsOf(await listOf(me.owner, 'status=active'))).toEqual([active.id]);
    expect(idsOf(await listOf(me.owner, 'status=pending')).sort()).toEqual([pendingReseller.id, pendingSupplier.id].sort());
    expect(idsOf(await listOf(me.owner, 'type=resellers&status=pending'))).toEqual([pendingReseller.id]);
    expect(idsOf(await listOf(me.owner, 'status=declined'))).toEqual([]);
    // Search matches the partner's name, not ours.
    expect(idsOf(await listOf(me.owner, `search=${r2.subdomain.toUpperCase()}`))).toEqual([pendingReseller.id]);
    expect((await listOf(me.owner, `search=${me.subdomain}`)).count).toBe(0);

    const byName = [
      [r1, active.id],
      [r2, pendingReseller.id],
      [s1, pendingSupplier.id],
    ]
      .sort(([a], [b]) => `Org ${(a as TestAccount).subdomain}`.localeCompare(`Org ${(b as TestAccount).subdomain}`))
      .map(([, id]) => id);
    expect(idsOf(await listOf(me.owner, 'ordering=name'))).toEqual(byName);
    expect(idsOf(await listOf(me.owner, 'ordering=-name'))).toEqual([...byName].reverse());
    expect(idsOf(await listOf(me.owner, 'ordering=status'))[0]).toBe(active.id);
    expect(idsOf(await listOf(me.owner, 'ordering=created_at'))).toEqual([active.id, pendingReseller.id, pendingSupplier.id]);
    expectError(await get(me.owner, '/api/partners/?ordering=commission'), 400, { attr: 'ordering' });
    expect((await get(me.owner, '/api/partners/?status=bogus')).statusCode).toBe(400);
  });

  it('refuses an unknown subdomain, its own, both a subdomain and an email, or neither — with the field named', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    expectError(await invite(supplier.owner, { partner_type: 'resellers', subdomain: 'no-such-org-at-all' }), 400, {
      attr: 'subdomain',
      code: 'does_not_exist',
    });
    expectError(await invite(supplier.owner, { partner_type: 'resellers', subdomain: supplier.subdomain }), 400, {
      attr: 'subdomain',
    });
    expectError(
      await invite(supplier.owner, {
        partner_type: 'resellers',
        subdomain: reseller.subdomain,
        email: reseller.owner.email,
      }),
      400,
      { attr: 'subdomain' },
    );
    expectError(await invite(supplier.owner, { partner_type: 'resellers' }), 400, { attr: 'subdomain' });
    expectError(await invite(supplier.owner, { partner_type: 'partners', subdomain: reseller.subdomain }), 400, {
      attr: 'partner_type',
    });
    expect((await listOf(supplier.owner)).count).toBe(0);
    expect((await listOf(reseller.owner)).count).toBe(0);
  });

  it('allow one open partnership per pair (either direction); after a decline or an end a new invitation may follow', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const first = await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain });
    expect(first.statusCode).toBe(201);
    expectError(await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain }), 400, {
      code: 'unique',
      attr: 'subdomain',
    });
    expectError(await invite(reseller.owner, { partner_type: 'suppliers', subdomain: supplier.subdomain }), 400, {
      code: 'unique',
      attr: 'subdomain',
    });

    const declined = await act(reseller.owner, first.json().id, 'decline');
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(declined.json().ended_at).not.toBeNull();
    expectError(await act(reseller.owner, first.json().id, 'accept'), 409, { code: 'invalid_state' });

    const second = await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain });
    expect(second.statusCode, second.body).toBe(201);
    expect((await act(reseller.owner, second.json().id, 'accept')).statusCode).toBe(200);
    expect((await act(reseller.owner, second.json().id, 'pause')).json()).toMatchObject({
      status: 'paused',
      can: { pause: false, resume: true, end: true },
    });
    expectError(await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain }), 400, {
      code: 'unique',
    });
    expect((await act(supplier.owner, second.json().id, 'end')).json()).toMatchObject({ status: 'ended' });

    const third = await invite(reseller.owner, { partner_type: 'suppliers', subdomain: supplier.subdomain });
    expect(third.statusCode, third.body).toBe(201);
    // The history stays: one declined, one ended, one pending.
    const statuses = (await listOf(supplier.owner)).results.map((r) => r.status).sort();
    expect(statuses).toEqual(['declined', 'ended', 'pending']);
  });

  it('let the inviter withdraw a pending invitation (end), not the invitee', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const sent = (await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain })).json();
    expectError(await act(reseller.owner, sent.id, 'end'), 409, { code: 'invalid_state' });
    expect((await act(supplier.owner, sent.id, 'end')).json()).toMatchObject({ status: 'ended' });
    expectError(await act(reseller.owner, sent.id, 'accept'), 409, { code: 'invalid_state' });
  });
});

describe('invitations by email', () => {
  it('reach the organization of the invited address, which accepts and is bound; a third organization never sees it; a mail goes out', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const partnerManager = await createMember(t, reseller, ['Manage account', 'Manage stores']);
    const third = await createAccount(t, { type: 'affiliate' });

    const res = await invite(supplier.owner, {
      partner_type: 'resellers',
      email: partnerManager.email,
      message: 'Hello from the harbour',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(sent).toMatchObject({
      status: 'pending',
      partner_type: 'resellers',
      partner: null,
      supplier: org(supplier),
      reseller: null,
      invite_email: partnerManager.email,
      invited_by_us: true,
    });

    const mail = await lastMailTo(t, partnerManager.email);
    expect(mail.subject).toContain(`Org ${supplier.subdomain}`);
    expect(mail.text).toContain('Hello from the harbour');
    expect(mail.text).toMatch(/accept or decline/);
    expect(mail.link).toMatch(/^https?:\/\//);

    // The addressee sees it among its suppliers, as one it may answer.
    const mine = await listOf(partnerManager, 'type=suppliers');
    expect(idsOf(mine)).toEqual([sent.id]);
    expect((await get(partnerManager, `/api/partners/${sent.id}/`)).json()).toMatchObject({
      partner_type: 'suppliers',
      partner: org(supplier),
      invited_by_us: false,
      can: { accept: true, decline: true, edit_terms: false },
    });

    // Someone else: nothing to see, read, answer or change.
    expect((await listOf(third.owner)).count).toBe(0);
    expectError(await get(third.owner, `/api/partners/${sent.id}/`), 404, { code: 'not_found' });
    expectError(await act(third.owner, sent.id, 'accept'), 404, { code: 'not_found' });
    expectError(await act(third.owner, sent.id, 'decline'), 404, { code: 'not_found' });
    expectError(await patch(third.owner, sent.id, { commission_percent: 50 }), 404, { code: 'not_found' });

    const accepted = await act(partnerManager, sent.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'active', reseller: org(reseller), partner: org(supplier) });
    // Bound: the reseller organization (its owner too) and the supplier see the same partnership.
    expect((await get(reseller.owner, `/api/partners/${sent.id}/`)).json()).toMatchObject({
      status: 'active',
      partner_type: 'suppliers',
      partner: org(supplier),
    });
    expect((await get(supplier.owner, `/api/partners/${sent.id}/`)).json()).toMatchObject({
      status: 'active',
      partner: org(reseller),
    });
    const [row] = await t.db.select().from(partnerships).where(eq(partnerships.id, sent.id));
    expect(row).toMatchObject({ supplierAccountId: supplier.account.id, resellerAccountId: reseller.account.id });
    expect((await listOf(third.owner)).count).toBe(0);
    expectError(await get(third.owner, `/api/partners/${sent.id}/`), 404, { code: 'not_found' });
  });

  it('is answered for one pair only: an organization already partnered with the inviter cannot accept a second one', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const first = await partnerUp(t, supplier, reseller);
    const second = await invite(supplier.owner, { partner_type: 'resellers', email: reseller.owner.email });
    expect(second.statusCode, second.body).toBe(201);
    expectError(await act(reseller.owner, second.json().id, 'accept'), 409, { code: 'unique' });
    expect((await get(reseller.owner, `/api/partners/${first.id}/`)).json().status).toBe('active');
    expect((await get(supplier.owner, `/api/partners/${second.json().id}/`)).json()).toMatchObject({
      status: 'pending',
      reseller: null,
    });
  });

  it('cannot be accepted by the inviting organization itself', async () => {
    const supplier = await createAccount(t, { type: 'supplier' });
    const colleague = await createMember(t, supplier, ['Manage account', 'Manage stores']);
    const sent = (await invite(supplier.owner, { partner_type: 'resellers', email: colleague.email })).json();
    // The colleague is of the inviting organization: the invitation is its own, not one to answer.
    const seen = await get(colleague, `/api/partners/${sent.id}/`);
    expect(seen.json()).toMatchObject({ invited_by_us: true, can: { accept: false } });
    expectError(await act(colleague, sent.id, 'accept'), 409, { code: 'invalid_state' });
  });
});

describe('terms', () => {
  it('are the supplier’s: commission, allocation and the offers it shares — its own offers only', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const other = await createAccount(t, { type: 'supplier' });
    const a = await createSellableOffer(t, supplier);
    const b = await createSellableOffer(t, supplier);
    const draft = await createSellableOffer(t, supplier, { overrides: { status: 'draft' } });
    const foreign = await createSellableOffer(t, other);
    const { id } = await partnerUp(t, supplier, reseller);
    expect((await get(supplier.owner, `/api/partners/${id}/`)).json().shared_offers_count).toBe(2);

    const changed = await patch(supplier.owner, id, { commission_percent: 20.25, allocation: 5, payment_collector: 'supplier' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().terms).toMatchObject({ commission_percent: 20.25, allocation: 5, payment_collector: 'supplier' });
    expect((await get(reseller.owner, `/api/partners/${id}/`)).json().terms).toMatchObject({
      commission_percent: 20.25,
      allocation: 5,
      payment_collector: 'supplier',
    });
    expectError(await patch(supplier.owner, id, { commission_percent: 100.5 }), 400, { attr: 'commission_percent' });
    expectError(await patch(supplier.owner, id, { commission_percent: 10.125 }), 400, { attr: 'commission_percent' });
    expectError(await patch(supplier.owner, id, { allocation: 0 }), 400, { attr: 'allocation' });

    const selected = await patch(supplier.owner, id, { share_mode: 'selected', experience_ids: [a.offer.id, draft.offer.id] });
    expect(selected.statusCode, selected.body).toBe(200);
    expect(selected.json().terms.experience_ids.sort()).toEqual([a.offer.id, draft.offer.id].sort());
    // Only Active offers are shared now.
    expect(selected.json().shared_offers_count).toBe(1);

    const stranger = await patch(supplier.owner, id, { share_mode: 'selected', experience_ids: [b.offer.id, foreign.offer.id] });
    expectError(stranger, 400, { attr: 'terms.experience_ids.1', code: 'does_not_exist' });
    // Nothing changed by the refused request.
    expect((await get(supplier.owner, `/api/partners/${id}/`)).json().terms.experience_ids.sort()).toEqual(
      [a.offer.id, draft.offer.id].sort(),
    );

    const allAgain = await patch(supplier.owner, id, { share_mode: 'all' });
    expect(allAgain.json()).toMatchObject({ terms: { share_mode: 'all', experience_ids: [] }, shared_offers_count: 2 });
  });

  it('are checked when proposed: a supplier shares chosen offers of its own, at least one', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const other = await createAccount(t, { type: 'supplier' });
    const own = await createSellableOffer(t, supplier);
    const foreign = await createSellableOffer(t, other);
    expectError(
      await invite(supplier.owner, {
        partner_type: 'resellers',
        subdomain: reseller.subdomain,
        terms: { share_mode: 'selected', experience_ids: [own.offer.id, foreign.offer.id] },
      }),
      400,
      { attr: 'terms.experience_ids.1' },
    );
    expectError(
      await invite(supplier.owner, {
        partner_type: 'resellers',
        subdomain: reseller.subdomain,
        terms: { share_mode: 'selected', experience_ids: [] },
      }),
      400,
      { attr: 'terms.experience_ids' },
    );
    const ok = await invite(supplier.owner, {
      partner_type: 'resellers',
      subdomain: reseller.subdomain,
      terms: { share_mode: 'selected', experience_ids: [own.offer.id] },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ terms: { share_mode: 'selected', experience_ids: [own.offer.id] }, shared_offers_count: 1 });
  });

  it('cannot switch to chosen offers without choosing any (as an invitation cannot)', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    await createSellableOffer(t, supplier);
    const { id } = await partnerUp(t, supplier, reseller);
    expectError(await patch(supplier.owner, id, { share_mode: 'selected' }), 400, { attr: 'terms.experience_ids' });
    expectError(await patch(supplier.owner, id, { share_mode: 'selected', experience_ids: [] }), 400, {
      attr: 'terms.experience_ids',
    });
    expect((await get(supplier.owner, `/api/partners/${id}/`)).json()).toMatchObject({
      terms: { share_mode: 'all' },
      shared_offers_count: 1,
    });
  });

  it('are not the reseller’s to choose: a reseller inviting a supplier cannot pick the supplier’s offers, not even by a later change', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const offer = await createSellableOffer(t, supplier);
    expectError(
      await invite(reseller.owner, {
        partner_type: 'suppliers',
        subdomain: supplier.subdomain,
        terms: { share_mode: 'selected', experience_ids: [offer.offer.id] },
      }),
      400,
      { attr: 'terms.experience_ids' },
    );
    const sent = (await invite(reseller.owner, { partner_type: 'suppliers', subdomain: supplier.subdomain })).json();
    // While pending the inviting reseller may revise what it proposed (commission…), never the supplier's offers.
    expect((await patch(reseller.owner, sent.id, { commission_percent: 18 })).statusCode).toBe(200);
    expectError(await patch(reseller.owner, sent.id, { share_mode: 'selected', experience_ids: [offer.offer.id] }), 400, {
      attr: 'terms.experience_ids',
    });
    expect((await get(supplier.owner, `/api/partners/${sent.id}/`)).json().terms).toMatchObject({
      share_mode: 'all',
      experience_ids: [],
    });
  });

  it('cannot be changed by the reseller once active (409), nor by anyone once ended; an ended partnership does not resume', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const { id } = await partnerUp(t, supplier, reseller, { commission_percent: 10 });
    expectError(await patch(reseller.owner, id, { commission_percent: 40 }), 409, { code: 'invalid_state' });
    expect((await get(supplier.owner, `/api/partners/${id}/`)).json().terms.commission_percent).toBe(10);

    expect((await partnerAction(t, reseller, id, 'end')).statusCode).toBe(200);
    expectError(await patch(supplier.owner, id, { commission_percent: 12 }), 409, { code: 'invalid_state' });
    expectError(await patch(reseller.owner, id, { commission_percent: 12 }), 409, { code: 'invalid_state' });
    for (const who of [supplier, reseller]) {
      for (const action of ['resume', 'pause', 'end', 'accept', 'decline']) {
        expectError(await act(who.owner, id, action), 409, { code: 'invalid_state' });
      }
    }
    const after = (await get(supplier.owner, `/api/partners/${id}/`)).json();
    expect(after).toMatchObject({
      status: 'ended',
      terms: { commission_percent: 10 },
      can: { accept: false, decline: false, edit_terms: false, pause: false, resume: false, end: false },
    });
    expect(after.ended_at).not.toBeNull();
  });
});

describe('permissions', () => {
  it('reading needs Manage stores; inviting and answering need Manage account', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const storeManager = await createMember(t, supplier, ['Manage stores']);
    const resellerStoreManager = await createMember(t, reseller, ['Manage stores']);
    const bookkeeper = await createMember(t, supplier, ['Manage orders']);
    const sent = (await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain })).json();

    expect(idsOf(await listOf(storeManager))).toEqual([sent.id]);
    expect((await get(storeManager, `/api/partners/${sent.id}/`)).statusCode).toBe(200);
    expectError(await invite(storeManager, { partner_type: 'resellers', subdomain: 'whoever' }), 403, {
      code: 'permission_denied',
    });
    expectError(await patch(storeManager, sent.id, { commission_percent: 1 }), 403, { code: 'permission_denied' });
    expectError(await act(storeManager, sent.id, 'end'), 403, { code: 'permission_denied' });
    expectError(await act(resellerStoreManager, sent.id, 'accept'), 403, { code: 'permission_denied' });
    expectError(await act(resellerStoreManager, sent.id, 'decline'), 403, { code: 'permission_denied' });

    expectError(await get(bookkeeper, '/api/partners/'), 403, { code: 'permission_denied' });
    expectError(await get(bookkeeper, `/api/partners/${sent.id}/`), 403, { code: 'permission_denied' });

    expect((await get(reseller.owner, `/api/partners/${sent.id}/`)).json().status).toBe('pending');
  });

  it('a plan without partners is refused with feature_not_in_plan', async () => {
    const starter = await createAccount(t, { type: 'supplier', plan: 'default' });
    const reseller = await createAccount(t, { type: 'affiliate' });
    expectError(await get(starter.owner, '/api/partners/'), 403, { code: 'feature_not_in_plan' });
    expectError(await invite(starter.owner, { partner_type: 'resellers', subdomain: reseller.subdomain }), 403, {
      code: 'feature_not_in_plan',
    });
  });

  it('a supplier plan with partners but without resales supplies, but cannot become a reseller', async () => {
    const growth = await accountOnPlan('supplier', 'supplier-growth');
    const pro = await createAccount(t, { type: 'supplier' });
    const affiliate = await createAccount(t, { type: 'affiliate' });
    expect((await listOf(growth.owner)).count).toBe(0);

    // Asking to resell someone's offers needs `resales`.
    expectError(await invite(growth.owner, { partner_type: 'suppliers', subdomain: pro.subdomain }), 403, {
      code: 'feature_not_in_plan',
    });
    // Invited as a reseller, it cannot accept; it may decline.
    const asReseller = (await invite(pro.owner, { partner_type: 'resellers', subdomain: growth.subdomain })).json();
    expectError(await act(growth.owner, asReseller.id, 'accept'), 403, { code: 'feature_not_in_plan' });
    expect((await get(pro.owner, `/api/partners/${asReseller.id}/`)).json().status).toBe('pending');
    expect((await act(growth.owner, asReseller.id, 'decline')).json().status).toBe('declined');
    expectError(await get(growth.owner, '/api/partners/offers/'), 403, { code: 'feature_not_in_plan' });

    // As a supplier it may invite resellers and accept an affiliate's invitation.
    expect((await invite(growth.owner, { partner_type: 'resellers', subdomain: pro.subdomain })).statusCode).toBe(201);
    const asSupplier = (await invite(affiliate.owner, { partner_type: 'suppliers', subdomain: growth.subdomain })).json();
    expect((await act(growth.owner, asSupplier.id, 'accept')).json().status).toBe('active');
  });
});

describe('tenancy', () => {
  it('a third organization gets 404 on someone else’s partnership, pending or active, and never lists it', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const stranger = await createAccount(t, { type: 'supplier' });
    const pending = (await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain })).json();
    const other = await createAccount(t, { type: 'affiliate' });
    const active = await partnerUp(t, supplier, other);
    for (const id of [pending.id, active.id]) {
      expectError(await get(stranger.owner, `/api/partners/${id}/`), 404, { code: 'not_found' });
      expectError(await patch(stranger.owner, id, { commission_percent: 99 }), 404, { code: 'not_found' });
      for (const action of ['accept', 'decline', 'pause', 'resume', 'end']) {
        expectError(await act(stranger.owner, id, action), 404, { code: 'not_found' });
      }
    }
    // A reseller of the same supplier does not see the supplier's other partnerships either.
    expectError(await get(other.owner, `/api/partners/${pending.id}/`), 404, { code: 'not_found' });
    expect(idsOf(await listOf(other.owner))).toEqual([active.id]);
    expect((await listOf(stranger.owner)).count).toBe(0);
    // Nothing moved.
    const rows = await t.db.select().from(partnerships).where(eq(partnerships.supplierAccountId, supplier.account.id));
    expect(rows.map((r) => [r.status, r.commissionBp]).sort()).toEqual([
      ['active', 1500],
      ['pending', 1500],
    ]);
  });

  it('the reseller never sees which offers the supplier chose, only how many are shared', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const a = await createSellableOffer(t, supplier);
    const b = await createSellableOffer(t, supplier);
    await createSellableOffer(t, supplier);
    const { id } = await partnerUp(t, supplier, reseller, { share_mode: 'selected', experience_ids: [a.offer.id, b.offer.id] });
    const seen = (await get(reseller.owner, `/api/partners/${id}/`)).json();
    expect(seen.terms).toMatchObject({ share_mode: 'selected', experience_ids: [] });
    expect(seen.shared_offers_count).toBe(2);
    const listed = (await listOf(reseller.owner)).results[0] as unknown as { terms: { experience_ids: string[] } };
    expect(listed.terms.experience_ids).toEqual([]);
    expect((await get(supplier.owner, `/api/partners/${id}/`)).json().terms.experience_ids.sort()).toEqual(
      [a.offer.id, b.offer.id].sort(),
    );
  });

  it('a reseller’s store may add only the offers shared with it: chosen ones, Active ones, of its own suppliers', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const a = await createSellableOffer(t, supplier, { overrides: { title: 'A shared' } });
    const b = await createSellableOffer(t, supplier, { overrides: { title: 'B not chosen' } });
    const draft = await createSellableOffer(t, supplier, { overrides: { title: 'C draft', status: 'draft' } });
    const inactive = await createSellableOffer(t, supplier, { overrides: { title: 'D inactive', status: 'inactive' } });
    // A supplier partnered with another reseller only.
    const elsewhere = await supplierAndReseller(t);
    const foreign = await createSellableOffer(t, elsewhere.supplier, { overrides: { title: 'E other reseller’s' } });
    await partnerUp(t, elsewhere.supplier, elsewhere.reseller);
    // A supplier that only invited us (not accepted).
    const invitedOnly = await createAccount(t, { type: 'supplier' });
    const notYet = await createSellableOffer(t, invitedOnly, { overrides: { title: 'F pending partnership' } });
    await invite(invitedOnly.owner, { partner_type: 'resellers', subdomain: reseller.subdomain });

    const { id } = await partnerUp(t, supplier, reseller, {
      share_mode: 'selected',
      experience_ids: [a.offer.id, draft.offer.id, inactive.offer.id],
    });
    const store = await createStore(t, reseller);

    expect(titlesOf(await eligible(reseller, store.id))).toEqual(['A shared']);
    expect(titlesOf(await eligible(reseller, store.id, `ownership=external&supplier=${supplier.account.id}`))).toEqual([
      'A shared',
    ]);
    expect((await eligible(reseller, store.id, `supplier=${elsewhere.supplier.account.id}`)).json().results).toEqual([]);
    expect((await eligible(reseller, store.id, `supplier=${invitedOnly.account.id}`)).json().results).toEqual([]);
    expect((await eligible(reseller, store.id, 'ownership=internal')).json().results).toEqual([]);
    expect((await eligible(reseller, store.id)).json().results[0]).toMatchObject({
      id: a.offer.id,
      ownership: 'external',
      supplier: { id: supplier.account.id, name: `Org ${supplier.subdomain}` },
      hidden_reason: null,
    });

    // Everything else is refused, and nothing lands in the store.
    for (const refused of [b, draft, inactive, foreign, notYet]) {
      const res = await post(reseller.owner, `/api/stores/${store.id}/add-experience/`, { experience_id: refused.offer.id });
      expect([400, 404], `${refused.offer.title}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    expect(await t.db.select().from(storeExperiences).where(eq(storeExperiences.storeId, store.id))).toEqual([]);

    // Sharing everything: every Active offer of the supplier, still never a Draft or Inactive one.
    expect((await patch(supplier.owner, id, { share_mode: 'all' })).statusCode).toBe(200);
    expect(titlesOf(await eligible(reseller, store.id))).toEqual(['A shared', 'B not chosen']);
    const added = await post(reseller.owner, `/api/stores/${store.id}/add-experience/`, { experience_id: b.offer.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ id: b.offer.id, ownership: 'external', hidden_reason: null });
    expect(titlesOf(await eligible(reseller, store.id))).toEqual(['A shared']);
  });

  it('a supplier’s offers are never among another reseller’s or a stranger’s eligible offers', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    await createSellableOffer(t, supplier, { overrides: { title: 'Shared with one' } });
    await partnerUp(t, supplier, reseller);
    const otherReseller = await createAccount(t, { type: 'affiliate' });
    const otherStore = await createStore(t, otherReseller);
    expect((await eligible(otherReseller, otherStore.id)).json().results).toEqual([]);
    expect((await eligible(otherReseller, otherStore.id, `supplier=${supplier.account.id}`)).json().results).toEqual([]);
    const otherSupplier = await createAccount(t, { type: 'supplier' });
    const ownStore = await createStore(t, otherSupplier);
    const own = await createSellableOffer(t, otherSupplier, { overrides: { title: 'Mine' } });
    expect(titlesOf(await eligible(otherSupplier, ownStore.id))).toEqual(['Mine']);
    expect((await eligible(otherSupplier, ownStore.id)).json().results[0]).toMatchObject({ id: own.offer.id, ownership: 'internal' });
  });

  it('after the partnership ends, the store keeps the offer and says why visitors do not see it; the webstore stops listing and selling it', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const offer = await createSellableOffer(t, supplier, { overrides: { title: 'Harbour cruise' } });
    const { id } = await partnerUp(t, supplier, reseller);
    const store = await createStore(t, reseller);
    await addToStore(t, reseller, store.id, [offer.offer.id]);
    expect((await webstoreCards(reseller, store.slug)).json().results.map((r: { id: string }) => r.id)).toEqual([offer.offer.id]);
    const inStore = await get(reseller.owner, `/api/stores/${store.id}/experiences/`);
    expect(inStore.json().results).toEqual([expect.objectContaining({ id: offer.offer.id, hidden_reason: null })]);

    expect((await partnerAction(t, supplier, id, 'end')).statusCode).toBe(200);

    const after = await get(reseller.owner, `/api/stores/${store.id}/experiences/`);
    expect(after.json().results).toHaveLength(1);
    expect(after.json().results[0]).toMatchObject({ id: offer.offer.id, ownership: 'external' });
    expect(after.json().results[0].hidden_reason).toEqual(expect.any(String));
    expect((await webstoreCards(reseller, store.slug)).json().results).toEqual([]);
    const page = await t.app.inject({
      url: `/api/webstores/experiences/${offer.offer.id}/?store=${store.slug}`,
      headers: hostHeaders(reseller.subdomain),
    });
    expect(page.statusCode, page.body).toBe(404);
    await expect(reserveInStore(t, reseller, store.slug, offer, DAY, 1)).rejects.toThrow(/404/);
    expect((await eligible(reseller, store.id)).json().results).toEqual([]);
    expect((await get(reseller.owner, '/api/partners/offers/')).json().results).toEqual([]);
    // The supplier still sells it itself.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/1/reserve/',
      headers: hostHeaders(supplier.subdomain),
      payload: {
        productId: offer.offer.id,
        availabilityId: keyAt(DAY, offer.startTimes[0].id),
        rateId: offer.rate.id,
        units: [{ pricingCategoryId: offer.adult.id, quantity: 1 }],
      },
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  it('an offer the supplier stops sharing (chosen offers) or takes off sale is hidden in the reseller’s store at once', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const kept = await createSellableOffer(t, supplier, { overrides: { title: 'Kept' } });
    const dropped = await createSellableOffer(t, supplier, { overrides: { title: 'Dropped' } });
    const { id } = await partnerUp(t, supplier, reseller);
    const store = await createStore(t, reseller);
    await addToStore(t, reseller, store.id, [kept.offer.id, dropped.offer.id]);
    expect((await patch(supplier.owner, id, { share_mode: 'selected', experience_ids: [kept.offer.id] })).statusCode).toBe(200);
    const listed = (await get(reseller.owner, `/api/stores/${store.id}/experiences/`)).json().results;
    expect(listed.find((r: { id: string }) => r.id === kept.offer.id).hidden_reason).toBeNull();
    expect(listed.find((r: { id: string }) => r.id === dropped.offer.id).hidden_reason).toEqual(expect.any(String));
    expect((await webstoreCards(reseller, store.slug)).json().results.map((r: { id: string }) => r.id)).toEqual([kept.offer.id]);
    await expect(reserveInStore(t, reseller, store.slug, dropped, DAY, 1)).rejects.toThrow(/404/);

    await setStatus(kept, 'inactive');
    expect((await webstoreCards(reseller, store.slug)).json().results).toEqual([]);
    const again = (await get(reseller.owner, `/api/stores/${store.id}/experiences/`)).json().results;
    expect(again.every((r: { hidden_reason: string | null }) => r.hidden_reason !== null)).toBe(true);
  });

  it('GET /api/partners/offers/ lists the Active offers shared with the asking reseller, and nothing else', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const a = await createSellableOffer(t, supplier, { overrides: { title: 'Alpha tour' } });
    await createSellableOffer(t, supplier, { overrides: { title: 'Beta tour' } });
    const draft = await createSellableOffer(t, supplier, { overrides: { title: 'Gamma draft', status: 'draft' } });
    const elsewhere = await supplierAndReseller(t);
    await createSellableOffer(t, elsewhere.supplier, { overrides: { title: 'Delta elsewhere' } });
    await partnerUp(t, elsewhere.supplier, elsewhere.reseller);
    const { id } = await partnerUp(t, supplier, reseller, {
      share_mode: 'selected',
      experience_ids: [a.offer.id, draft.offer.id],
    });

    const res = await get(reseller.owner, '/api/partners/offers/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 1 });
    expect(res.json().results).toEqual([
      {
        id: a.offer.id,
        title: 'Alpha tour',
        type: 'ticket',
        currency: a.offer.currency,
        supplier: { id: supplier.account.id, name: `Org ${supplier.subdomain}` },
      },
    ]);
    expect(titlesOf(await get(elsewhere.reseller.owner, '/api/partners/offers/'))).toEqual(['Delta elsewhere']);
    // The supplier itself has nothing shared with it; a stranger neither.
    expect((await get(supplier.owner, '/api/partners/offers/')).json().results).toEqual([]);
    const stranger = await createAccount(t, { type: 'affiliate' });
    expect((await get(stranger.owner, '/api/partners/offers/')).json().results).toEqual([]);

    await patch(supplier.owner, id, { share_mode: 'all' });
    expect(titlesOf(await get(reseller.owner, '/api/partners/offers/'))).toEqual(['Alpha tour', 'Beta tour']);
    expect(titlesOf(await get(reseller.owner, '/api/partners/offers/?search=beta'))).toEqual(['Beta tour']);
    await partnerAction(t, reseller, id, 'pause');
    expect((await get(reseller.owner, '/api/partners/offers/')).json().results).toEqual([]);
  });

  it('another reseller cannot order, extend or release a hold made in the first reseller’s store', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const offer = await createSellableOffer(t, supplier);
    await partnerUp(t, supplier, reseller);
    const store = await createStore(t, reseller);
    await addToStore(t, reseller, store.id, [offer.offer.id]);
    const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 2);

    // A second reseller of the same supplier, with the same offer in its own store.
    const rival = await createAccount(t, { type: 'affiliate' });
    await partnerUp(t, supplier, rival);
    const rivalStore = await createStore(t, rival);
    await addToStore(t, rival, rivalStore.id, [offer.offer.id]);
    const res = await placeOrder(t, rival, orderBody([hold.id], { store: rivalStore.slug }));
    expect([400, 404], res.body).toContain(res.statusCode);
    for (const action of ['extend', 'release']) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/1/holds/${hold.id}/${action}/`,
        headers: hostHeaders(rival.subdomain),
      });
      expect(r.statusCode, `${action}: ${r.body}`).toBe(404);
    }
    expect(await t.db.select().from(orders).where(eq(orders.accountId, supplier.account.id))).toEqual([]);
    const [row] = await t.db.select().from(holds).where(eq(holds.id, hold.id));
    expect(row.status).toBe('active');
    // The reseller itself still orders it.
    const own = await placeOrder(t, reseller, orderBody([hold.id], { store: store.slug }));
    expect(own.statusCode, own.body).toBe(201);
  });

  it('a hold made in the reseller’s store is not booked as the supplier’s own sale on the supplier’s host (the resale would be lost)', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const offer = await createSellableOffer(t, supplier);
    const { id } = await partnerUp(t, supplier, reseller);
    const store = await createStore(t, reseller);
    await addToStore(t, reseller, store.id, [offer.offer.id]);
    const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 2);

    const res = await book(t, supplier, hold.id);
    // Either refused, or — if booked — recorded as the reseller's sale: never a booking of the
    // partnership without its resale.
    const madeUnder = await t.db.select().from(bookings).where(eq(bookings.partnershipId, id));
    const recorded = await t.db.select().from(resales).where(eq(resales.partnershipId, id));
    expect(madeUnder.length, `${res.statusCode} ${res.body}`).toBe(recorded.length);
  });
});

describe('a resale refused at the last moment', () => {
  it('because the partnership ended while the card was charged: says so, refunds, and writes nothing', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const offer = await createSellableOffer(t, supplier);
    const { id } = await partnerUp(t, supplier, reseller);
    const store = await createStore(t, reseller);
    await addToStore(t, reseller, store.id, [offer.offer.id]);
    const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 1);
    const refunds: number[] = [];
    // The supplier ends the partnership between the order's checks and its transaction.
    cardProviderForTests.current = {
      ...testModeProvider,
      charge: async (input) => {
        expect((await partnerAction(t, supplier, id, 'end')).statusCode).toBe(200);
        return testModeProvider.charge(input);
      },
      refund: async (input) => {
        refunds.push(input.amountMinor);
        return testModeProvider.refund(input);
      },
    };
    const res = await placeOrder(t, reseller, orderBody([hold.id], { store: store.slug }));
    expect(refunds).toEqual([3500]);
    expect(await t.db.select().from(orders).where(eq(orders.accountId, supplier.account.id))).toEqual([]);
    expect(await t.db.select().from(resales).where(eq(resales.partnershipId, id))).toEqual([]);
    // The visitor is told why: the offer is no longer sold here — not that the reservation expired.
    expectError(res, 409, { code: 'partnership_not_active' });
  });
});

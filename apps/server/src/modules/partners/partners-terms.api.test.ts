import { describe, expect, it } from 'vitest';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember } from '../../test/factories.ts';
import { usePartnersApi } from '../../test/partner-api.ts';
import { partnerAction, partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';

/* The terms of a partnership and who may change what (permissions, plans). */

const { t, isolated, get, patch, invite, act, listOf, idsOf, accountOnPlan } = usePartnersApi();

describe('terms', () => {
  it('are the supplier’s: commission, allocation and the offers it shares — its own offers only', () =>
    isolated(async () => {
      const { supplier, reseller } = await supplierAndReseller(t);
      const other = await createAccount(t, { type: 'supplier' });
      const a = await createSellableOffer(t, supplier);
      const b = await createSellableOffer(t, supplier);
      const draft = await createSellableOffer(t, supplier, { overrides: { status: 'draft' } });
      const foreign = await createSellableOffer(t, other);
      const { id } = await partnerUp(t, supplier, reseller);
      expect((await get(supplier.owner, `/api/partners/${id}/`)).json().shared_offers_count).toBe(2);

      const changed = await patch(supplier.owner, id, {
        commission_percent: 20.25,
        allocation: 5,
        payment_collector: 'supplier',
      });
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

      const stranger = await patch(supplier.owner, id, {
        share_mode: 'selected',
        experience_ids: [b.offer.id, foreign.offer.id],
      });
      // The PATCH body's own field (an invitation names it terms.experience_ids).
      expectError(stranger, 400, { attr: 'experience_ids.1', code: 'does_not_exist' });
      // Nothing changed by the refused request.
      expect((await get(supplier.owner, `/api/partners/${id}/`)).json().terms.experience_ids.sort()).toEqual(
        [a.offer.id, draft.offer.id].sort(),
      );

      const allAgain = await patch(supplier.owner, id, { share_mode: 'all' });
      expect(allAgain.json()).toMatchObject({ terms: { share_mode: 'all', experience_ids: [] }, shared_offers_count: 2 });
    }));

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
    expect(ok.json()).toMatchObject({
      terms: { share_mode: 'selected', experience_ids: [own.offer.id] },
      shared_offers_count: 1,
    });
  });

  it('cannot switch to chosen offers without choosing any (as an invitation cannot)', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    await createSellableOffer(t, supplier);
    const { id } = await partnerUp(t, supplier, reseller);
    expectError(await patch(supplier.owner, id, { share_mode: 'selected' }), 400, { attr: 'experience_ids' });
    expectError(await patch(supplier.owner, id, { share_mode: 'selected', experience_ids: [] }), 400, { attr: 'experience_ids' });
    expect((await get(supplier.owner, `/api/partners/${id}/`)).json()).toMatchObject({
      terms: { share_mode: 'all' },
      shared_offers_count: 1,
    });
  });

  it('are not the reseller’s to choose: a reseller inviting a supplier cannot pick the supplier’s offers, not even by a later change', () =>
    isolated(async () => {
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
        attr: 'experience_ids',
      });
      expect((await get(supplier.owner, `/api/partners/${sent.id}/`)).json().terms).toMatchObject({
        share_mode: 'all',
        experience_ids: [],
      });
    }));

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

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, holds } from '../../db/schema/availability.ts';
import { partnerships, resales } from '../../db/schema/partners.ts';
import { orders } from '../../db/schema/sales.ts';
import { storeExperiences } from '../../db/schema/stores.ts';
import { testModeProvider } from '../../integrations/payments/payment-provider.ts';
import { hostHeaders } from '../../test/app.ts';
import { createSellableOffer, keyAt } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount } from '../../test/factories.ts';
import { book } from '../../test/order-factories.ts';
import { PARTNERS_DAY, usePartnersApi } from '../../test/partner-api.ts';
import { partnerAction, partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, reserveInStore } from '../../test/webstore-factories.ts';
import { cardProviderForTests } from '../orders/payments.service.ts';

/* The key risk: what one organization may see and sell of another’s, and sales refused at the last moment. */

const { t, isolated, get, post, patch, invite, act, listOf, idsOf, setStatus, titlesOf, eligible, webstoreCards } =
  usePartnersApi();
const DAY = PARTNERS_DAY;

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
    expect((await eligible(otherSupplier, ownStore.id)).json().results[0]).toMatchObject({
      id: own.offer.id,
      ownership: 'internal',
    });
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

  it('an offer the supplier stops sharing (chosen offers) or takes off sale is hidden in the reseller’s store at once', () =>
    isolated(async () => {
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
      expect((await webstoreCards(reseller, store.slug)).json().results.map((r: { id: string }) => r.id)).toEqual([
        kept.offer.id,
      ]);
      await expect(reserveInStore(t, reseller, store.slug, dropped, DAY, 1)).rejects.toThrow(/404/);

      await setStatus(kept, 'inactive');
      expect((await webstoreCards(reseller, store.slug)).json().results).toEqual([]);
      const again = (await get(reseller.owner, `/api/stores/${store.id}/experiences/`)).json().results;
      expect(again.every((r: { hidden_reason: string | null }) => r.hidden_reason !== null)).toBe(true);
    }));

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
  it('nor ordered in the supplier’s own webstore as the supplier’s own sale', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const offer = await createSellableOffer(t, supplier);
    const { id } = await partnerUp(t, supplier, reseller);
    const store = await createStore(t, reseller);
    await addToStore(t, reseller, store.id, [offer.offer.id]);
    const ownStore = await createStore(t, supplier);
    await addToStore(t, supplier, ownStore.id, [offer.offer.id]);
    const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 2);

    const res = await placeOrder(t, supplier, orderBody([hold.id], { store: ownStore.slug }));
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

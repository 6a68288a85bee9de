import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resales } from '../../db/schema/partners.ts';
import { orders } from '../../db/schema/sales.ts';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { partnerAction, partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, reserveInStore } from '../../test/webstore-factories.ts';
import { cardProviderForTests } from '../orders/payments.service.ts';

const t = useTestApp();
const DAY = '2026-12-03';
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterEach(() => {
  cardProviderForTests.current = null;
});

/** A supplier's offer resold in the reseller's Active store under a 15 % partnership. */
const resoldInStore = async (terms: Record<string, unknown> = {}, capacity = 10) => {
  const { supplier, reseller } = await supplierAndReseller(t);
  const offer = await createSellableOffer(t, supplier, {
    lines: [{ time: '10:00', capacity }],
    prices: { adult: 4000, child: 2000 },
  });
  const partnership = await partnerUp(t, supplier, reseller, { commission_percent: 15, ...terms });
  const store = await createStore(t, reseller, { name: 'City Guide Store' });
  await addToStore(t, reseller, store.id, [offer.offer.id]);
  return { supplier, reseller, offer, partnership, store };
};

describe('a resale through the reseller’s webstore', () => {
  it('lists the supplier’s offer, holds its places, and makes the order in the supplier’s account with the commission frozen', async () => {
    const { supplier, reseller, offer, partnership, store } = await resoldInStore();
    const cards = await t.app.inject({
      url: `/api/webstores/experiences/?store=${store.slug}`,
      headers: hostHeaders(reseller.subdomain),
    });
    expect(cards.json().results).toEqual([expect.objectContaining({ id: offer.offer.id, from_price: 4000 })]);
    const page = await t.app.inject({
      url: `/api/webstores/experiences/${offer.offer.id}/availability/?store=${store.slug}&date=${DAY}`,
      headers: hostHeaders(reseller.subdomain),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().results[0]).toMatchObject({ available: 10 });

    const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 2);
    // The supplier's capacity view sees the places held at once.
    const supplierDay = await t.app.inject({
      url: `/api/bookings/check-availability/?experience_id=${offer.offer.id}&date_from=${DAY}`,
      headers: supplier.owner.headers,
    });
    expect(supplierDay.json().results[0]).toMatchObject({ held: 2, available: 8 });

    const res = await placeOrder(t, reseller, orderBody([hold.id]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 8000, paid: 8000, status: 'confirmed' });

    // The order is the supplier's, nothing in the reseller's own orders; the resale freezes 15 %.
    expect(await t.db.select().from(orders).where(eq(orders.accountId, reseller.account.id))).toEqual([]);
    const [order] = await t.db.select().from(orders).where(eq(orders.accountId, supplier.account.id));
    expect(order).toMatchObject({ channel: 'webstore', totalMinor: 8000, storeId: null });
    const [resale] = await t.db.select().from(resales).where(eq(resales.orderId, order.id));
    expect(resale).toMatchObject({
      resellerAccountId: reseller.account.id,
      partnershipId: partnership.id,
      storeId: store.id,
      grossMinor: 8000,
      commissionMinor: 1200,
      commissionBp: 1500,
      paymentCollector: 'reseller',
    });
    // The visitor's confirmation page (on the reseller's host) finds it by its session.
    const confirmation = await t.app.inject({
      url: `/api/order?session_id=${res.json().session_id}`,
      headers: hostHeaders(reseller.subdomain),
    });
    expect(confirmation.statusCode, confirmation.body).toBe(200);
    expect(confirmation.json()).toMatchObject({ total: 8000, store_slug: store.slug });
  });

  it('stops at once when the partnership is paused or ended: no listing, no hold, no order', async () => {
    const { supplier, reseller, offer, partnership, store } = await resoldInStore();
    const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 1);
    expect((await partnerAction(t, supplier, partnership.id, 'pause')).statusCode).toBe(200);
    const cards = await t.app.inject({
      url: `/api/webstores/experiences/?store=${store.slug}`,
      headers: hostHeaders(reseller.subdomain),
    });
    expect(cards.json().results).toEqual([]);
    await expect(reserveInStore(t, reseller, store.slug, offer, DAY, 1)).rejects.toThrow(/404/);
    const res = await placeOrder(t, reseller, orderBody([hold.id]));
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(orders).where(eq(orders.accountId, supplier.account.id))).toEqual([]);
    // Ended for good; resumed partnerships sell again, ended ones never.
    expect((await partnerAction(t, reseller, partnership.id, 'resume')).statusCode).toBe(200);
    await reserveInStore(t, reseller, store.slug, offer, DAY, 1);
    expect((await partnerAction(t, reseller, partnership.id, 'end')).statusCode).toBe(200);
    expectError(await partnerAction(t, supplier, partnership.id, 'resume'), 409, { code: 'invalid_state' });
    await expect(reserveInStore(t, reseller, store.slug, offer, DAY, 1)).rejects.toThrow(/404/);
  });

  it('keeps the reseller within its allocation per start, while the supplier still sells the rest', async () => {
    const { reseller, offer, store } = await resoldInStore({ allocation: 3 });
    await reserveInStore(t, reseller, store.slug, offer, DAY, 2);
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/1/reserve/',
      headers: hostHeaders(reseller.subdomain),
      payload: {
        store: store.slug,
        productId: offer.offer.id,
        availabilityId: `${DAY}_${offer.startTimes[0].id}`,
        rateId: offer.rate.id,
        units: [{ pricingCategoryId: offer.adult.id, quantity: 2 }],
      },
    });
    expectError(over, 409, { code: 'allocation_exceeded' });
    const page = await t.app.inject({
      url: `/api/webstores/experiences/${offer.offer.id}/availability/?store=${store.slug}&date=${DAY}`,
      headers: hostHeaders(reseller.subdomain),
    });
    expect(page.json().results[0]).toMatchObject({ available: 1 });
    await reserveInStore(t, reseller, store.slug, offer, DAY, 1);
  });

  it('shows the sale to both sides with the commission, the supplier’s seller filter names the reseller, and the month’s statement adds up', async () => {
    const { supplier, reseller, offer, partnership, store } = await resoldInStore({ commission_percent: 15 });
    const hold = await reserveInStore(t, reseller, store.slug, offer, DAY, 2);
    const placed = await placeOrder(t, reseller, orderBody([hold.id]));
    expect(placed.statusCode, placed.body).toBe(201);

    const mine = await t.app.inject({ url: '/api/resales/?side=reseller', headers: reseller.owner.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    const [sold] = mine.json().results;
    expect(sold).toMatchObject({
      side: 'reseller',
      reseller: { id: reseller.account.id },
      supplier: { id: supplier.account.id },
      store: { id: store.id, name: 'City Guide Store' },
      gross: 8000,
      collected: 8000,
      commission: 1200,
      commission_percent: 15,
      net: 6800,
      payment_collector: 'reseller',
      settlement: { reseller_owes_supplier: 6800, label: expect.stringMatching(/owes .*€68\.00/) },
    });
    // The supplier sees the same sale on its side, and none on the reseller side.
    const theirs = await t.app.inject({ url: '/api/resales/', headers: supplier.owner.headers });
    expect(theirs.json().results).toEqual([expect.objectContaining({ id: sold.id, side: 'supplier', commission: 1200 })]);
    expect((await t.app.inject({ url: '/api/resales/?side=reseller', headers: supplier.owner.headers })).json().count).toBe(0);
    const options = (await t.app.inject({ url: '/api/orders/filter-options/', headers: supplier.owner.headers })).json();
    expect(options.seller).toContainEqual({ value: reseller.account.id, label: `${reseller.account.name} (reseller)` });
    const bySeller = await t.app.inject({ url: `/api/orders/?seller=${reseller.account.id}`, headers: supplier.owner.headers });
    expect(bySeller.json().results).toEqual([expect.objectContaining({ id: sold.id })]);
    const order = await t.app.inject({ url: `/api/orders/${sold.id}/`, headers: supplier.owner.headers });
    expect(order.json().seller).toEqual({ id: reseller.account.id, name: `${reseller.account.name} (reseller)` });
    // The reseller cannot open the supplier's order itself, only the resale.
    expect((await t.app.inject({ url: `/api/orders/${sold.id}/`, headers: reseller.owner.headers })).statusCode).toBe(404);

    const statement = await t.app.inject({
      url: `/api/partners/${partnership.id}/statement/?month=2026-11`,
      headers: supplier.owner.headers,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json().totals).toEqual({
      sales: 1,
      gross: 8000,
      canceled: 0,
      collected: 8000,
      commission: 1200,
      split_to_reseller: 0,
      net: 6800,
      reseller_owes_supplier: 6800,
    });
    const csv = await t.app.inject({
      url: `/api/partners/${partnership.id}/statement/?month=2026-11&format=csv`,
      headers: reseller.owner.headers,
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="statement-2026-11.csv"');
    expect(csv.body).toContain('"80.00","0.00","80.00","12.00","0.00","68.00","68.00"');
    const pdf = await t.app.inject({
      url: `/api/partners/${partnership.id}/statement/?month=2026-11&format=pdf`,
      headers: reseller.owner.headers,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The reseller cancels under the supplier's policy: places back, commission on what is kept.
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/resales/${sold.id}/cancel/`,
      headers: reseller.owner.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().resale).toMatchObject({ status: 'canceled', total: 0 });
    const again = await t.app.inject({ method: 'POST', url: `/api/resales/${sold.id}/cancel/`, headers: supplier.owner.headers });
    expectError(again, 409, { code: 'order_canceled' });
    const day = await t.app.inject({
      url: `/api/bookings/check-availability/?experience_id=${offer.offer.id}&date_from=${DAY}`,
      headers: supplier.owner.headers,
    });
    expect(day.json().results[0]).toMatchObject({ booked: 0, available: 10 });
  });
});

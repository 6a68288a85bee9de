import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { resales } from '../../db/schema/partners.ts';
import { orders } from '../../db/schema/sales.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { askQuestion, cartOf, lineBody } from '../../test/cart-factories.ts';
import { expectError } from '../../test/errors.ts';
import type { TestAccount } from '../../test/factories.ts';
import { partnerAction, partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';

const t = useTestApp();
const DAY = '2026-12-03';
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});

const send = (account: TestAccount, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: account.owner.headers, ...(payload ? { payload } : {}) });

describe('a resale through the reseller’s back-office checkout', () => {
  it('sells the supplier’s offer from the reseller’s cart: the order is the supplier’s, the answer has no id', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const offer = await createSellableOffer(t, supplier, { lines: [{ time: '10:00', capacity: 6 }] });
    await partnerUp(t, supplier, reseller, { pricing_mode: 'net_rates' });
    // The supplier's net price for adults: the reseller earns the difference.
    const patch = await send(supplier, 'GET', `/api/pricing-rates/${offer.rate.id}/`);
    const rate = patch.json();
    const prices = rate.prices.map((p: { pricing_category_id: string; price: number }) => ({
      pricing_category_id: p.pricing_category_id,
      price: p.price,
      net_price: p.pricing_category_id === offer.adult.id ? 2800 : null,
    }));
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/pricing-rates/${offer.rate.id}/`,
      headers: supplier.owner.headers,
      payload: { prices },
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const shared = await send(reseller, 'GET', '/api/partners/offers/');
    expect(shared.json().results).toEqual([
      expect.objectContaining({ id: offer.offer.id, supplier: { id: supplier.account.id, name: supplier.account.name } }),
    ]);
    const config = await send(
      reseller,
      'GET',
      `/api/bookings/check-availability/?experience_id=${offer.offer.id}&date_from=${DAY}`,
    );
    expect(config.statusCode, config.body).toBe(200);
    expect(config.json().results[0]).toMatchObject({ available: 6 });

    // The supplier's required question and extra: the reseller's checkout reads them from the partner offer.
    const question = await askQuestion(t, supplier, offer, 'Which language?', true);
    const detail = await send(reseller, 'GET', `/api/partners/offers/${offer.offer.id}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      id: offer.offer.id,
      supplier: { id: supplier.account.id },
      questions: [{ id: question.id, question: 'Which language?', required: true }],
      extras: [],
    });
    const cart = await cartOf(t, reseller.owner);
    const unanswered = await send(
      reseller,
      'POST',
      `/api/cart/${cart.id}/lines/`,
      lineBody(offer, DAY, { adults: 2, children: 1 }),
    );
    expect(unanswered.statusCode).toBe(400);
    const line = await send(reseller, 'POST', `/api/cart/${cart.id}/lines/`, {
      ...lineBody(offer, DAY, { adults: 2, children: 1 }),
      answers: [{ question_id: question.id, answer: 'English' }],
    });
    expect(line.statusCode, line.body).toBe(201);
    // The party names the supplier's categories (the reseller has none of its own).
    expect(line.json().units.map((u: { name: string }) => u.name)).toEqual([offer.adult.name, offer.child.name]);
    // A line of the reseller's own offer cannot join a cart of a partner's offers.
    const own = await createSellableOffer(t, reseller, { lines: [{ time: '11:00' }] });
    expectError(await send(reseller, 'POST', `/api/cart/${cart.id}/lines/`, lineBody(own, DAY, { adults: 1 })), 400, {
      code: 'mixed_operators',
      attr: 'experience_id',
    });

    const res = await send(reseller, 'POST', '/api/orders/', {
      cart_id: cart.id,
      contact: { first_name: 'Rita', last_name: 'Reseller', email: 'rita@example.test' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).not.toHaveProperty('id');
    // 2 adults × 3500 + 1 child × 1500 = 8500; net 2 × 2800 + 1500 = 7100 → 1400 to the reseller.
    expect(body).toMatchObject({
      reference: expect.stringMatching(/^#\d+$/),
      total: 8500,
      commission: 1400,
      supplier: { id: supplier.account.id },
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, body.resale_id));
    expect(order).toMatchObject({
      accountId: supplier.account.id,
      channel: 'backoffice',
      sellerUserId: null,
      contactEmail: 'rita@example.test',
    });
    const [resale] = await t.db.select().from(resales).where(eq(resales.orderId, body.resale_id));
    expect(resale).toMatchObject({
      sellerUserId: reseller.owner.id,
      pricingMode: 'net_rates',
      commissionBp: null,
      commissionMinor: 1400,
    });
    // The places are gone from the supplier's capacity.
    const day = await send(supplier, 'GET', `/api/bookings/check-availability/?experience_id=${offer.offer.id}&date_from=${DAY}`);
    expect(day.json().results[0]).toMatchObject({ booked: 3, available: 3 });
    expect((await cartOf(t, reseller.owner)).lines).toEqual([]);
  });

  it('shows a partner offer only to the reseller it is shared with', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const other = (await supplierAndReseller(t)).reseller;
    const offer = await createSellableOffer(t, supplier);
    await partnerUp(t, supplier, reseller);
    expect((await send(reseller, 'GET', `/api/partners/offers/${offer.offer.id}/`)).statusCode).toBe(200);
    expect((await send(other, 'GET', `/api/partners/offers/${offer.offer.id}/`)).statusCode).toBe(404);
    expect((await send(other, 'GET', '/api/partners/offers/')).json().count).toBe(0);
  });

  it('refuses the checkout once the partnership ended, and gives the places back with the cart', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const offer = await createSellableOffer(t, supplier, { lines: [{ time: '10:00', capacity: 6 }] });
    const partnership = await partnerUp(t, supplier, reseller);
    const cart = await cartOf(t, reseller.owner);
    expect((await send(reseller, 'POST', `/api/cart/${cart.id}/lines/`, lineBody(offer, DAY, { adults: 2 }))).statusCode).toBe(
      201,
    );
    expect((await partnerAction(t, supplier, partnership.id, 'end')).statusCode).toBe(200);
    const res = await send(reseller, 'POST', '/api/orders/', {
      cart_id: cart.id,
      contact: { first_name: 'Rita', last_name: 'Reseller', email: 'rita@example.test' },
    });
    expectError(res, 409, { code: 'partnership_not_active' });
    expect(await t.db.select().from(orders).where(eq(orders.accountId, supplier.account.id))).toEqual([]);
    const emptied = await t.app.inject({ method: 'DELETE', url: `/api/cart/${cart.id}/`, headers: reseller.owner.headers });
    expect(emptied.statusCode, emptied.body).toBe(204);
    const day = await send(supplier, 'GET', `/api/bookings/check-availability/?experience_id=${offer.offer.id}&date_from=${DAY}`);
    expect(day.json().results[0]).toMatchObject({ held: 0, available: 6 });
  });
});

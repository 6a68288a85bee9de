import { eq, sql } from 'drizzle-orm';
import { baseAccounts } from '../db/schema/accounts.ts';
import type { TestApp } from './app.ts';
import { createSellableOffer } from './availability-factories.ts';
import { cartOf, lineBody } from './cart-factories.ts';
import { createMember } from './factories.ts';
import { contact, reserveParty } from './order-factories.ts';
import { partnerUp, supplierAndReseller } from './partner-factories.ts';
import { addToStore, createStore } from './store-factories.ts';
import { orderBody, placeOrder } from './webstore-factories.ts';

/**
 * A supplier whose orders were sold every way the orders list tells apart: in the back office by a
 * team member (two lines, the later-listed one starting first), in its own store (in German), and
 * as a resale in a reseller's store. The organization's default language is Slovenian.
 */
export const salesMix = async (t: TestApp, day1: string, day2: string) => {
  const { supplier, reseller } = await supplierAndReseller(t);
  await t.db
    .update(baseAccounts)
    .set({ profile: sql`${baseAccounts.profile} || '{"language":"sl"}'::jsonb` })
    .where(eq(baseAccounts.id, supplier.account.id));
  const kayak = await createSellableOffer(t, supplier, {
    lines: [{ time: '10:00', capacity: 30 }],
    overrides: { title: 'Harbour kayak tour' },
  });
  const walk = await createSellableOffer(t, supplier, {
    lines: [{ time: '15:30', capacity: 30 }],
    overrides: { title: 'Old town walk' },
  });
  const clerk = await createMember(t, supplier, ['Manage orders', 'Manage cart']);
  const cart = await cartOf(t, clerk);
  const addLine = (body: object) =>
    t.app.inject({ method: 'POST', url: `/api/cart/${cart.id}/lines/`, headers: clerk.headers, payload: body });
  if ((await addLine(lineBody(kayak, day2, { adults: 2 }))).statusCode !== 201) throw new Error('cart line');
  if ((await addLine(lineBody(walk, day1, { adults: 1 }))).statusCode !== 201) throw new Error('cart line');
  const taken = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: clerk.headers,
    payload: { cart_id: cart.id, contact: contact() },
  });
  if (taken.statusCode !== 201) throw new Error(`checkout failed: ${taken.statusCode} ${taken.body}`);

  const kiosk = await createStore(t, supplier, { name: 'Harbour kiosk', languages: ['en', 'de'] });
  await addToStore(t, supplier, kiosk.id, [kayak.offer.id]);
  const hold = await reserveParty(t, supplier, kayak, day1, { adults: 1 }, 0, kiosk.slug);
  const online = await placeOrder(t, supplier, orderBody([hold.id], { store: kiosk.slug, language: 'de' }));
  if (online.statusCode !== 201) throw new Error(`webstore order failed: ${online.statusCode} ${online.body}`);

  await partnerUp(t, supplier, reseller, { commission_percent: 15 });
  const shop = await createStore(t, reseller, { name: 'City Guide Store' });
  await addToStore(t, reseller, shop.id, [kayak.offer.id]);
  const resaleHold = await reserveParty(t, reseller, kayak, day1, { adults: 2 }, 0, shop.slug);
  const resale = await placeOrder(t, reseller, orderBody([resaleHold.id], { store: shop.slug }));
  if (resale.statusCode !== 201) throw new Error(`resale failed: ${resale.statusCode} ${resale.body}`);

  return {
    supplier,
    reseller,
    clerk,
    kayak,
    walk,
    kiosk,
    shop,
    references: { backoffice: taken.json().reference, online: online.json().reference, resale: resale.json().reference },
    backofficeId: taken.json().id as string,
  };
};

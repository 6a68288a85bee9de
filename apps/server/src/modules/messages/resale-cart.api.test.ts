import { beforeEach, describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import type { TestAccount } from '../../test/factories.ts';
import { partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, reserveInStore } from '../../test/webstore-factories.ts';
import { SWEEP_JOB } from './message-jobs.ts';

/**
 * Abandoned-cart reminders of a reseller's store (issue 23, point 6): its holds are the supplier's
 * (`partnership_id`), the contact and the reminder are the reseller's, linking to its store.
 */
const t = useTestApp();
const DAY = '2026-12-01';
const HOUR = 3_600_000;
beforeEach(() => {
  t.clock.now = new Date(Date.parse('2026-12-01T09:00:00Z') - 48 * HOUR);
});
const sweep = async () => {
  await t.app.jobs.runNow(SWEEP_JOB);
  await t.app.jobs.idle();
};
const mailsTo = (email: string) =>
  (t.mailer.outbox ?? []).filter((m) => m.to === email && m.subject.startsWith('Your places for '));
const tellEmail = (account: TestAccount, store: string, holdIds: string[], email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webstores/cart-contact/',
    headers: hostHeaders(account.subdomain),
    payload: { store, email, first_name: 'Vera', hold_ids: holdIds },
  });

describe('a reseller store’s abandoned cart', () => {
  it('records the visitor’s email for the supplier’s holds and reminds them from the reseller’s store; a visitor who booked since gets none', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const offer = await createSellableOffer(t, supplier, { lines: [{ time: '10:00', capacity: 10 }] });
    await partnerUp(t, supplier, reseller, { commission_percent: 15 });
    const store = await createStore(t, reseller, { name: 'City Guide Store' });
    await addToStore(t, reseller, store.id, [offer.offer.id]);

    const left = await reserveInStore(t, reseller, store.slug, offer, DAY, 2);
    const leftEmail = `left-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const saved = await tellEmail(reseller, store.slug, [left.id], leftEmail);
    expect(saved.statusCode, saved.body).toBe(204);
    // Another visitor leaves a cart, then books other places with the same email: that was a sale.
    const first = await reserveInStore(t, reseller, store.slug, offer, DAY, 1);
    const booked = await reserveInStore(t, reseller, store.slug, offer, DAY, 1);
    const body = orderBody([booked.id]);
    expect((await tellEmail(reseller, store.slug, [first.id], body.contact.email)).statusCode).toBe(204);
    expect((await placeOrder(t, reseller, body)).statusCode).toBe(201);
    // Another organization's holds are still not this store's.
    expect((await tellEmail(supplier, store.slug, [left.id], leftEmail)).statusCode).toBe(400);

    t.clock.now = new Date(Date.parse(left.utcExpiresAt) + 61 * 60_000);
    await t.settled();
    await sweep();
    await sweep();
    const mails = mailsTo(leftEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(offer.offer.title);
    expect(mails[0].text).toContain(`${reseller.subdomain}.`);
    expect(mails[0].text).toContain(`/s/${store.slug}/`);
    expect(mailsTo(body.contact.email)).toHaveLength(0);
  });
});

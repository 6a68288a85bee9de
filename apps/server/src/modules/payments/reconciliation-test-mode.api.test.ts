import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testModeProvider } from '../../integrations/payments/payment-provider.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { createAccount } from '../../test/factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, reserveInStore } from '../../test/webstore-factories.ts';
import { cardProviderForTests } from './provider-for.ts';

/** The server in its default test mode (no Stripe keys): "Check now" checks the test mode's card payments (issue 23, point 11). */
const t = useTestApp();
const DAY = '2026-12-03';
const URL = '/api/stripe/reconciliation/';
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterEach(() => {
  cardProviderForTests.current = null;
});

describe('reconciliation in test mode', () => {
  it('checks a test-mode card payment right after it was made, and reports one the provider no longer confirms', async () => {
    const b = await createAccount(t);
    await connectTestProvider(t.db, b.account.id);
    const offer = await createSellableOffer(t, b, {
      lines: [{ time: '10:00', capacity: 10 }],
      prices: { adult: 4000, child: 2000 },
    });
    const store = await createStore(t, b);
    await addToStore(t, b, store.id, [offer.offer.id]);
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 2);
    const paid = await placeOrder(t, b, orderBody([hold.id]));
    expect(paid.json()).toMatchObject({ paid: 8000, payment_test_mode: true });

    const run = await t.app.inject({ method: 'POST', url: URL, headers: b.owner.headers });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ checked: 1, mismatches: [] });

    // A provider that no longer confirms the charge: the run says so.
    cardProviderForTests.current = { ...testModeProvider, state: async () => 'failed' };
    const again = (await t.app.inject({ method: 'POST', url: URL, headers: b.owner.headers })).json();
    expect(again).toMatchObject({ checked: 1 });
    expect(again.mismatches).toEqual([
      expect.objectContaining({
        kind: 'status_differs',
        detail: 'Recorded as paid; the test-mode provider says the payment is failed.',
      }),
    ]);
  });
});

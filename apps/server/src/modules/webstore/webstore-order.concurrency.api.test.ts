import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/sales.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { createAccount } from '../../test/factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, providerLedger, reserveInStore } from '../../test/webstore-factories.ts';
import { cardProviderForTests } from '../orders/payments.service.ts';

// Parallel checkouts only race with real concurrent sessions: PostgreSQL.
const pg = Boolean(process.env.DATABASE_URL);
const SKIP = 'needs PostgreSQL (DATABASE_URL): PGlite runs one transaction at a time, so it cannot race';
const DAY = '2026-12-03';

const t = useTestApp();
beforeAll(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterEach(() => {
  cardProviderForTests.current = null;
});

describe.skipIf(!pg)(`parallel webstore checkouts (${pg ? 'PostgreSQL' : SKIP})`, () => {
  it('10 checkouts of one hold with different attempts: one order, every other charge refunded', async () => {
    const b = await createAccount(t);
    await connectTestProvider(t.db, b.account.id);
    const store = await createStore(t, b);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00', capacity: 4 }] });
    await addToStore(t, b, store.id, [offer.offer.id]);
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 2);
    const money = providerLedger();
    const answers = await Promise.all(Array.from({ length: 10 }, () => placeOrder(t, b, orderBody([hold.id]))));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await t.db.select().from(orders).where(eq(orders.accountId, b.account.id))).toHaveLength(1);
    // Whatever was charged for the attempts that lost went back: exactly one order's worth is kept.
    expect(money.kept()).toBe(7000);
    expect(await t.db.select().from(payments).where(eq(payments.accountId, b.account.id))).toHaveLength(1);
  });

  it('10 repeats of one attempt (the same idempotency key): one order, one charge, the same answer', async () => {
    const b = await createAccount(t);
    await connectTestProvider(t.db, b.account.id);
    const store = await createStore(t, b);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00', capacity: 4 }] });
    await addToStore(t, b, store.id, [offer.offer.id]);
    const hold = await reserveInStore(t, b, store.slug, offer, DAY, 2);
    const money = providerLedger();
    const body = orderBody([hold.id]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => placeOrder(t, b, body)));
    expect(
      answers.every((r) => [200, 201].includes(r.statusCode)),
      answers.map((r) => r.body).join('\n'),
    ).toBe(true);
    expect(new Set(answers.map((r) => r.json().reference)).size).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.accountId, b.account.id))).toHaveLength(1);
    expect(money.charges.size).toBe(1);
    expect(money.refunds.size).toBe(0);
  });
});

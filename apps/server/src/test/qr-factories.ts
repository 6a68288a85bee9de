import type { QrCode } from '@excursio/contract/qr-codes';
import type { TestApp } from './app.ts';
import { createExperience } from './catalog-factories.ts';
import type { TestAccount } from './factories.ts';
import { addToStore, createStore } from './store-factories.ts';

/** A QR link made through the API; answers its wire shape. */
export const createLink = async (t: TestApp, account: TestAccount, body: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/qr-codes/',
    headers: account.owner.headers,
    payload: { name: `Poster ${Math.random().toString(36).slice(2, 8)}`, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`QR code create failed: ${res.statusCode} ${res.body}`);
  return res.json() as QrCode;
};

/** An Active store selling one Active public offer: what links point at. */
export const storeWithOffer = async (t: TestApp, account: TestAccount, storeBody: Record<string, unknown> = {}) => {
  const store = await createStore(t, account, storeBody);
  const offer = await createExperience(t, account, {
    status: 'active',
    title: `Harbour tour ${Math.random().toString(36).slice(2, 6)}`,
  });
  await addToStore(t, account, store.id, [offer.id]);
  return { store, offer };
};

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount } from '../../test/factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { orderBody, placeOrder, reserveInStore } from '../../test/webstore-factories.ts';

// A stand-in for Google's siteverify: 'good' tokens pass with a high score, 'bot' with a low one.
const seen: URLSearchParams[] = [];
let verifier: Server;
let verifierHost = '';
beforeAll(async () => {
  verifier = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      seen.push(form);
      const token = form.get('response');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: token !== 'forged', score: token === 'bot' ? 0.1 : 0.9 }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  verifierHost = `127.0.0.1:${(verifier.address() as AddressInfo).port}`;
});
afterAll(() => verifier.close());

const t = useTestApp(() => ({
  RATE_LIMIT_ENABLED: 'true',
  WEBSTORE_ORDER_RATE_MAX: '4',
  RECAPTCHA_SITE_KEY: 'site-key',
  RECAPTCHA_SECRET_KEY: 'secret-key',
  RECAPTCHA_VERIFY_URL: `http://${verifierHost}/recaptcha/api/siteverify`,
  RECAPTCHA_ALLOWED_HOSTS: verifierHost,
}));

describe('webstore guards', () => {
  it('asks reCAPTCHA when the store wants it: a missing, forged or low-score token is refused and nothing is written', async () => {
    t.clock.now = new Date('2026-11-30T09:00:00Z');
    const b = await createAccount(t);
    await connectTestProvider(t.db, b.account.id);
    const store = await createStore(t, b, { recaptcha_enabled: true });
    expect(store).toMatchObject({ recaptcha_available: true });
    const offer = await createSellableOffer(t, b);
    await addToStore(t, b, store.id, [offer.offer.id]);
    const stores = (await t.app.inject({ url: '/api/webstores/', headers: hostHeaders(b.subdomain) })).json().results;
    expect(stores[0].recaptcha_site_key).toBe('site-key');
    const hold = await reserveInStore(t, b, store.slug, offer, '2026-12-03', 1);
    expectError(await placeOrder(t, b, orderBody([hold.id])), 403, { code: 'recaptcha_failed' });
    expectError(await placeOrder(t, b, orderBody([hold.id], { recaptcha_token: 'forged' })), 403, { code: 'recaptcha_failed' });
    expectError(await placeOrder(t, b, orderBody([hold.id], { recaptcha_token: 'bot' })), 403, { code: 'recaptcha_failed' });
    const res = await placeOrder(t, b, orderBody([hold.id], { recaptcha_token: 'good' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(seen.at(-1)?.get('secret')).toBe('secret-key');
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/recaptcha/',
      headers: hostHeaders(b.subdomain),
      payload: { token: 'good' },
    });
    expect(check.json()).toMatchObject({ enabled: true, success: true, score: 0.9 });
  });

  it('limits order attempts per address', async () => {
    const b = await createAccount(t);
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webstores/order/',
        headers: hostHeaders(b.subdomain),
        remoteAddress: '203.0.113.9',
        payload: orderBody([crypto.randomUUID()]),
      });
      codes.push(res.statusCode);
    }
    // Four refusals (this organization has no open store), then the limit.
    expect(codes).toEqual([404, 404, 404, 404, 429]);
  });
});

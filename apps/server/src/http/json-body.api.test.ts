import { describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../test/app.ts';
import { createSellableOffer } from '../test/availability-factories.ts';
import { expectError } from '../test/errors.ts';
import { useAccount } from '../test/factories.ts';
import { createOrder } from '../test/order-factories.ts';
import { MAX_JSON_DEPTH } from './json-body.ts';

const t = useTestApp();
const a = useAccount(t);

const nested = (levels: number, kind: 'array' | 'object') =>
  kind === 'array' ? `${'['.repeat(levels)}1${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const post = (url: string, payload: string, headers: Record<string, string> = hostHeaders(null)) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload });

describe('a JSON body nested deeper than the limit is a 400 before any handler runs', () => {
  for (const url of ['/api/jwt/create/', '/api/jwt/exchange/', '/api/jwt/refresh/']) {
    it(`${url}: 5,000 levels of arrays or objects`, async () => {
      for (const kind of ['array', 'object'] as const) {
        expectError(await post(url, nested(5000, kind)), 400, { code: 'too_deep', attr: null });
      }
    });
  }

  it('the same on a signed-in route; the limit itself passes to validation; brackets inside strings do not count', async () => {
    const url = '/api/experiences/';
    expectError(await post(url, nested(MAX_JSON_DEPTH + 1, 'object'), a.owner.headers), 400, { code: 'too_deep' });
    const atLimit = await post(url, nested(MAX_JSON_DEPTH, 'object'), a.owner.headers);
    expect(atLimit.json().errors[0].code, atLimit.body).not.toBe('too_deep');
    expect(atLimit.statusCode).toBe(400);
    const created = await post(url, JSON.stringify({ title: `${'[{'.repeat(40)}"\\"[`, type: 'rental' }), a.owner.headers);
    expect(created.statusCode, created.body).toBe(201);
  });
});

describe('an empty body sent as JSON is {}', () => {
  it('a body-less POST (confirm, cancel) with Content-Type: application/json and no body works', async () => {
    t.clock.now = new Date('2026-11-30T09:00:00Z');
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 30 }] });
    const order = await createOrder(t, a, offer, '2026-12-01', { adults: 1 });
    const cancel = await post(`/api/orders/${order.id}/cancel/`, '', a.owner.headers);
    expect(cancel.statusCode, cancel.body).toBe(200);
    t.clock.now = null;
  });

  it('a route that needs a body answers its validation errors, not "The JSON body is empty"', async () => {
    const res = await post('/api/jwt/create/', '');
    expectError(res, 400, { code: 'required', attr: 'email' });
    expect(res.body).not.toContain('The JSON body is empty');
  });
});

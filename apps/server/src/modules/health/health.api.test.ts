import { describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../../test/app.ts';

const t = useTestApp();

describe('health and core conventions', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('echoes a request id and sets security headers', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc12345-req' } });
    expect(res.headers['x-request-id']).toBe('abc12345-req');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist/', headers: hostHeaders('x') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] });
  });

  it('serves the OpenAPI document as JSON and YAML', async () => {
    const json = await t.app.inject({ url: '/schema/' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe('3.1.0');
    expect(Object.keys(json.json().paths)).toContain('/readyz');
    const yaml = await t.app.inject({ url: '/schema/?format=yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers['content-type']).toContain('yaml');
    expect(yaml.body).toContain('openapi: 3.1.0');
  });

  it('serves the interactive documentation under /schema/docs, with the app headers and 404', async () => {
    const page = await t.app.inject({ url: '/schema/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const moved = await t.app.inject({ url: '/schema/docs/static/index.html' });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/schema/docs/');
    const script = await t.app.inject({ url: '/schema/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const document = await t.app.inject({ url: '/schema/docs/json' });
    expect(document.json()).toEqual((await t.app.inject({ url: '/schema/' })).json());
    const missing = await t.app.inject({ url: '/schema/docs/static/nothing-here.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] });
  });

  it('refuses a cookie-carrying POST from a sibling subdomain (CSRF)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout/',
      headers: { host: `a.${t.config.APP_DOMAIN}`, origin: `http://b.${t.config.APP_DOMAIN}`, cookie: 'x=1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('csrf_failed');
    expect(res.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'csrf_failed', attr: null }] });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

import { hasFeatures } from '@excursio/contract/permissions';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { TIERS } from '../db/seed/catalog.ts';
import { type Principal, registerAccess } from './access.ts';
import { registerErrorHandler } from './errors.ts';

const SETS = [{ id: '0190f0c8-7b7d-7cc2-8f5e-2d5a1b1c9a01', title: 'Manage stores', codenames: ['view_store', 'add_store'] }];

const principal = (features: string[]): Principal => ({
  kind: 'user',
  userId: 'u',
  accountId: 'a',
  subdomain: 'acme',
  email: 'x@example.com',
  role: { id: 'r', name: 'Manager', permission_sets: SETS },
  features,
  isOwner: false,
  profile: { firstName: 'A', lastName: 'B', phone: '', isActive: true, accountName: 'Acme', accountType: 'supplier' },
});

/** A tiny app with one gated route, the real access hook and error handler. */
const gatedApp = async (features: string[]) => {
  const app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('subdomain', null);
  app.addHook('onRequest', async (request) => {
    request.subdomain = 'acme';
  });
  registerAccess(app, {
    credentials: () => ({ kind: 'token', claims: { sub: 'u', acc: 'a' } }),
    principal: async () => principal(features),
    appInfo: async () => ({ permission_sets: SETS }),
  });
  app.get('/gated', { config: { access: { permissions: ['Manage stores'], features: ['stores', 'webstore'] } } }, async () => ({
    ok: true,
  }));
  await app.ready();
  return app;
};

const defaultFeatures = TIERS.find((tier) => tier.code === 'supplier-starter')?.features ?? [];

describe('feature gating', () => {
  it('hasFeatures needs every required feature; an empty list enables none', () => {
    expect(hasFeatures({ active_subscription_features: ['stores', 'webstore'] }, ['stores', 'webstore'])).toBe(true);
    expect(hasFeatures({ active_subscription_features: ['stores'] }, ['stores', 'webstore'])).toBe(false);
    expect(hasFeatures({ active_subscription_features: [] }, ['stores'])).toBe(false);
    expect(hasFeatures(null, ['stores'])).toBe(false);
    expect(hasFeatures({ active_subscription_features: [] }, [])).toBe(true);
  });

  it('refuses a gated route for an account on the default plan', async () => {
    // The fixture must be a real plan that lacks the gated features (not the `?? []` fallback).
    expect(defaultFeatures.length).toBeGreaterThan(0);
    expect(defaultFeatures).not.toContain('stores');
    const app = await gatedApp(defaultFeatures);
    const res = await app.inject({ url: '/gated' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toEqual({
      code: 'feature_not_in_plan',
      detail: 'Your current subscription plan does not grant access to this feature!',
      attr: null,
    });
  });

  it('refuses a plan holding only some of the required features', async () => {
    const res = await (await gatedApp(['stores'])).inject({ url: '/gated' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      type: 'client_error',
      errors: [
        {
          code: 'feature_not_in_plan',
          detail: 'Your current subscription plan does not grant access to this feature!',
          attr: null,
        },
      ],
    });
  });

  it('serves the gated route when the plan has every feature', async () => {
    const app = await gatedApp(TIERS.find((tier) => tier.code === 'supplier-pro')?.features ?? []);
    const res = await app.inject({ url: '/gated' });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/gated' })).json()).toEqual({ ok: true });
  });
});

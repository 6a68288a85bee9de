import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireAccessDeclaration, routeTable } from './access.ts';

describe('access declaration', () => {
  it('refuses to start when a route declares no access', async () => {
    const app = Fastify();
    app.register(async (api) => {
      api.addHook('onRoute', requireAccessDeclaration);
      api.get('/undeclared', async () => 'x');
    });
    await expect(app.ready()).rejects.toThrow(/declares no access/);
    expect(routeTable.some((r) => r.url === '/undeclared')).toBe(false);
  });

  it('starts when every route declares access', async () => {
    const app = Fastify();
    await app.register(async (api) => {
      api.addHook('onRoute', requireAccessDeclaration);
      api.get('/declared', { config: { access: 'public' } }, async () => 'x');
    });
    await expect(app.ready()).resolves.toBeDefined();
    expect(routeTable).toContainEqual({ method: 'GET', url: '/declared', access: 'public' });
    const res = await app.inject({ url: '/declared' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('x');
  });
});

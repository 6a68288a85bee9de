import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { authHeaders, userByEmail } from '../../test/factories.ts';
import { DEMO_SUBDOMAIN, seedDemo } from './seed.ts';

const t = useTestApp();

describe('demo organization', () => {
  it('comes with a sellable Active offer, a Draft and an Inactive one, built through the services', async () => {
    const storage = { DATA_DIR: t.config.DATA_DIR, STORAGE_DRIVER: 'local' as const };
    const email = 'owner@demo.localhost';
    const first = await seedDemo(t.db, { email, password: 'excursio-demo-2026' }, storage);
    expect(first.created).toBe(true);
    expect((await seedDemo(t.db, { email, password: 'x' }, storage)).created).toBe(false);

    const owner = await userByEmail(t, email);
    const headers = await authHeaders(t, { id: owner.id, accountId: owner.accountId }, DEMO_SUBDOMAIN);
    const list = (await t.app.inject({ url: '/api/experiences/?ordering=title', headers })).json();
    expect(list.results.map((r: { title: string; status: string }) => [r.title, r.status])).toEqual([
      ['Airport Transfer to the City Centre', 'inactive'],
      ['Lisbon Old Town Walking Tour', 'active'],
      ['Sunset Kayak Rental', 'draft'],
    ]);
    const tour = list.results[1];
    expect(tour.from_price).toBe(1500);
    const detail = (await t.app.inject({ url: `/api/experiences/${tour.id}/`, headers })).json();
    expect(detail.publish_problems).toEqual([]);
    expect(detail.images).toHaveLength(2);
    const thumb = await t.app.inject({ url: detail.images[0].urls.thumb, headers: { host: `${DEMO_SUBDOMAIN}.excursio.test` } });
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
  });
});

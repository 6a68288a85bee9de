import { and, eq, isNull } from 'drizzle-orm';
import { v7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { experiences } from '../db/schema/catalog.ts';
import { filerImages } from '../db/schema/media.ts';
import { refreshTokens } from '../db/schema/users.ts';
import { TEST_DOMAIN, useTestApp } from '../test/app.ts';
import { signIn } from '../test/auth-flows.ts';
import { createExperience } from '../test/catalog-factories.ts';
import { expectError } from '../test/errors.ts';
import { useAccount } from '../test/factories.ts';
import { multipart, solidImage } from '../test/media-factories.ts';
import { routeTable } from './access.ts';

const t = useTestApp();
const a = useAccount(t);
const sibling = `http://evil.${TEST_DOMAIN}`;

const offerCount = async () => t.db.$count(experiences, eq(experiences.accountId, a.account.id));
const duplicate = (url: string, origin: string, host = a.owner.headers.host) =>
  t.app.inject({ method: 'POST', url, headers: { ...a.owner.headers, host, origin }, payload: {} });

describe('CSRF: the Origin check holds whatever the spelling of the path', () => {
  it('a same-origin duplicate works through the spellings the router accepts (so the refusals below mean something)', async () => {
    const offer = await createExperience(t, a);
    const before = await offerCount();
    expect((await duplicate(`/api/experiences/${offer.id}/duplicate/`, a.owner.headers.origin)).statusCode).toBe(201);
    // The router decodes `%61` to `a`: this is the spelling that slipped past the old prefix check.
    expect((await duplicate(`/%61pi/experiences/${offer.id}/duplicate/`, a.owner.headers.origin)).statusCode).toBe(201);
    expect(await offerCount()).toBe(before + 2);
  });

  it.each([
    ['percent-encoded', (id: string) => `/%61pi/experiences/${id}/duplicate/`],
    ['fully encoded prefix', (id: string) => `/%61%70%69/experiences/${id}/duplicate/`],
    ['double slash', (id: string) => `//api/experiences/${id}/duplicate/`],
    ['inner double slash', (id: string) => `/api//experiences/${id}/duplicate/`],
    ['upper case', (id: string) => `/API/experiences/${id}/duplicate/`],
    ['mixed case', (id: string) => `/Api/Experiences/${id}/duplicate/`],
    ['dot segment', (id: string) => `/api/./experiences/${id}/duplicate/`],
    ['trailing dot', (id: string) => `/api/experiences/${id}/duplicate/.`],
    ['no trailing slash', (id: string) => `/api/experiences/${id}/duplicate`],
  ])('refuses a sibling Origin on the %s form and writes nothing', async (_name, path) => {
    const offer = await createExperience(t, a);
    const before = await offerCount();
    expectError(await duplicate(path(offer.id), sibling), 403, { code: 'csrf_failed' });
    expect(await offerCount()).toBe(before);
  });

  it('refuses a sibling Origin on a trailing-dot Host (the same organization) and a foreign Referer', async () => {
    const offer = await createExperience(t, a);
    const before = await offerCount();
    const dotted = `${a.owner.headers.host}.`;
    expectError(await duplicate(`/api/experiences/${offer.id}/duplicate/`, sibling, dotted), 403, { code: 'csrf_failed' });
    const referer = await t.app.inject({
      method: 'POST',
      url: `/%61pi/experiences/${offer.id}/duplicate/`,
      headers: { host: a.owner.headers.host, cookie: a.owner.headers.cookie, referer: `${sibling}/page` },
      payload: {},
    });
    expectError(referer, 403, { code: 'csrf_failed' });
    // The dotted host is the same organization: with its own Origin the request goes through.
    expect((await duplicate(`/api/experiences/${offer.id}/duplicate/`, `http://${dotted}`, dotted)).statusCode).toBe(201);
    expect(await offerCount()).toBe(before + 1);
  });

  it('refuses a foreign-Origin upload and logout through the encoded path', async () => {
    const form = await multipart([{ name: 'file', filename: 'a.jpg', data: await solidImage(40, 40), type: 'image/jpeg' }]);
    const images = () => t.db.$count(filerImages, eq(filerImages.accountId, a.account.id));
    const beforeImages = await images();
    const upload = await t.app.inject({
      method: 'POST',
      url: '/%61pi/filer-images/',
      headers: { ...a.owner.headers, origin: sibling, 'content-type': form.contentType },
      payload: form.payload,
    });
    expectError(upload, 403, { code: 'csrf_failed' });
    expect(await images()).toBe(beforeImages);

    const session = await signIn(t, a.owner, a.subdomain);
    const live = async () =>
      t.db.$count(refreshTokens, and(eq(refreshTokens.userId, a.owner.id), isNull(refreshTokens.revokedAt)));
    const liveBefore = await live();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/%61pi/logout/',
      headers: { ...session.headers, origin: sibling },
    });
    expectError(logout, 403, { code: 'csrf_failed' });
    expect(logout.headers['set-cookie']).toBeUndefined();
    expect(await live()).toBe(liveBefore);
  });

  it('refuses a sibling Origin on every state-changing route of the route table, in the encoded spelling', async () => {
    const unsafe = routeTable.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    expect(unsafe.length).toBeGreaterThan(40);
    for (const route of unsafe) {
      const url = route.url.replace(/^\/api\//, '/%61pi/').replace(/:[A-Za-z_]+/g, () => v7());
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { ...a.owner.headers, origin: sibling },
        payload: {},
      });
      expect(`${route.method} ${route.url} → ${res.statusCode} ${res.json().errors?.[0]?.code}`).toBe(
        `${route.method} ${route.url} → 403 csrf_failed`,
      );
    }
  });
});

// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://acme.localhost:3000/auth/login"}
import { MESSAGES } from '@excursio/contract/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasLiveSession } from './session-check.ts';

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers by path, each path with its statuses in turn. */
const serve = (answers: Record<string, number[]>) =>
  vi.fn(async (url: string, _init?: RequestInit) => {
    const path = new URL(url, window.location.href).pathname;
    const status = answers[path]?.shift();
    if (status === undefined) throw new Error(`unexpected call ${path}`);
    return json(status);
  });

const calls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([url]) => new URL(url, window.location.href).pathname);

const setHint = (expiresInS: number | null) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the code under test reads this plain marker cookie
  document.cookie =
    expiresInS === null
      ? 'excursio_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
      : `excursio_session=${Math.floor(Date.now() / 1000) + expiresInS}`;
};

describe('hasLiveSession (the login page of a subdomain that is signed in already)', () => {
  beforeEach(() => vi.spyOn(console, 'log').mockImplementation(() => {}));
  afterEach(() => {
    setHint(null);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks nothing without the session hint cookie', async () => {
    const fetchMock = serve({});
    vi.stubGlobal('fetch', fetchMock);
    expect(await hasLiveSession()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies a live access token: signed in', async () => {
    setHint(300);
    const fetchMock = serve({ '/api/jwt/verify/': [200] });
    vi.stubGlobal('fetch', fetchMock);
    expect(await hasLiveSession()).toBe(true);
    expect(calls(fetchMock)).toEqual(['/api/jwt/verify/']);
    const init = fetchMock.mock.calls[0][1];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{}' });
  });

  it('refreshes an expired access token before verifying, and stops when that fails', async () => {
    setHint(-10);
    const refreshed = serve({ '/api/jwt/refresh/': [200], '/api/jwt/verify/': [200] });
    vi.stubGlobal('fetch', refreshed);
    expect(await hasLiveSession()).toBe(true);
    expect(calls(refreshed)).toEqual(['/api/jwt/refresh/', '/api/jwt/verify/']);

    const refused = serve({ '/api/jwt/refresh/': [401] });
    vi.stubGlobal('fetch', refused);
    expect(await hasLiveSession()).toBe(false);
    expect(calls(refused)).toEqual(['/api/jwt/refresh/']);
  });

  it('after a 401 from verify refreshes and verifies once more, as the base query does', async () => {
    setHint(300);
    const recovered = serve({ '/api/jwt/verify/': [401, 200], '/api/jwt/refresh/': [200] });
    vi.stubGlobal('fetch', recovered);
    expect(await hasLiveSession()).toBe(true);
    expect(calls(recovered)).toEqual(['/api/jwt/verify/', '/api/jwt/refresh/', '/api/jwt/verify/']);

    const lost = serve({ '/api/jwt/verify/': [401], '/api/jwt/refresh/': [401] });
    vi.stubGlobal('fetch', lost);
    expect(await hasLiveSession()).toBe(false);
    expect(console.log).toHaveBeenCalledWith(MESSAGES.refreshExpired);
  });

  it('stays on the login page when the server cannot be reached', async () => {
    setHint(300);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await hasLiveSession()).toBe(false);
  });
});

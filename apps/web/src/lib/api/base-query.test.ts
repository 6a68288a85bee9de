// @vitest-environment happy-dom
import { MESSAGES } from '@excursio/contract/messages';
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticated, authSlice } from '../auth/auth.slice.ts';
import { api } from './api.ts';
import { resetRefreshCounter } from './base-query.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const probe = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<{ ok: boolean }, number>({ query: (n) => `/probe/${n}/` }) }),
});

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const makeStore = () => {
  const store = configureStore({
    reducer: { auth: authSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (d) => d().concat(api.middleware),
  });
  store.dispatch(authenticated());
  return store;
};

const paths = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([request]) => new URL((request as Request).url).pathname);

describe('base query session refresh', () => {
  beforeEach(() => resetRefreshCounter());
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes on 401 and retries the original request once', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(401))
      .mockResolvedValueOnce(json(200))
      .mockResolvedValueOnce(json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    const result = await store.dispatch(probe.endpoints.probe.initiate(1));
    expect(result.data).toEqual({ ok: true });
    expect(paths(fetchMock)).toEqual(['/api/probe/1/', '/api/jwt/refresh/', '/api/probe/1/']);
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  it('marks the user unauthenticated when the refresh fails', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const fetchMock = vi.fn().mockResolvedValueOnce(json(401)).mockResolvedValueOnce(json(401));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    await store.dispatch(probe.endpoints.probe.initiate(2));
    expect(paths(fetchMock)).toEqual(['/api/probe/2/', '/api/jwt/refresh/']);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(log).toHaveBeenCalledWith(MESSAGES.refreshExpired);
  });

  it('gives up after 5 refreshes that did not help', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    // The refresh succeeds but every retry is still 401.
    const fetchMock = vi.fn(async (request: Request) => (request.url.includes('/jwt/refresh/') ? json(200) : json(401)));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    for (let n = 10; n < 16; n += 1) await store.dispatch(probe.endpoints.probe.initiate(n));
    const refreshes = paths(fetchMock).filter((p) => p === '/api/jwt/refresh/').length;
    expect(refreshes).toBe(5);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(log).toHaveBeenCalledWith(MESSAGES.refreshExpired);
  });
});

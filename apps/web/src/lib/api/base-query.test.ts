// @vitest-environment happy-dom
import { MESSAGES } from '@excursio/contract/messages';
import { notifications } from '@mantine/notifications';
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticated, authSlice } from '../auth/auth.slice.ts';
import { api } from './api.ts';
import { resetRefreshCounter } from './base-query.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, number>({ query: (n) => `/probe/${n}/` }),
    silentProbe: build.query<{ ok: boolean }, number>({ query: (n) => `/probe/${n}/`, extraOptions: { silent: true } }),
    listProbe: build.query<{ ok: boolean }, { page: number }>({ query: (params) => ({ url: '/probe/list/', params }) }),
  }),
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

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);

describe('base query: session refresh and error toasts', () => {
  beforeEach(() => {
    resetRefreshCounter();
    vi.mocked(notifications.show).mockClear();
  });
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
    expect(toasts()).toEqual([]);
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

  it('shows one error toast per error item, and none for silent calls', async () => {
    const body = {
      type: 'validation_error',
      errors: [
        { code: 'invalid', detail: 'Enter a valid email address.', attr: 'email' },
        { code: 'protected', detail: 'Owner role cannot be deleted.', attr: null },
      ],
    };
    const fetchMock = vi.fn(async () => json(400, body));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    await store.dispatch(probe.endpoints.probe.initiate(20));
    expect(toasts()).toEqual([
      expect.objectContaining({ color: 'red', title: 'Error', message: 'Email: Enter a valid email address.' }),
      expect.objectContaining({ color: 'red', title: 'Error', message: 'Owner role cannot be deleted.' }),
    ]);
    vi.mocked(notifications.show).mockClear();
    const silent = await store.dispatch(probe.endpoints.silentProbe.initiate(21));
    expect(silent.error).toMatchObject({ status: 400 });
    expect(toasts()).toEqual([]);
    // A 400 is not a session problem: no refresh was tried.
    expect(paths(fetchMock)).toEqual(['/api/probe/20/', '/api/probe/21/']);
  });

  it('shows no toast for a list page past the last one (the list goes back to page 1), but does for page 1', async () => {
    const body = { type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, body)),
    );
    const store = makeStore();
    const far = await store.dispatch(probe.endpoints.listProbe.initiate({ page: 7 }));
    expect(far.error).toMatchObject({ status: 404 });
    expect(toasts()).toEqual([]);
    await store.dispatch(probe.endpoints.listProbe.initiate({ page: 1 }));
    expect(toasts()).toEqual([expect.objectContaining({ message: 'Not found.' })]);
  });
});

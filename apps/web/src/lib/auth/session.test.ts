// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://acme.localhost:3000/dashboard"}
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/api.ts';
import { resetRefreshCounter } from '../api/base-query.ts';
import { appInfoSlice } from './app-info.slice.ts';
import { authSlice } from './auth.slice.ts';
import { CHECK_IN_STORAGE_KEY, keepSessionForOffline, offlineSession } from './offline-session.ts';
import { initializeAuth, logout } from './session.ts';
import { userSlice } from './user.slice.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me = { id: 'u1', base_account: { subdomain: 'acme' } };

const makeStore = () =>
  configureStore({
    reducer: { auth: authSlice.reducer, user: userSlice.reducer, appInfo: appInfoSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (d) => d().concat(api.middleware),
  });

/** Answers by path; `/users/me/` with the given outcome. */
const serve = (meOutcome: () => Promise<Response>) =>
  vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/users/me/') return meOutcome();
    if (path === '/api/app-info/') return json(200, {});
    return json(path === '/api/jwt/refresh/' ? 401 : 200);
  });

const calledPaths = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname);

describe('initializeAuth: only an invalid session ends it', () => {
  beforeEach(() => {
    resetRefreshCounter();
    // biome-ignore lint/suspicious/noDocumentCookie: the code under test reads this plain marker cookie
    document.cookie = `excursio_session=${Math.floor(Date.now() / 1000) + 300}`;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps the session when loading the user fails on the network (a tab navigating away)', async () => {
    const fetchMock = serve(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(calledPaths(fetchMock)).not.toContain('/api/logout/');
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  it('keeps the session on a server error while loading the user', async () => {
    const fetchMock = serve(async () => json(503, { type: 'server_error', errors: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await makeStore().dispatch(initializeAuth());
    expect(calledPaths(fetchMock)).not.toContain('/api/logout/');
  });

  it('ends the session when the server refuses the user', async () => {
    const location = window.location;
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      hostname: location.hostname,
      port: location.port,
      protocol: location.protocol,
      pathname: location.pathname,
      assign,
    } as unknown as Location);
    const fetchMock = serve(async () => json(403, { type: 'client_error', errors: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await makeStore().dispatch(initializeAuth());
    expect(calledPaths(fetchMock)).toContain('/api/logout/');
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/auth/login');
  });

  it('loads the user when all is well', async () => {
    const fetchMock = serve(async () => json(200, me));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(calledPaths(fetchMock)).toEqual(['/api/jwt/verify/', '/api/users/me/', '/api/app-info/']);
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });
});

describe('initializeAuth with no network: the check-in page opens with the person kept on the device', () => {
  const kept = { id: 'u1', email: 'guide@acme.test', base_account: { subdomain: 'acme' } };
  const info = { permissions: [{ id: 1, title: 'Manage orders' }] };
  const at = (pathname: string) => {
    const location = window.location;
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      hostname: location.hostname,
      port: location.port,
      protocol: location.protocol,
      pathname,
      assign,
    } as unknown as Location);
    return assign;
  };
  beforeEach(() => {
    resetRefreshCounter();
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: the code under test reads this plain marker cookie
    document.cookie = `excursio_session=${Math.floor(Date.now() / 1000) + 300}`;
    keepSessionForOffline(kept as never, info as never);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const offline = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );

  it('stands in for the server on the check-in page when no answer comes at all', async () => {
    at('/bookings/check-in');
    offline();
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(store.getState().user.user).toEqual(kept);
    expect(store.getState().appInfo.appInfo).toEqual(info);
  });

  it('is not used on any other page, nor for another organization', async () => {
    at('/orders');
    offline();
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(store.getState().user.user).toBeNull();
    keepSessionForOffline({ ...kept, base_account: { subdomain: 'other' } } as never, info as never);
    expect(offlineSession('acme', '/bookings/check-in')).toBeNull();
  });

  it('is not used when the server answers: a refused session stays refused', async () => {
    at('/bookings/check-in');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { type: 'client_error', errors: [] })),
    );
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('is forgotten on logout', async () => {
    at('/bookings/check-in');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200)),
    );
    await makeStore().dispatch(logout());
    expect(offlineSession('acme', '/bookings/check-in')).toBeNull();
  });

  it('logout leaves no customer data of the check-in page on the phone, only the check-ins still to sync', async () => {
    at('/bookings/check-in');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200)),
    );
    const queued = { client_event_id: 'e1', code: 'T1', token: null, checked_in_at: '2026-11-28T09:00:00Z', booking_id: 'b1' };
    localStorage.setItem(
      CHECK_IN_STORAGE_KEY,
      JSON.stringify({
        deviceId: 'phone-1',
        manifest: { bookings: [{ contact: { first_name: 'Ada', last_name: 'Lovelace', phone: '+44 20 7946 0000' } }] },
        fetchedAt: '2026-11-28T08:00:00Z',
        queue: [queued],
        synced: [{ ...queued, result: { contact: 'Ada Lovelace' } }],
      }),
    );
    await makeStore().dispatch(logout());
    const left = localStorage.getItem(CHECK_IN_STORAGE_KEY) ?? '';
    expect(JSON.parse(left)).toEqual({ deviceId: 'phone-1', queue: [queued] });
    expect(left).not.toContain('Ada');
  });
});

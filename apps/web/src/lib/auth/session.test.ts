// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://acme.localhost:3000/dashboard"}
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/api.ts';
import { resetRefreshCounter } from '../api/base-query.ts';
import { authSlice } from './auth.slice.ts';
import { initializeAuth } from './session.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me = { id: 'u1', base_account: { subdomain: 'acme' } };

const makeStore = () =>
  configureStore({
    reducer: { auth: authSlice.reducer, [api.reducerPath]: api.reducer },
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
